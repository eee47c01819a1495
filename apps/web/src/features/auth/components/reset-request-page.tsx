import { ArrowLeft, KeyRound, MailCheck, Send } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_RESET_LINK_VALIDITY_HOURS } from '@tavara/shared/auth/auth-messages';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Form, FormTextField } from '@/components/ui/form';
import { toast } from '@/lib/toast';
import { AUTH_TOASTS, RESET_SENT_TOAST_MS } from '../auth-toasts';
import { useFocusOnChange } from '../hooks/use-focus-on-change';
import { useResetRequest } from '../hooks/use-reset-request';
import { AuthCard, AuthPageFrame } from './auth-card';

/**
 * /auth/reset-password (spec §2): the address, then the 'Check Your Email' card, which can be
 * dismissed to send the link to another address.
 */
export function ResetRequestPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const headingRef = useFocusOnChange<HTMLHeadingElement>(sentTo !== null);
  // A security e-mail's "This wasn't me" link carries the address (issue 22).
  const [params] = useSearchParams();
  const { form, busy, onSubmit } = useResetRequest(params.get('email') ?? '', {
    sent: (address) => {
      toast.success(AUTH_TOASTS.resetLinkSent, {
        description: AUTH_TOASTS.resetLinkSentDetail,
        duration: RESET_SENT_TOAST_MS,
      });
      setSentTo(address);
    },
    failed: (message) =>
      toast.error(AUTH_TOASTS.resetLinkFailed, { description: message ?? AUTH_TOASTS.resetLinkFailedDetail }),
  });

  if (sentTo !== null) {
    const showEmailStep = () => setSentTo(null);
    return (
      <AuthPageFrame>
        <AuthCard
          title="Check Your Email"
          titleRef={headingRef}
          description="We've sent password reset instructions"
          icon={<MailCheck className="size-7" />}
          back={
            <Button variant="ghost" className="px-2.5" aria-label="Back to the email step" onClick={showEmailStep}>
              <ArrowLeft aria-hidden="true" className="size-5" />
            </Button>
          }
        >
          <div className="flex flex-col gap-4">
            <p>
              We sent a password reset link to <strong className="wrap-anywhere">{sentTo}</strong>.
            </p>
            <ul className="list-disc space-y-1 pl-6">
              <li>Check your inbox, and your spam or junk folder too.</li>
              <li>The link expires in {PASSWORD_RESET_LINK_VALIDITY_HOURS} hours and works once.</li>
            </ul>
            <Notice tone="warning" title="If the link shows 'Invalid Reset Link'">
              Copy the whole link from the email and paste it into your browser&apos;s address bar. Some email apps
              break long links when you tap them.
            </Notice>
            <Button variant="secondary" onClick={showEmailStep}>
              Use a different email address
            </Button>
            <Button asChild variant="ghost">
              <Link to="/auth">Back to Login</Link>
            </Button>
          </div>
        </AuthCard>
      </AuthPageFrame>
    );
  }

  return (
    <AuthPageFrame>
      <AuthCard
        title="Reset Password"
        titleRef={headingRef}
        description="Enter the email address of your account and we will send you a link to choose a new password."
        icon={<KeyRound className="size-7" />}
      >
        <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-4">
          <FormTextField control={form.control} name="email" label="Email" type="email" />
          <Button type="submit" aria-disabled={busy || undefined}>
            <Send aria-hidden="true" className="size-5" />
            {busy ? 'Sending...' : 'Send Password Reset Link'}
          </Button>
          <Button asChild variant="secondary">
            <Link to="/auth">
              <ArrowLeft aria-hidden="true" className="size-5" />
              Back to Login
            </Link>
          </Button>
        </Form>
      </AuthCard>
    </AuthPageFrame>
  );
}
