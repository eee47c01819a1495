import type { EnsureProfileResult, Profile } from '@tavara/shared/auth/profile.schema';
import type { ResetTokenValidation } from '@tavara/shared/auth/reset-password.schema';
import type { PublicRole, Role } from '@tavara/shared/roles';
import { AUTH_BOOT_PATHS } from '@tavara/shared/page-boot';
import { earlyOr } from './early-answers';
import { NETWORK_MESSAGE, RequestError } from './request-error';

const { session: SESSION_PATH, account: ACCOUNT_PATH } = AUTH_BOOT_PATHS;

/**
 * The one module that talks to the accounts API: Better Auth under /api/auth/* and our own
 * /api/profile and /api/auth-extra routes. Plain `fetch` rather than the better-auth client
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
async function request<T>(path: string, init: RequestInit = {}, early = false): Promise<T> {
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

const post = <T>(path: string, body: object) => request<T>(path, { method: 'POST', body: JSON.stringify(body) });

/**
 * A POST to one of Better Auth's account endpoints (`/api/auth/...`) with the accounts API's
 * error handling, for the account page (issue 22), which is lazily loaded.
 */
export const authPost = <T>(path: `/api/auth/${string}`, body: object) => post<T>(path, body);

export const authClient = {
  /** The current session, or null when signed out (always 200, so no console error when signed out). */
  getSession: ({ early = false } = {}) => request<SessionData | null>(SESSION_PATH, {}, early),
  getAccount: ({ early = false } = {}) => request<AccountDetails>(ACCOUNT_PATH, {}, early),
  /** With two-factor on (and this device not trusted), the answer asks for the second step instead. */
  signIn: (input: { email: string; password: string }) =>
    post<{ user?: SessionUser; twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', input),
  /** The second sign-in step (issue 22): a code from the authenticator app, or a backup code. */
  verifyTotp: (input: { code: string; trustDevice?: boolean }) =>
    post<{ user: SessionUser }>('/api/auth/two-factor/verify-totp', input),
  verifyBackupCode: (input: { code: string; trustDevice?: boolean }) =>
    post<{ user: SessionUser }>('/api/auth/two-factor/verify-backup-code', input),
  signUp: (input: {
    firstName: string;
    lastName: string;
    email: string;
    password: string;
    role: PublicRole;
    /** The chat this sign-up came from: the server links it to the new account (issue 14). */
    chatSessionId?: string;
    /** Where the confirmation link lands once it has signed the user in. */
    callbackURL: string;
  }) => post<SignUpResult>('/api/auth/sign-up/email', { ...input, name: `${input.firstName} ${input.lastName}` }),
  signOut: () => post<{ success: boolean }>('/api/auth/sign-out', {}),
  requestPasswordReset: (input: { email: string; redirectTo: string }) =>
    post<{ status: boolean; message?: string }>('/api/auth/request-password-reset', input),
  resetPassword: (input: { newPassword: string; token: string }) =>
    post<{ status: boolean }>('/api/auth/reset-password', input),
  validateResetToken: (input: { token: string; email: string }, signal?: AbortSignal) =>
    request<ResetTokenValidation>(`/api/auth-extra/reset-token/validate?${new URLSearchParams(input).toString()}`, {
      signal,
    }),
  ensureProfile: () => post<EnsureProfileResult>('/api/profile/ensure', {}),
};
