import { ArrowLeft, Send } from 'lucide-react';
import { useState, type Ref } from 'react';
import { PASSWORD_RESET_LINK_VALIDITY_HOURS } from '@tavara/shared/auth/auth-messages';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Form, FormTextField } from '@/components/ui/form';
import { toast } from '@/lib/toast';
import { AUTH_TOASTS } from '../auth-toasts';
import { useFocusOnChange } from '../hooks/use-focus-on-change';
import { useResetRequest } from '../hooks/use-reset-request';

/**
 * The /auth page's inline reset request (spec §2 "Forgot password"): a back arrow to Login, the
 * e-mail field and, once sent, the confirmation with 'Return to Login'.
 */
export function ForgotPasswordInline({
  email,
  onEmailChange,
  onBack,
  headingRef,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  onBack: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const [sent, setSent] = useState(false);
  const sentRef = useFocusOnChange<HTMLParagraphElement>(sent);
  const { form, busy, onSubmit } = useResetRequest(email, {
    sent: () => setSent(true),
    failed: (message) => toast.error(message ?? AUTH_TOASTS.resetEmailFailed),
  });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-2">
        <Button variant="ghost" className="px-2.5" aria-label="Back to Login" onClick={onBack}>
          <ArrowLeft aria-hidden="true" className="size-5" />
        </Button>
        <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold outline-none">
          Reset your password
        </h2>
      </div>
      {sent ? (
        <>
          <Notice tone="success" role="status">
            <p ref={sentRef} tabIndex={-1} className="outline-none">
              {AUTH_TOASTS.resetEmailSent}
            </p>
          </Notice>
          <p className="text-ink-muted">
            The link was sent to <strong className="wrap-anywhere text-ink">{email}</strong> if it belongs to an
            account. It works once and expires in {PASSWORD_RESET_LINK_VALIDITY_HOURS} hours. Please also check your
            spam folder.
          </p>
          <Button onClick={onBack}>Return to Login</Button>
        </>
      ) : (
        <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-4">
          <p className="text-ink-muted">
            Enter the email address of your account and we will send you a link to choose a new password.
          </p>
          <FormTextField
            control={form.control}
            name="email"
            label="Email"
            type="email"
            onChange={(event: { target: HTMLInputElement }) => onEmailChange(event.target.value)}
          />
          <Button type="submit" aria-disabled={busy || undefined}>
            <Send aria-hidden="true" className="size-5" />
            {busy ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </Form>
      )}
    </div>
  );
}
