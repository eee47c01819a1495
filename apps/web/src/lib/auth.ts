import { useCallback, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { isRole, type Role } from '@tavara/shared/roles';
import { authClient, type SessionUser } from './auth-client';
import {
  LOCAL_KEYS,
  localStore,
  removeChatState,
  removeRegistrationDrafts,
  SESSION_KEYS,
  sessionStore,
} from './browser-storage';
import { useGuardedNavigate } from './navigation-guard';
import { toast } from './toast';

/**
 * Spec §4 "Authentication state" for the whole app: who is signed in, their role and whether
 * their profile is complete. A small external store rather than a React context so that the
 * navigation bar, the shell overlay and any feature can read it (`useAuth`) without a provider.
 * It lives in lib/ rather than features/auth because the navigation bar and other features need
 * it, and neither may import a feature (decision 001). With the navigation bar's account parts it
 * adds about 3 kB gzip to the landing page's first load (decision 006 budget).
 */

/** Spec §9 "Loading timeout 15 s". */
export const AUTH_LOADING_TIMEOUT_MS = 15_000;
/** Spec §9 "Session refresh: tick every 30 s, refresh when 90 s remain". */
export const SESSION_TICK_MS = 30_000;
export const SESSION_REFRESH_MARGIN_MS = 90_000;

/** The operation name of the first session check (its time-out is silent, spec §8). */
export const INITIAL_AUTH_CHECK = 'checking your account';

export interface AuthState {
  /** True while an auth operation runs (the first check, signing in, signing out…). */
  loading: boolean;
  /** What is loading, for 'Loading your account... (operation)'; null when idle. */
  operation: string | null;
  user: SessionUser | null;
  role: Role | null;
  profileComplete: boolean;
  /**
   * True while the first session check runs for a browser not last seen signed in (issue 23):
   * pages show their signed-out view meanwhile — what the prerendered HTML already shows — rather
   * than a loading state, so nothing changes on screen for the many visitors who are signed out.
   * Guards that must not act on a guess (sign-in redirects) still wait for `loading`.
   */
  quiet: boolean;
  /**
   * Issue 29: the server could not be reached, and this is the person this device last saw
   * signed in (`LOCAL_KEYS.savedAccount`): their own pages show what was saved; the session is
   * checked again when the connection is back.
   */
  offline?: boolean;
}

/** `loading` as the screen shows it: a quiet first check looks signed out. */
export const showsAuthLoading = (auth: AuthState) => auth.loading && !auth.quiet;

/**
 * The state the prerendered pages are built in and hydrate with (`getServerSnapshot`): the first
 * check running quietly, nobody signed in. A browser last seen signed in switches to its loading
 * state right after hydration, without a mismatch.
 */
const PRERENDER_STATE: AuthState = {
  loading: true,
  operation: INITIAL_AUTH_CHECK,
  user: null,
  role: null,
  profileComplete: false,
  quiet: true,
};

// A quiet start is PRERENDER_STATE itself: React compares the snapshots by identity after
// hydrating, and a copy would make it render every useAuth consumer again at once (synchronously,
// as it does for any store) — a long task on a phone for a screen that does not change.
let state: AuthState =
  typeof window === 'undefined' || localStore.get(LOCAL_KEYS.seenSignedIn) !== '1'
    ? PRERENDER_STATE
    : { ...PRERENDER_STATE, quiet: false };
const listeners = new Set<() => void>();
let sessionExpiresAt = Number.POSITIVE_INFINITY;
/** Counts sign-outs in this tab (resetAuth), so an account read that started before one is dropped. */
let signOutEpoch = 0;

function update(patch: Partial<AuthState>) {
  // The mark follows every answer about who is signed in (sign-in, sign-out, an ended session).
  if ('user' in patch) {
    if (patch.user) localStore.set(LOCAL_KEYS.seenSignedIn, '1');
    else localStore.remove(LOCAL_KEYS.seenSignedIn);
    if (!patch.user) localStore.remove(LOCAL_KEYS.savedAccount);
  }
  // Nothing changed (the first check starting in the state the page hydrated with; a signed-out
  // visitor found signed out): no new snapshot, so no re-render of every consumer.
  if (Object.entries(patch).every(([key, value]) => state[key as keyof AuthState] === value)) return;
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

const SIGNED_OUT: Pick<AuthState, 'user' | 'role' | 'profileComplete' | 'offline'> = {
  user: null,
  role: null,
  profileComplete: false,
  offline: false,
};

/**
 * Reads the session and, when signed in, the account (role and profile completeness) from the
 * server into the store. Spec §5: a failed profile check is logged and counts as incomplete;
 * the role then falls back to the session's.
 */
export async function loadAccount(early = false): Promise<AuthState> {
  // A sign-out while this read is on its way wins: its late answer (the person as they were a
  // moment ago) must not sign the tab back in and start the page's reads against an ended session.
  const epoch = signOutEpoch;
  const session = await authClient.getSession(early);
  if (epoch !== signOutEpoch) return state;
  if (!session) {
    sessionExpiresAt = Number.POSITIVE_INFINITY;
    update(SIGNED_OUT);
    return state;
  }
  sessionExpiresAt = Date.parse(session.session.expiresAt) || Number.POSITIVE_INFINITY;
  let role: Role | null = isRole(session.user.role) ? session.user.role : null;
  let profileComplete = false;
  try {
    const account = await authClient.getAccount(early);
    // Spec §4: the profile row's role first, the account's as the fallback.
    role = account.profile?.role ?? account.role;
    profileComplete = account.profileComplete;
  } catch (error) {
    console.warn('Profile check failed (counted incomplete)', error);
  }
  if (epoch !== signOutEpoch) return state;
  update({ user: session.user, role, profileComplete, offline: false });
  return state;
}

/** Back online after an offline start: ask the server who is signed in (it may have ended). */
function recheckWhenOnline() {
  if (state.offline) loadAccount().catch(() => undefined);
}

let latestOperation = 0;

/** An auth operation outlasted AUTH_LOADING_TIMEOUT_MS; the user has been told (except on the first check). */
export class AuthTimeoutError extends Error {
  constructor(readonly operation: string) {
    super(`Operation timed out: ${operation}. Please try again.`);
    this.name = 'AuthTimeoutError';
  }
}

/**
 * Runs an auth operation with the store in its loading state, named for the overlay. After
 * 15 s the app stops waiting: loading ends, 'Operation timed out: {operation}. Please try
 * again.' shows (spec §8; silent for the first check) and the caller gets AuthTimeoutError, so a
 * form can be used again. A late answer still updates the store (loadAccount writes to it).
 */
export async function runAuthOperation<T>(operation: string, task: () => Promise<T>): Promise<T> {
  const id = ++latestOperation;
  // Only the first check may run quietly; an operation the person started shows its loading.
  update({ loading: true, operation, ...(operation === INITIAL_AUTH_CHECK ? {} : { quiet: false }) });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AuthTimeoutError(operation)), AUTH_LOADING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([task(), timeout]);
  } catch (error) {
    if (error instanceof AuthTimeoutError && operation !== INITIAL_AUTH_CHECK) toast.error(error.message);
    throw error;
  } finally {
    clearTimeout(timer);
    if (id === latestOperation) update({ loading: false, operation: null, quiet: false });
  }
}

/** Forgets the signed-in user in this tab (the server session is not touched). */
export function resetAuth() {
  signOutEpoch += 1;
  sessionExpiresAt = Number.POSITIVE_INFINITY;
  update(SIGNED_OUT);
}

let started = false;
let firstCheck: Promise<unknown> = Promise.resolve();
function start() {
  if (started) return;
  started = true;
  // Issue 29: no connection — someone this device saw signed in is shown from what was saved
  // (saved with the mark of someone seen signed in, so this start was not a quiet one).
  const showSaved = () => {
    const saved = localStore.get(LOCAL_KEYS.savedAccount);
    if (saved) update({ ...(JSON.parse(saved) as AuthState), loading: false, offline: true });
    return saved;
  };
  // The browser knows it has no connection: their pages show at once, with no request to wait for
  // (a sign-out made offline removed the saved account, so none is pending then).
  if (navigator.onLine || !showSaved()) {
    // A sign-out made offline reaches the server first, or its cookie would sign the person back in.
    const pending = localStore.get(LOCAL_KEYS.signOutPending) && authClient.signOut();
    firstCheck = runAuthOperation(INITIAL_AUTH_CHECK, async () => {
      await pending;
      localStore.remove(LOCAL_KEYS.signOutPending);
      // The app shell's boot script started these two reads as the HTML was read (decision 046),
      // never with a sign-out pending: its answer would be the session being ended.
      return loadAccount(!pending);
    }).catch((error: unknown) => {
      if ((error as { status?: number }).status === 0 && showSaved()) return;
      console.warn('Session check failed', error);
      update(SIGNED_OUT);
    });
  }
  window.addEventListener('online', recheckWhenOnline);
  // Better Auth extends a session when get-session is read near its end, so a tab left open
  // keeps its user signed in; an ended session signs the tab out.
  setInterval(() => {
    if (!state.user || sessionExpiresAt - Date.now() > SESSION_REFRESH_MARGIN_MS) return;
    loadAccount().catch((error: unknown) => console.warn('Session refresh failed', error));
  }, SESSION_TICK_MS);
}

/**
 * Starts the session check if nothing has yet, and resolves once its first answer is in the store
 * (at once when an offline start shows what was saved). Before a daily page's first render
 * main.tsx waits for it, with a limit (router.tsx `firstPageCode`): the page then renders signed
 * in, in one transition, instead of its loading state and then the whole page in one synchronous
 * render when the store changes (a store update cannot be time-sliced; issue 35, decision 046).
 */
export function firstAuthCheck(): Promise<unknown> {
  start();
  return firstCheck;
}

function subscribe(listener: () => void) {
  start();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The current auth state; the first caller starts the session check. */
export function useAuth(): AuthState {
  return useSyncExternalStore(subscribe, () => state, getPrerenderState);
}

const getPrerenderState = () => PRERENDER_STATE;

/**
 * Spec §4 "Sign-out": forgets the user and the stored registration keys, then signs out on the
 * server (this device only). A server failure is logged, not thrown: the user asked to leave,
 * and this tab has already forgotten them.
 */
export async function signOut(): Promise<void> {
  forgetPerson();
  signOutChannel()?.postMessage(SIGNED_OUT_MESSAGE);
  sessionStore.remove(SESSION_KEYS.skipPostLoginRedirect);
  sessionStore.remove(SESSION_KEYS.passwordResetComplete);
  try {
    await authClient.signOut();
  } catch (error) {
    // No connection: the server is told at the next start (`signOutPending`).
    if ((error as { status?: number }).status === 0) localStore.set(LOCAL_KEYS.signOutPending, '1');
    console.warn('Server sign-out failed; signed out in this browser only', error);
  }
}

const signOutListeners = new Set<() => void>();

/**
 * What sign-out removes from this browser: the person's stored keys, unsent drafts and chat, and
 * a stored way back to their chat (`lastPath` with `?session=`, issue 14) — then the chat on
 * screen forgets them too.
 */
function forgetPerson() {
  resetAuth();
  localStore.remove(LOCAL_KEYS.sharedDevice);
  localStore.remove(LOCAL_KEYS.registrationRole);
  localStore.remove(LOCAL_KEYS.registeringAs);
  if (localStore.get(LOCAL_KEYS.lastPath)?.includes('session=')) localStore.remove(LOCAL_KEYS.lastPath);
  removeRegistrationDrafts();
  removeChatState();
  signOutListeners.forEach((listener) => listener());
}

/**
 * Sign-out reaches the app's other open tabs (issue 14, shared phones): each forgets the person
 * and clears the chat it shows, instead of keeping the transcript on screen — and writing it
 * back to storage — until it is next used.
 */
const SIGNED_OUT_MESSAGE = 'signed-out';
let channel: BroadcastChannel | null | undefined;
function signOutChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('tavara-auth') : null;
    channel?.addEventListener('message', (event: MessageEvent) => {
      if (event.data === SIGNED_OUT_MESSAGE) forgetPerson();
    });
  }
  return channel;
}
if (typeof window !== 'undefined') signOutChannel();

/**
 * Runs `listener` when someone signs out in this tab (the chat forgets the conversation it has
 * on screen). Returns the unsubscribe function.
 */
export function onSignOut(listener: () => void): () => void {
  signOutListeners.add(listener);
  return () => {
    signOutListeners.delete(listener);
  };
}

/**
 * Issue 29: the signed-in data layer (a lazy chunk) asks before a sign-out deletes work recorded
 * offline and not sent yet; false keeps the person signed in. (It clears what it keeps on the
 * device through `onSignOut`.)
 */
let confirmSignOut: (() => Promise<boolean>) | undefined;
export const setSignOutCheck = (check: typeof confirmSignOut) => (confirmSignOut = check);

const SIGN_OUT_TOAST_ID = 'sign-out';

/**
 * The navigation bar's sign-out (spec §4): 'Signing out...', then home and 'You have been signed
 * out successfully'; if anything unexpected fails, the auth state is force-reset, the user still
 * goes home, and 'Error signing out. Please try refreshing the page.' replaces the first toast.
 */
export function useSignOut() {
  const navigate = useNavigate();
  return useCallback(async () => {
    // Issue 29: work recorded offline and not sent yet is deleted by signing out: ask first.
    if (confirmSignOut && !(await confirmSignOut())) return;
    toast.message('Signing out...', { id: SIGN_OUT_TOAST_ID });
    try {
      await runAuthOperation('signing out', signOut);
      void navigate('/');
      toast.success('You have been signed out successfully', { id: SIGN_OUT_TOAST_ID });
    } catch (error) {
      console.warn('Sign-out failed', error);
      resetAuth();
      void navigate('/');
      toast.error('Error signing out. Please try refreshing the page.', { id: SIGN_OUT_TOAST_ID });
    }
  }, [navigate]);
}

/**
 * Spec §4 "Require-auth": `requireAuth(action, path)` is true when signed in. Otherwise it
 * remembers the action and the path (and, for upvotes, the feature waiting for its vote), shows
 * 'Please sign in to {action}' and goes to /auth, and is false.
 */
export function useRequireAuth() {
  const { user } = useAuth();
  const navigate = useGuardedNavigate();
  return useCallback(
    (action: string, path: string = window.location.pathname): boolean => {
      if (user) return true;
      localStore.set(LOCAL_KEYS.lastAction, action);
      localStore.set(LOCAL_KEYS.lastPath, path);
      if (action.includes('upvote')) {
        const featureId = localStore.get(LOCAL_KEYS.pendingFeatureUpvote);
        if (featureId) localStore.set(LOCAL_KEYS.pendingFeatureId, featureId);
      }
      toast.error(`Please sign in to ${action}`);
      navigate('/auth');
      return false;
    },
    [user, navigate],
  );
}
