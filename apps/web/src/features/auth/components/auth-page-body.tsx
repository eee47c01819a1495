import { Tabs } from 'radix-ui';
import type { Ref } from 'react';
import { AUTH_MESSAGES } from '@tavara/shared/auth/auth-messages';
import type { PublicRole } from '@tavara/shared/roles';
import { Notice } from '@/components/ui/notice';
import { useHydrated } from '@/lib/use-hydrated';
import { AUTH_TOASTS } from '../auth-toasts';
import type { ChatSignUpHandover } from '../chat-handover';
import { ForgotPasswordInline } from './forgot-password-inline';
import { LoginForm } from './login-form';
import { RegistrationStarted } from './registration-started';
import { SignUpForm } from './sign-up-form';

export type AuthTab = 'login' | 'signup';
export type AuthView = 'tabs' | 'forgot' | 'registered';
/** A sign-up that waits for the e-mail confirmation. */
export interface Registration {
  email: string;
  role: PublicRole;
}

export interface AuthPageBodyProps {
  view: AuthView;
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  onForgotPassword: () => void;
  /** Back to the Login tab (from the reset request or the post-sign-up steps). */
  onShowLogin: () => void;
  handover: ChatSignUpHandover | null;
  initialRole: PublicRole | undefined;
  email: string;
  onEmailChange: (email: string) => void;
  registration: Registration | null;
  onRegistered: (registration: Registration) => void;
  /** The heading that takes focus when the view changes to one of this body's own. */
  headingRef: Ref<HTMLHeadingElement>;
  /** What the address says, shown above the Login form. */
  notices: { resetSuccess: boolean; verificationPending: boolean; emailVerified: boolean; verificationFailed: boolean };
  onVerificationPending: () => void;
  /** Opened from a care-team invitation e-mail (`?invitation=1`): said above both tabs. */
  invitation?: boolean;
}

const tabClass =
  'min-h-11 rounded-md px-3 font-semibold text-ink-muted hover:text-ink data-[state=active]:bg-surface data-[state=active]:text-brand data-[state=active]:shadow-sm';

/**
 * What /auth's card holds below its heading: the Login and Sign Up tabs with their forms, the
 * inline reset request and the post-sign-up next steps. Loaded on its own by auth-page.tsx, so
 * the page's first load does not carry the forms (react-hook-form, the form layer) or Radix's
 * tabs (issue 23): on the prerendered page React keeps this part's HTML — its fields disabled
 * until then (components/ui/form.tsx) — until the code has arrived, then takes it over. The page
 * keeps the state, so nothing here is lost if it re-renders.
 */
export default function AuthPageBody({
  view,
  tab,
  onTabChange,
  onForgotPassword,
  onShowLogin,
  handover,
  initialRole,
  email,
  onEmailChange,
  registration,
  onRegistered,
  headingRef,
  notices,
  onVerificationPending,
  invitation = false,
}: AuthPageBodyProps) {
  // Like every button, the tabs wait for their code (decision 028): a tap before it would be lost.
  const hydrated = useHydrated();
  if (view === 'forgot') {
    return (
      <ForgotPasswordInline email={email} onEmailChange={onEmailChange} onBack={onShowLogin} headingRef={headingRef} />
    );
  }
  return (
    <Tabs.Root value={tab} onValueChange={(value) => onTabChange(value as AuthTab)}>
      {/* Sent by the form: said on both tabs. A chat found in this browser: on Sign Up only,
          so someone who came to log in is not told to create an account. */}
      {handover && view === 'tabs' && (handover.source === 'form' || (tab === 'signup' && handover.sessionId)) && (
        <Notice tone="info" role="status" className="mb-4" title="Create your account to finish your registration">
          {handover.sessionId
            ? 'Your chat answers are saved. Once your account is ready, we fill them into your registration form. Already have an account? Log in instead.'
            : 'Once your account is ready, you can fill in your registration form. Already have an account? Log in instead.'}
        </Notice>
      )}
      {invitation && view === 'tabs' && (
        <Notice tone="info" role="status" className="mb-4" title="You have been invited to a care team">
          {tab === 'signup'
            ? 'Create your account with the address the invitation was sent to. Once you confirm it, the invitation is the first thing you see.'
            : 'Log in with the address the invitation was sent to, and the invitation is the first thing you see.'}
        </Notice>
      )}
      <Tabs.List
        aria-label="Log in or sign up"
        className="mb-5 grid grid-cols-2 gap-1 rounded-lg border border-line bg-canvas p-1"
      >
        <Tabs.Trigger value="login" disabled={!hydrated} className={tabClass}>
          Login
        </Tabs.Trigger>
        <Tabs.Trigger value="signup" disabled={!hydrated} className={tabClass}>
          Sign Up
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="login" className="flex flex-col gap-4 rounded-lg">
        {notices.resetSuccess && (
          <Notice tone="success" role="status">
            {AUTH_TOASTS.passwordReset}
          </Notice>
        )}
        {notices.verificationPending && (
          <Notice tone="info" role="status">
            {AUTH_MESSAGES.verificationPending}
          </Notice>
        )}
        {notices.emailVerified && !notices.verificationFailed && (
          <Notice tone="success" role="status">
            Your email address is confirmed. Please log in.
          </Notice>
        )}
        {notices.verificationFailed && (
          <Notice tone="error" role="alert" title="This confirmation link no longer works">
            It may have expired or been used already. If you confirmed your email before, just log in.
          </Notice>
        )}
        <LoginForm
          email={email}
          onEmailChange={onEmailChange}
          onForgotPassword={onForgotPassword}
          onVerificationPending={onVerificationPending}
        />
      </Tabs.Content>
      <Tabs.Content value="signup" className="rounded-lg">
        {view === 'registered' && registration ? (
          <RegistrationStarted
            email={registration.email}
            role={registration.role}
            headingRef={headingRef}
            onGoToLogin={onShowLogin}
          />
        ) : (
          <SignUpForm
            invitation={invitation}
            initialRole={initialRole}
            handover={handover}
            email={email}
            onEmailChange={onEmailChange}
            onRegistered={onRegistered}
          />
        )}
      </Tabs.Content>
    </Tabs.Root>
  );
}
