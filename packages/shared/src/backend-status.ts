/** The answer of `GET /api/status`, shown by the web app's backend status banner. */
export type BackendStatus = 'available' | 'issues';

export interface BackendStatusResponse {
  status: BackendStatus;
  checkedAt: string;
}

/** Spec §9: the banner re-checks every 30 s. */
export const BACKEND_STATUS_POLL_MS = 30_000;
