import { PRODUCT_NAME } from '@tavara/shared/product';
import { CHAT_DEVICE_SETTING_KEYS, CHAT_STORAGE_PREFIX } from '@tavara/shared/registration-chat/storage-keys';

/**
 * Spec §3 "Browser storage": the accounts keys this app keeps in localStorage and sessionStorage, and one
 * safe way to read and write them. Storage can throw (private mode, full quota, blocked by
 * policy); spec §8 says such failures are logged only, so these helpers never throw.
 */
export const LOCAL_KEYS = {
  /** What a signed-out visitor tried to do (`requireAuth`), e.g. 'upvote features'. */
  lastAction: 'lastAction',
  /** Where they were when they tried it. */
  lastPath: 'lastPath',
  /** The feature whose upvote waits for sign-in (copied from pendingFeatureUpvote by requireAuth). */
  pendingFeatureId: 'pendingFeatureId',
  pendingFeatureUpvote: 'pendingFeatureUpvote',
  /** The role chosen at a sign-up that still waits for e-mail confirmation. */
  registrationRole: 'registrationRole',
  registeringAs: 'registeringAs',
  /**
   * Beyond the spec (issue 23): '1' while this browser was last seen signed in. Prerendered pages
   * are the signed-out view; without this mark the first session check runs quietly behind it
   * (lib/auth.ts `quiet`), with it the page shows that the account is loading. No personal data.
   */
  seenSignedIn: 'seenSignedIn',
  /**
   * Issue 29: who is signed in on this device (id, name, e-mail, role; no health data), so the
   * installed app opened without a connection shows the person's own pages instead of "Sign in".
   * Never kept on a shared device; removed at sign-out.
   */
  savedAccount: 'savedAccount',
  /** Issue 29: '1' when the person said at sign-in "This is a shared device": nothing kept offline. */
  sharedDevice: 'sharedDevice',
  /** Issue 29: '1' after a sign-out the server has not heard of yet (offline): sent at the next start. */
  signOutPending: 'signOutPending',
} as const;

export const SESSION_KEYS = {
  /** Set while the reset-confirm page is open: no post-login redirect may take the user away. */
  skipPostLoginRedirect: 'skipPostLoginRedirect',
  /** Set after a successful password reset: the next sign-in shows no "logged in" toast. */
  passwordResetComplete: 'passwordResetComplete',
  /** Failed password updates in this browser session (spec §9: at most 3). */
  passwordResetAttempts: 'passwordResetAttempts',
} as const;

type LocalKey = (typeof LOCAL_KEYS)[keyof typeof LOCAL_KEYS];
type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];

function storeOn<Key extends string>(name: 'localStorage' | 'sessionStorage') {
  const attempt = <T>(what: string, key: Key, fallback: T, run: (storage: Storage) => T): T => {
    // The build's prerender (decision 028) renders in Node: a signed-out visitor with nothing stored.
    if (typeof window === 'undefined') return fallback;
    try {
      return run(window[name]);
    } catch (error) {
      console.warn(`Could not ${what} ${key} in ${name}`, error);
      return fallback;
    }
  };
  return {
    get: (key: Key): string | null => attempt('read', key, null, (storage) => storage.getItem(key)),
    set: (key: Key, value: string): void => attempt('save', key, undefined, (storage) => storage.setItem(key, value)),
    remove: (key: Key): void => attempt('remove', key, undefined, (storage) => storage.removeItem(key)),
  };
}

export const localStore = storeOn<LocalKey>('localStorage');
export const sessionStore = storeOn<SessionKey>('sessionStorage');

/**
 * Unsent registration form answers are kept per role under this prefix (features/registration).
 * They can hold health details, so signing out removes them (`removeRegistrationDrafts`).
 */
export const REGISTRATION_DRAFT_PREFIX = `${PRODUCT_NAME.toLowerCase()}_registration_draft_`;

export function removeRegistrationDrafts(): void {
  try {
    const keys = Object.keys(window.localStorage).filter((key) => key.startsWith(REGISTRATION_DRAFT_PREFIX));
    keys.forEach((key) => window.localStorage.removeItem(key));
  } catch (error) {
    console.warn('Could not remove the registration drafts', error);
  }
}

/**
 * Sign-out on a shared phone (issue 14): the registration chat's state in this browser — the
 * transcript with names, phone numbers and a loved one's conditions — goes with the person. The
 * server keeps their copy, linked to their account. The device's chat settings stay.
 */
export function removeChatState(): void {
  try {
    const keep = new Set(CHAT_DEVICE_SETTING_KEYS.map((key) => CHAT_STORAGE_PREFIX + key));
    const keys = Object.keys(window.localStorage).filter(
      (key) => key.startsWith(CHAT_STORAGE_PREFIX) && !keep.has(key),
    );
    keys.forEach((key) => window.localStorage.removeItem(key));
  } catch (error) {
    console.warn('Could not remove the chat state', error);
  }
}
