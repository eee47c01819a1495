import type { Profile } from '@tavara/shared/auth/profile.schema';
import type { Role } from '@tavara/shared/roles';
import { earlyOr } from './early-answers';
import { NETWORK_MESSAGE, RequestError } from './request-error';

/**
 * The one module that talks to the accounts API: Better Auth under /api/auth/* and our own
 * /api/profile and /api/auth-extra routes — with lib/auth-actions.ts, which holds the calls only
 * the sign-in, sign-up and password pages make. Plain `fetch` rather than the better-auth client
 * package, which would add its fetch layer and nanostores to every page's first load (decision
 * 006). Types only are shared with the server.
 */

/** The signed-in user as Better Auth's get-session returns it (admin plugin: `role`). */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  role?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  /** Issue 22: two-factor sign-in is on (required before an admin's admin area opens). */
  twoFactorEnabled?: boolean | null;
}

export interface SessionData {
  user: SessionUser;
  session: { id: string; expiresAt: string };
}

/** `GET /api/profile/me`: the server-side role, the profile row and whether it is complete. */
export interface AccountDetails {
  user: Pick<SessionUser, 'id' | 'email' | 'name' | 'firstName' | 'lastName' | 'emailVerified'>;
  role: Role;
  profile: Profile | null;
  profileComplete: boolean;
}

/**
 * `POST /api/auth/sign-up/email`. The server never puts the session token in a body (only the
 * HttpOnly cookie carries it); `signedIn` says whether a session started (AUTH_AUTO_CONFIRM).
 */
export interface SignUpResult {
  signedIn: boolean;
  user: SessionUser;
  /** False when the confirmation e-mail could not be sent (the account is kept). */
  emailSent?: boolean;
  message?: string;
}

/**
 * A failed accounts call: the server's own message, or a network failure (`code: 'network'`).
 * The same class as the API client's `ApiError` (request-error.ts).
 */
export { RequestError as AuthRequestError };

type Fields = Record<string, string> | undefined;

/**
 * Reads the three error shapes the accounts API answers with: Better Auth's `{ code, message }`
 * (plus `fields` from our validation hook), our `{ error: { code, message, fields } }`, and
 * ensure-profile's `{ success: false, error: '…' }`. An empty message stays empty so that the
 * caller's spec §8 fallback ('Failed to log in.' …) is shown instead.
 */
function errorFrom(body: unknown, status: number): RequestError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const nested = record.error;
  if (typeof nested === 'object' && nested !== null) {
    const { code, message, fields } = nested as { code?: unknown; message?: unknown; fields?: Fields };
    return new RequestError(String(code ?? 'http'), typeof message === 'string' ? message : '', status, fields);
  }
  if (typeof nested === 'string') return new RequestError('failed', nested, status);
  const { code, message, fields } = record as { code?: unknown; message?: unknown; fields?: Fields };
  return new RequestError(String(code ?? 'http'), typeof message === 'string' ? message : '', status, fields);
}

/**
 * `early`: the answer the app shell's boot script asked for as the HTML was read, if it did
 * (lib/early-answers.ts) — the page's first session check only.
 */
export async function request<T>(path: string, init: RequestInit = {}, early = false): Promise<T> {
  let response: Response;
  const call = () =>
    fetch(path, {
      ...init,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
    });
  try {
    response = await (early ? earlyOr(path, call) : call());
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new RequestError('network', NETWORK_MESSAGE, 0);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw errorFrom(body, response.status);
  return body as T;
}

/** A POST with the accounts API's error handling (for lib/auth-actions.ts too). */
export const post = <T>(path: string, body: object) => request<T>(path, { method: 'POST', body: JSON.stringify(body) });

/**
 * A POST to one of Better Auth's account endpoints (`/api/auth/...`) with the accounts API's
 * error handling, for the account page (issue 22), which is lazily loaded.
 */
export const authPost = <T>(path: `/api/auth/${string}`, body: object) => post<T>(path, body);

export const authClient = {
  /** The current session, or null when signed out (always 200, so no console error when signed out). */
  /** `early`: the first check, which takes the boot script's answer if it asked (see `request`). */
  getSession: (early?: boolean) => request<SessionData | null>('/api/auth/get-session', {}, early),
  getAccount: (early?: boolean) => request<AccountDetails>('/api/profile/me', {}, early),
  signOut: () => post<{ success: boolean }>('/api/auth/sign-out', {}),
};
