import { useRef, useState, type FormEvent } from 'react';
import { resetRequestSchema } from '@tavara/shared/auth/reset-password.schema';
import { AuthRequestError, authClient } from '@/lib/auth-client';
import { resetRedirectTo } from '../auth-urls';
import { checkForm } from '../form-errors';

/**
 * Sending a password-reset link for `email`, shared by the /auth page's inline view and the
 * /auth/reset-password page: checks the address (message beside the field, focus back on it),
 * asks the server, and reports the outcome; each caller words its own success and failure.
 */
export function useResetRequest(
  email: string,
  on: { sent: (email: string) => void; failed: (serverMessage: string | null) => void },
) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const check = checkForm(resetRequestSchema, { email });
    if (!check.ok) {
      setError(check.message);
      emailRef.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await authClient.requestPasswordReset({ email: check.data.email, redirectTo: resetRedirectTo(check.data.email) });
      on.sent(check.data.email);
    } catch (failure) {
      on.failed(failure instanceof AuthRequestError && failure.message ? failure.message : null);
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, emailRef, onSubmit };
}
