import { MailCheck } from 'lucide-react';
import type { Ref } from 'react';
import type { PublicRole } from '@tavara/shared/roles';
import { Button } from '@/components/ui/button';

/**
 * Spec §2: what a new user sees after signing up when the address still has to be confirmed.
 * The heading takes focus when this replaces the form.
 */
export function RegistrationStarted({
  email,
  role,
  headingRef,
  onGoToLogin,
}: {
  email: string;
  role: PublicRole;
  headingRef: Ref<HTMLHeadingElement>;
  onGoToLogin: () => void;
}) {
  return (
    <div className="flex flex-col gap-4" role="status">
      <div className="flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-success-soft text-success">
          <MailCheck aria-hidden="true" className="size-6" />
        </span>
        <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold outline-none">
          Registration Started!
        </h2>
      </div>
      <p>
        We have sent a confirmation link to <strong className="wrap-anywhere">{email}</strong>.
      </p>
      <div>
        <h3 className="font-semibold">Next steps</h3>
        <ol className="mt-2 list-decimal space-y-1 pl-6">
          <li>Check your email inbox.</li>
          <li>Click the confirmation link in the email.</li>
          <li>You&apos;ll be redirected to complete your {role} profile.</li>
        </ol>
      </div>
      <p className="text-ink-muted">Can&apos;t find the email? Please also check your spam or junk folder.</p>
      <Button onClick={onGoToLogin}>Go to Login</Button>
    </div>
  );
}
