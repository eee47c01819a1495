import { HeartHandshake } from 'lucide-react';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { PRODUCT_NAME } from '@tavara/shared/product';
import { isPublicRole } from '@tavara/shared/roles';
import { PageLoadError } from '@/components/errors/page-load-error';
import { Skeleton } from '@/components/ui/skeleton';
import {
  SIGN_UP_FROM_PARAM,
  SIGN_UP_FROM_REGISTRATION,
  SIGN_UP_ROLE_PARAM,
  SIGN_UP_TAB_PARAM,
  SIGN_UP_TAB_VALUE,
} from '@/config/paths';
import { INITIAL_AUTH_CHECK, showsAuthLoading, useAuth } from '@/lib/auth';
import { lazyWithRetry } from '@/lib/lazy-with-retry';
import { toast } from '@/lib/toast';
import { AUTH_TOASTS } from '../auth-toasts';
import { useChatHandover } from '../chat-handover';
import { EMAIL_VERIFIED_ACTION, INVITATION_PARAM, VERIFICATION_PENDING_ACTION } from '../auth-urls';
import { useFocusOnChange } from '../hooks/use-focus-on-change';
import { usePostLoginRedirect } from '../hooks/use-post-login-redirect';
import { AuthCard, AuthPageFrame } from './auth-card';
import type { AuthTab, AuthView, Registration } from './auth-page-body';

/**
 * The card's tabs and forms, loaded on their own (issue 23): /auth's first load is the page's
 * frame, and the prerendered forms are taken over once their code — react-hook-form, the form
 * layer, Radix's tabs — has arrived. A failed download says so in the card, with Try again.
 */
const AuthPageBody = lazyWithRetry(() => import('./auth-page-body'), PageLoadError, 'Sign-in forms');

/** The card's body while its code loads (when the page is rendered here, not prerendered). */
function AuthPageBodyLoading() {
  return (
    <div role="status" aria-label="Loading page" className="flex flex-col gap-4">
      <Skeleton className="h-13 w-full" />
      <Skeleton className="h-18 w-full" />
      <Skeleton className="h-18 w-full" />
      <Skeleton className="h-11 w-full" />
    </div>
  );
}

/**
 * /auth (spec §2): 'Welcome' with the Login and Sign Up tabs, the inline reset request and the
 * post-sign-up next steps. A signed-in user sees nothing here: the post-login redirect sends
 * them on. The e-mail typed on one view follows to the others.
 */
export function AuthPage() {
  const auth = useAuth();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const action = params.get('action');
  const resetSuccess = (location.state as { resetSuccess?: unknown } | null)?.resetSuccess === true;

  // `?tab=signup&role=…` (a role dashboard's "Create an account"): the Sign Up tab, role chosen.
  const [tab, setTab] = useState<AuthTab>(() =>
    params.get(SIGN_UP_TAB_PARAM) === SIGN_UP_TAB_VALUE ? 'signup' : 'login',
  );
  // Sent here by a registration form (the chat's hand-over), or arriving another way with a chat
  // in this browser (Sign In → Sign Up later): what the chat knows comes along either way.
  const handover = useChatHandover(params.get(SIGN_UP_FROM_PARAM) === SIGN_UP_FROM_REGISTRATION);
  const requestedRole = params.get(SIGN_UP_ROLE_PARAM);
  const initialRole = isPublicRole(requestedRole) ? requestedRole : handover?.role;
  const [view, setView] = useState<AuthView>('tabs');
  // An invitation e-mail's link names the invited address: filled in on both tabs.
  const [email, setEmail] = useState(handover?.email ?? params.get('email') ?? '');
  const invitation = params.get(INVITATION_PARAM) === '1';
  const [registration, setRegistration] = useState<Registration | null>(null);
  const headingRef = useFocusOnChange<HTMLHeadingElement>(view);

  // Arriving from the e-mail confirmation link, already signed in by it: say so on the way on.
  const announceSignIn = useCallback(() => {
    if (action === EMAIL_VERIFIED_ACTION) toast.success(AUTH_TOASTS.loggedIn);
  }, [action]);
  usePostLoginRedirect(announceSignIn, invitation);

  const showLogin = useCallback(() => {
    setTab('login');
    setView('tabs');
  }, []);
  const showForgot = useCallback(() => setView('forgot'), []);
  const registered = useCallback((done: Registration) => {
    setRegistration(done);
    setView('registered');
  }, []);
  const verificationNowPending = useCallback(
    () => setParams({ action: VERIFICATION_PENDING_ACTION }, { replace: true }),
    [setParams],
  );
  const verificationFailed = action === EMAIL_VERIFIED_ACTION && params.has('error');
  // One element, remade only when the card's own state changes. While the body's code downloads,
  // React holds its prerendered HTML; an update reaching it then (the first session check ending
  // re-renders this page) would make React throw that HTML away and show the skeleton — a layout
  // shift and a form that flickers — since it cannot update HTML it has not taken over yet.
  const body = useMemo(
    () => (
      <Suspense fallback={<AuthPageBodyLoading />}>
        <AuthPageBody
          view={view}
          tab={tab}
          onTabChange={setTab}
          onForgotPassword={showForgot}
          onShowLogin={showLogin}
          handover={handover}
          initialRole={initialRole}
          email={email}
          onEmailChange={setEmail}
          registration={registration}
          onRegistered={registered}
          headingRef={headingRef}
          notices={{
            resetSuccess,
            verificationPending: action === VERIFICATION_PENDING_ACTION,
            emailVerified: action === EMAIL_VERIFIED_ACTION,
            verificationFailed,
          }}
          onVerificationPending={verificationNowPending}
          invitation={invitation}
        />
      </Suspense>
    ),
    [
      view,
      tab,
      showForgot,
      showLogin,
      handover,
      initialRole,
      email,
      registration,
      registered,
      headingRef,
      resetSuccess,
      action,
      verificationFailed,
      verificationNowPending,
      invitation,
    ],
  );

  if (auth.user) return null;
  // The first check is quick (the overlay covers a slow one); showing the forms to someone who
  // turns out to be signed in would flash them away again. A browser not last seen signed in
  // gets the forms at once (they are the prerendered page, issue 23).
  if (showsAuthLoading(auth) && auth.operation === INITIAL_AUTH_CHECK) return null;

  return (
    <AuthPageFrame>
      <AuthCard
        title="Welcome"
        titleRef={view === 'tabs' ? headingRef : undefined}
        icon={<HeartHandshake className="size-7" />}
        description={`Log in to ${PRODUCT_NAME} or create your free account.`}
      >
        {body}
      </AuthCard>
    </AuthPageFrame>
  );
}
