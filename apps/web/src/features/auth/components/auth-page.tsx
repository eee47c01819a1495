import { HeartHandshake } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useCallback, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { AUTH_MESSAGES } from '@tavara/shared/auth/auth-messages';
import { PRODUCT_NAME } from '@tavara/shared/product';
import { isPublicRole, type PublicRole } from '@tavara/shared/roles';
import { Notice } from '@/components/ui/notice';
import {
  SIGN_UP_FROM_PARAM,
  SIGN_UP_FROM_REGISTRATION,
  SIGN_UP_ROLE_PARAM,
  SIGN_UP_TAB_PARAM,
  SIGN_UP_TAB_VALUE,
} from '@/config/paths';
import { INITIAL_AUTH_CHECK, showsAuthLoading, useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { AUTH_TOASTS } from '../auth-toasts';
import { useChatHandover } from '../chat-handover';
import { EMAIL_VERIFIED_ACTION, VERIFICATION_PENDING_ACTION } from '../auth-urls';
import { useFocusOnChange } from '../hooks/use-focus-on-change';
import { usePostLoginRedirect } from '../hooks/use-post-login-redirect';
import { AuthCard, AuthPageFrame } from './auth-card';
import { ForgotPasswordInline } from './forgot-password-inline';
import { LoginForm } from './login-form';
import { RegistrationStarted } from './registration-started';
import { SignUpForm } from './sign-up-form';

type Tab = 'login' | 'signup';
type View = 'tabs' | 'forgot' | 'registered';

const tabClass =
  'min-h-11 rounded-md px-3 font-semibold text-ink-muted hover:text-ink data-[state=active]:bg-surface data-[state=active]:text-brand data-[state=active]:shadow-sm';

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
  const [tab, setTab] = useState<Tab>(() => (params.get(SIGN_UP_TAB_PARAM) === SIGN_UP_TAB_VALUE ? 'signup' : 'login'));
  // Sent here by a registration form (the chat's hand-over), or arriving another way with a chat
  // in this browser (Sign In → Sign Up later): what the chat knows comes along either way.
  const handover = useChatHandover(params.get(SIGN_UP_FROM_PARAM) === SIGN_UP_FROM_REGISTRATION);
  const requestedRole = params.get(SIGN_UP_ROLE_PARAM);
  const initialRole = isPublicRole(requestedRole) ? requestedRole : handover?.role;
  const [view, setView] = useState<View>('tabs');
  const [email, setEmail] = useState(handover?.email ?? '');
  const [registration, setRegistration] = useState<{ email: string; role: PublicRole } | null>(null);
  const headingRef = useFocusOnChange<HTMLHeadingElement>(view);

  // Arriving from the e-mail confirmation link, already signed in by it: say so on the way on.
  const announceSignIn = useCallback(() => {
    if (action === EMAIL_VERIFIED_ACTION) toast.success(AUTH_TOASTS.loggedIn);
  }, [action]);
  usePostLoginRedirect(announceSignIn);

  if (auth.user) return null;
  // The first check is quick (the overlay covers a slow one); showing the forms to someone who
  // turns out to be signed in would flash them away again. A browser not last seen signed in
  // gets the forms at once (they are the prerendered page, issue 23).
  if (showsAuthLoading(auth) && auth.operation === INITIAL_AUTH_CHECK) return null;

  const showLogin = () => {
    setTab('login');
    setView('tabs');
  };
  const verificationPending = action === VERIFICATION_PENDING_ACTION;
  const verificationFailed = action === EMAIL_VERIFIED_ACTION && params.has('error');

  return (
    <AuthPageFrame>
      <AuthCard
        title="Welcome"
        titleRef={view === 'tabs' ? headingRef : undefined}
        icon={<HeartHandshake className="size-7" />}
        description={`Log in to ${PRODUCT_NAME} or create your free account.`}
      >
        {view === 'forgot' ? (
          <ForgotPasswordInline email={email} onEmailChange={setEmail} onBack={showLogin} headingRef={headingRef} />
        ) : (
          <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)}>
            {/* Sent by the form: said on both tabs. A chat found in this browser: on Sign Up only,
                so someone who came to log in is not told to create an account. */}
            {handover &&
              view === 'tabs' &&
              (handover.source === 'form' || (tab === 'signup' && handover.sessionId)) && (
                <Notice
                  tone="info"
                  role="status"
                  className="mb-4"
                  title="Create your account to finish your registration"
                >
                  {handover.sessionId
                    ? 'Your chat answers are saved. Once your account is ready, we fill them into your registration form. Already have an account? Log in instead.'
                    : 'Once your account is ready, you can fill in your registration form. Already have an account? Log in instead.'}
                </Notice>
              )}
            <Tabs.List
              aria-label="Log in or sign up"
              className="mb-5 grid grid-cols-2 gap-1 rounded-lg border border-line bg-canvas p-1"
            >
              <Tabs.Trigger value="login" className={tabClass}>
                Login
              </Tabs.Trigger>
              <Tabs.Trigger value="signup" className={tabClass}>
                Sign Up
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="login" className="flex flex-col gap-4 rounded-lg">
              {resetSuccess && (
                <Notice tone="success" role="status">
                  {AUTH_TOASTS.passwordReset}
                </Notice>
              )}
              {verificationPending && (
                <Notice tone="info" role="status">
                  {AUTH_MESSAGES.verificationPending}
                </Notice>
              )}
              {action === EMAIL_VERIFIED_ACTION && !verificationFailed && (
                <Notice tone="success" role="status">
                  Your email address is confirmed. Please log in.
                </Notice>
              )}
              {verificationFailed && (
                <Notice tone="error" role="alert" title="This confirmation link no longer works">
                  It may have expired or been used already. If you confirmed your email before, just log in.
                </Notice>
              )}
              <LoginForm
                email={email}
                onEmailChange={setEmail}
                onForgotPassword={() => setView('forgot')}
                onVerificationPending={() => setParams({ action: VERIFICATION_PENDING_ACTION }, { replace: true })}
              />
            </Tabs.Content>
            <Tabs.Content value="signup" className="rounded-lg">
              {view === 'registered' && registration ? (
                <RegistrationStarted
                  email={registration.email}
                  role={registration.role}
                  headingRef={headingRef}
                  onGoToLogin={showLogin}
                />
              ) : (
                <SignUpForm
                  initialRole={initialRole}
                  handover={handover}
                  email={email}
                  onEmailChange={setEmail}
                  onRegistered={(done) => {
                    setRegistration(done);
                    setView('registered');
                  }}
                />
              )}
            </Tabs.Content>
          </Tabs.Root>
        )}
      </AuthCard>
    </AuthPageFrame>
  );
}
