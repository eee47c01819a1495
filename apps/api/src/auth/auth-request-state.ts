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
}

const storage = new AsyncLocalStorage<AuthRequestState>();

export function runWithAuthRequestState<T>(state: AuthRequestState, fn: () => T): T {
  return storage.run(state, fn);
}

/** The state of the request being handled, or undefined outside /api/auth/* (e.g. `auth.api` calls). */
export function currentAuthRequestState(): AuthRequestState | undefined {
  return storage.getStore();
}
