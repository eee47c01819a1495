import { KeyRound, LoaderCircle, ShieldAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES } from '@tavara/shared/auth/auth-messages';
import { resetPasswordFormSchema } from '@tavara/shared/auth/reset-password.schema';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Form, FormTextField, useZodForm } from '@/components/ui/form';
import { resetAuth } from '@/lib/auth';
import { authActions } from '@/lib/auth-actions';
import { AuthRequestError } from '@/lib/auth-client';
import { SESSION_KEYS, sessionStore } from '@/lib/browser-storage';
import { toast } from '@/lib/toast';
import { AUTH_TOASTS } from '../auth-toasts';
import { AuthCard, AuthPageFrame } from './auth-card';

/** Spec §9 "Reset session validation time-out 10000 ms". */
export const RESET_VALIDATION_TIMEOUT_MS = 10_000;
/** Spec §9 "Reset attempts limit 3 per browser session". */
export const MAX_RESET_ATTEMPTS = 3;

const REQUEST_PATH = '/auth/reset-password';

type ResetLink = { token: string; email: string } | { problem: string };

/**
 * Spec §5: the link needs a token and the address it was sent to. (The spec's other form, a pair
 * of access and refresh tokens, belonged to the old hosted auth service; this server never
 * sends one.) A Better Auth redirect with `?error=INVALID_TOKEN` has no token either.
 */
function readLink(params: URLSearchParams): ResetLink {
  const token = params.get('token');
  const email = params.get('email');
  if (!token) return { problem: AUTH_MESSAGES.invalidResetLink };
  if (!email) return { problem: AUTH_MESSAGES.resetLinkMissingEmail };
  return { token, email };
}

const attempts = () => Number(sessionStore.get(SESSION_KEYS.passwordResetAttempts) ?? 0) || 0;

/**
 * /auth/reset-password/confirm (spec §2, §4 "Password reset confirm"): validating → invalid, or
 * the Set New Password form. While open, no post-login redirect may take the user away.
 */
export function ResetConfirmPage() {
  const [params] = useSearchParams();
  const link = readLink(params);
  const token = 'token' in link ? link.token : null;
  const email = 'email' in link ? link.email : null;
  const [check, setCheck] = useState<{ for: string; problem: string | null } | null>(null);

  useEffect(() => {
    sessionStore.set(SESSION_KEYS.skipPostLoginRedirect, 'true');
    return () => sessionStore.remove(SESSION_KEYS.skipPostLoginRedirect);
  }, []);

  useEffect(() => {
    if (!token || !email) return;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, RESET_VALIDATION_TIMEOUT_MS);
    authActions.validateResetToken({ token, email }, controller.signal).then(
      (answer) => setCheck({ for: token, problem: answer.valid ? null : answer.message }),
      (error: unknown) => {
        if (controller.signal.aborted && !timedOut) return;
        setCheck({
          for: token,
          problem: timedOut
            ? AUTH_TOASTS.connectionTimeout
            : error instanceof AuthRequestError && error.message
              ? error.message
              : AUTH_MESSAGES.invalidResetLink,
        });
      },
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [token, email]);

  const problem = 'problem' in link ? link.problem : check?.for === token ? check.problem : undefined;
  const state = problem === undefined ? 'validating' : problem === null ? 'valid' : 'invalid';
  return (
    <AuthPageFrame>
      {state === 'validating' && <Validating />}
      {state === 'invalid' && <InvalidLink message={problem ?? ''} afterCheck={!('problem' in link)} />}
      {state === 'valid' && token && email && <SetNewPassword token={token} email={email} />}
    </AuthPageFrame>
  );
}

function Validating() {
  return (
    <AuthCard title="Validating reset link..." icon={<LoaderCircle className="size-7 animate-spin" />}>
      <p role="status" className="text-center text-ink-muted">
        Checking that your link is still valid. This takes a moment.
      </p>
    </AuthCard>
  );
}

/** `afterCheck`: this replaced 'Validating reset link...', so focus moves to its heading. */
function InvalidLink({ message, afterCheck }: { message: string; afterCheck: boolean }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (afterCheck) headingRef.current?.focus();
  }, [afterCheck]);
  return (
    <AuthCard title="Invalid Reset Link" titleRef={headingRef} icon={<ShieldAlert className="size-7" />}>
      <div className="flex flex-col gap-4">
        <Notice tone="error" role="alert">
          {message}
        </Notice>
        <p className="text-ink-muted">
          Reset links work once and expire after 24 hours. You can ask for a new one in a few seconds.
        </p>
        <Button asChild>
          <Link to={REQUEST_PATH}>Request New Reset Link</Link>
        </Button>
      </div>
    </AuthCard>
  );
}

function SetNewPassword({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const form = useZodForm(resetPasswordFormSchema, { defaultValues: { password: '', confirmPassword: '' } });
  const busy = form.formState.isSubmitting;

  // The form replaces 'Validating reset link...': start where the typing starts.
  useEffect(() => form.setFocus('password'), [form]);

  const tooManyAttempts = (title: string) => {
    toast.error(title, { description: AUTH_TOASTS.requestNewLink });
    void navigate(REQUEST_PATH);
  };

  // Spec §5, in order: the attempt limit (before the values are checked), then length (8), then
  // the confirmation (the schema's order).
  const withinAttemptLimit = () => {
    if (attempts() < MAX_RESET_ATTEMPTS) return true;
    tooManyAttempts(AUTH_TOASTS.tooManyAttempts);
    return false;
  };

  const invalid = (message: string) =>
    toast.error(
      message,
      message === AUTH_MESSAGES.passwordTooWeak ? { description: AUTH_MESSAGES.passwordTooWeakDetail } : undefined,
    );

  async function onSubmit({ password }: { password: string }) {
    try {
      await authActions.resetPassword({ newPassword: password, token });
    } catch (error) {
      const count = attempts() + 1;
      sessionStore.set(SESSION_KEYS.passwordResetAttempts, String(count));
      if (count >= MAX_RESET_ATTEMPTS) return tooManyAttempts(AUTH_TOASTS.tooManyFailedAttempts);
      toast.error(AUTH_TOASTS.updateFailed, {
        description: (error instanceof AuthRequestError && error.message) || AUTH_TOASTS.updateFailedDetail,
      });
      return;
    }
    // The server ended every session of this account; this tab forgets its user too.
    sessionStore.remove(SESSION_KEYS.passwordResetAttempts);
    sessionStore.set(SESSION_KEYS.passwordResetComplete, 'true');
    resetAuth();
    void navigate('/auth', { replace: true, state: { resetSuccess: true } });
  }

  return (
    <AuthCard
      title="Set New Password"
      icon={<KeyRound className="size-7" />}
      description={
        <>
          Choose a new password for <strong className="wrap-anywhere text-ink">{email}</strong>.
        </>
      }
    >
      <Form
        form={form}
        onSubmit={onSubmit}
        beforeValidate={withinAttemptLimit}
        onInvalid={invalid}
        summary={(message) => (
          <Notice tone="error" role="alert" title={message}>
            {message === AUTH_MESSAGES.passwordTooWeak ? AUTH_MESSAGES.passwordTooWeakDetail : undefined}
          </Notice>
        )}
        className="flex flex-col gap-4"
      >
        <FormTextField
          control={form.control}
          name="password"
          label="New Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
        />
        <FormTextField
          control={form.control}
          name="confirmPassword"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
        />
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? 'Updating password...' : 'Update Password'}
        </Button>
        <Button asChild variant="secondary">
          <Link to={REQUEST_PATH}>Request New Reset Link</Link>
        </Button>
      </Form>
    </AuthCard>
  );
}
