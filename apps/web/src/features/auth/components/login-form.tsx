import { LogIn } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Form, FormTextField, useLazyZodForm } from '@/components/ui/form';
import { AuthTimeoutError, loadAccount, runAuthOperation } from '@/lib/auth';
import { authActions } from '@/lib/auth-actions';
import { AuthRequestError } from '@/lib/auth-client';
import { LOCAL_KEYS, localStore, SESSION_KEYS, sessionStore } from '@/lib/browser-storage';
import { toast } from '@/lib/toast';
import { AUTH_TOASTS } from '../auth-toasts';
import { TwoFactorStep } from './two-factor-step';

// The schema (and zod with it) downloads when the form is first used, not with /auth (issue 23).
const loadLoginSchema = () => import('@tavara/shared/auth/login.schema').then((module) => module.loginSchema);

export interface LoginFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onForgotPassword: () => void;
  /** The server refused an address that is not confirmed yet. */
  onVerificationPending: () => void;
}

/**
 * The Login tab. Values stay in the form on every error; the button says what is happening. On
 * success the auth store holds the user and the page's post-login redirect takes over. The
 * e-mail starts as the one typed on the page's other views and is reported back as it changes.
 */
export function LoginForm({ email, onEmailChange, onForgotPassword, onVerificationPending }: LoginFormProps) {
  const form = useLazyZodForm(loadLoginSchema, { defaultValues: { email, password: '' } });
  const busy = form.formState.isSubmitting;
  // Issue 22: the password was right and the account asks for its second factor.
  const [secondStep, setSecondStep] = useState(false);
  // Issue 29: on a phone others use, nothing of the person's care is kept for offline use.
  const [sharedDevice, setSharedDevice] = useState(() => localStore.get(LOCAL_KEYS.sharedDevice) === '1');
  const sharedId = useId();

  async function signIn(values: { email: string; password: string }) {
    if (sharedDevice) localStore.set(LOCAL_KEYS.sharedDevice, '1');
    else localStore.remove(LOCAL_KEYS.sharedDevice);
    try {
      const needsSecondStep = await runAuthOperation('signing in', async () => {
        const result = await authActions.signIn(values);
        if (result.twoFactorRedirect) return true;
        await loadAccount();
        return false;
      });
      if (needsSecondStep) {
        setSecondStep(true);
        return;
      }
      sessionStore.remove(SESSION_KEYS.skipPostLoginRedirect);
      // Spec §4: no 'logged in' toast right after a password reset (the page already says so).
      if (sessionStore.get(SESSION_KEYS.passwordResetComplete)) sessionStore.remove(SESSION_KEYS.passwordResetComplete);
      else toast.success(AUTH_TOASTS.loggedIn);
    } catch (error) {
      // The store has already said 'Operation timed out: …'.
      if (error instanceof AuthTimeoutError) return;
      if (error instanceof AuthRequestError && error.code === 'EMAIL_NOT_VERIFIED') onVerificationPending();
      toast.error(error instanceof AuthRequestError && error.message ? error.message : AUTH_TOASTS.loginFailed);
    }
  }

  if (secondStep) {
    return (
      <TwoFactorStep
        onCancel={() => {
          form.setValue('password', '');
          setSecondStep(false);
        }}
        onSignedIn={() => sessionStore.remove(SESSION_KEYS.skipPostLoginRedirect)}
      />
    );
  }

  return (
    <Form form={form} summary onSubmit={signIn} className="flex flex-col gap-4">
      <FormTextField
        control={form.control}
        name="email"
        label="Email"
        type="email"
        onChange={(event: { target: HTMLInputElement }) => onEmailChange(event.target.value)}
      />
      <FormTextField
        control={form.control}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
      />
      <div className="-mt-1 flex justify-end">
        <Button variant="link" size="sm" onClick={onForgotPassword}>
          Forgot password?
        </Button>
      </div>
      <Button type="submit" aria-disabled={busy || undefined}>
        <LogIn aria-hidden="true" className="size-5" />
        {busy ? 'Logging in...' : 'Log In'}
      </Button>
      {/* After the button: on a 360 px phone the button stays where a toast about the sign-in
          cannot cover it (the toast rises from the bottom of the screen). */}
      <div className="flex flex-col gap-1">
        <label htmlFor={sharedId} className="flex min-h-11 cursor-pointer items-center gap-3">
          <input
            id={sharedId}
            type="checkbox"
            className="size-5 shrink-0 accent-brand"
            aria-describedby={`${sharedId}-hint`}
            checked={sharedDevice}
            onChange={(event) => setSharedDevice(event.target.checked)}
          />
          <span>This is a shared device</span>
        </label>
        <p id={`${sharedId}-hint`} className="text-sm text-ink-muted">
          Nothing is kept on this device for use without a connection.
        </p>
      </div>
    </Form>
  );
}
