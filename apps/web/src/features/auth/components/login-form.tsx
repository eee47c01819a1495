import { LogIn } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { loginSchema } from '@tavara/shared/auth/login.schema';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { EmailField } from '@/components/ui/email-field';
import { TextField } from '@/components/ui/text-field';
import { AuthTimeoutError, loadAccount, runAuthOperation } from '@/lib/auth';
import { AuthRequestError, authClient } from '@/lib/auth-client';
import { SESSION_KEYS, sessionStore } from '@/lib/browser-storage';
import { toast } from '@/lib/toast';
import { checkForm, fieldMessage, type FieldErrors } from '../form-errors';
import { AUTH_TOASTS } from '../auth-toasts';

export interface LoginFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onForgotPassword: () => void;
  /** The server refused an address that is not confirmed yet. */
  onVerificationPending: () => void;
}

/**
 * The Login tab. Values stay in the form on every error; the button says what is happening. On
 * success the auth store holds the user and the page's post-login redirect takes over.
 */
export function LoginForm({ email, onEmailChange, onForgotPassword, onVerificationPending }: LoginFormProps) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const check = checkForm(loginSchema, { email, password });
    if (!check.ok) {
      setSummary(check.message);
      setErrors(check.fields);
      (check.fields.email !== undefined ? emailRef : passwordRef).current?.focus();
      return;
    }
    setSummary(null);
    setErrors({});
    setBusy(true);
    try {
      await runAuthOperation('signing in', async () => {
        await authClient.signIn(check.data);
        await loadAccount();
      });
      sessionStore.remove(SESSION_KEYS.skipPostLoginRedirect);
      // Spec §4: no 'logged in' toast right after a password reset (the page already says so).
      if (sessionStore.get(SESSION_KEYS.passwordResetComplete)) sessionStore.remove(SESSION_KEYS.passwordResetComplete);
      else toast.success(AUTH_TOASTS.loggedIn);
    } catch (error) {
      setBusy(false);
      // The store has already said 'Operation timed out: …'.
      if (error instanceof AuthTimeoutError) return;
      if (error instanceof AuthRequestError && error.code === 'EMAIL_NOT_VERIFIED') onVerificationPending();
      toast.error(error instanceof AuthRequestError && error.message ? error.message : AUTH_TOASTS.loginFailed);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      {summary && (
        <Notice tone="error" role="alert">
          {summary}
        </Notice>
      )}
      <EmailField
        ref={emailRef}
        value={email}
        onValueChange={onEmailChange}
        error={fieldMessage(errors, summary, 'email')}
      />
      <TextField
        ref={passwordRef}
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldMessage(errors, summary, 'password')}
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
    </form>
  );
}
