import { AsyncLocalStorage } from 'node:async_hooks';
import type { PublicRole } from '@tavara/shared/roles';

/**
 * What one request to /api/auth/* learns on its way through Better Auth that the response must
 * reflect: the validated sign-up role (read by the user-creation hook) and whether an e-mail
 * could not be sent. Carried in AsyncLocalStorage because Better Auth calls our callbacks without
 * the Hono context.
 */
export interface AuthRequestState {
  /**
   * Sign-up only: wait for the e-mail and report a failure. Both sign-up branches (new address,
   * registered address) send one, so waiting reveals nothing. Every other request sends in the
   * background, so its answer takes no longer for a known address than for an unknown one.
   */
  awaitEmail: boolean;
  emailFailed: boolean;
  signUpRole?: PublicRole;
  /** The client address (TRUSTED_PROXIES applied) the per-source sign-in limit counts by. */
  clientIp?: string;
  /** Sign-up only: the registration chat to link to the new account (issue 14). */
  signUpChatSessionId?: string;
  /** Issue 22: set when two-factor was just turned on (true) or off (false) by this request. */
  twoFactorChanged?: boolean;
  /** Issue 22: an e-mail change link being opened: the old address is told once it is done. */
  emailChange?: { userId: string; from: string; to: string };
  /**
   * Issue 22: a sign-in produced a session; the mount runs this when the final answer does not
   * ask for a second factor (the two-factor plugin removes the first step's session then).
   */
  afterSignIn?: () => Promise<void>;
  /** Issue 22: the TOTP steps this request recorded as used (auth/totp-replay.ts), until it is known to succeed. */
  totpClaim?: { userId: string; steps: number[] };
  /** A step Better Auth caught and answered itself failed because the database was unreachable. */
  databaseUnavailable?: boolean;
}

const storage = new AsyncLocalStorage<AuthRequestState>();

export function runWithAuthRequestState<T>(state: AuthRequestState, fn: () => T): T {
  return storage.run(state, fn);
}

/** The state of the request being handled, or undefined outside /api/auth/* (e.g. `auth.api` calls). */
export function currentAuthRequestState(): AuthRequestState | undefined {
  return storage.getStore();
}
