import { KeyRound, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { BackupCodeInput, TotpCodeInput } from '@tavara/shared/account/account';
import { TRUST_DEVICE_DAYS } from '@tavara/shared/account/trust-device';
import { Button } from '@/components/ui/button';
import { applyFieldErrors, Form, FormCheckboxField, FormTextField, useLazyZodForm } from '@/components/ui/form';
import { AuthTimeoutError, loadAccount, runAuthOperation } from '@/lib/auth';
import { authActions } from '@/lib/auth-actions';
import { AuthRequestError } from '@/lib/auth-client';
import { toast } from '@/lib/toast';
import { AUTH_TOASTS } from '../auth-toasts';

const INVALID_CODE = 'That code did not work. Check the time on your phone and try the newest code.';
const INVALID_BACKUP_CODE = 'That backup code did not work. It may have been used already.';
// The code schemas (and zod with them) download when the step is used, not with /auth (issue 23).
const loadTotpCodeSchema = () => import('@tavara/shared/account/account').then((module) => module.totpCodeSchema);
const loadBackupCodeSchema = () => import('@tavara/shared/account/account').then((module) => module.backupCodeSchema);

/** The first step's challenge ended (10 minutes, or 5 wrong codes): the password is needed again. */
const CHALLENGE_OVER = 'Please sign in with your password again, then enter a new code.';

/**
 * The second sign-in step of an account with two-factor sign-in (issue 22): the 6-digit code from
 * the authenticator app — or, when the phone is lost, one of the backup codes — and "trust this
 * device for 30 days". The first step's password is not asked again; the server keeps the
 * challenge in a signed cookie for 10 minutes.
 */
export function TwoFactorStep({ onCancel, onSignedIn }: { onCancel: () => void; onSignedIn: () => void }) {
  const [mode, setMode] = useState<'totp' | 'backup'>('totp');
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-soft text-brand">
          {mode === 'totp' ? (
            <ShieldCheck aria-hidden="true" className="size-5" />
          ) : (
            <KeyRound aria-hidden="true" className="size-5" />
          )}
        </span>
        <div>
          <h2 className="text-lg font-semibold">Two-factor sign-in</h2>
          <p className="text-ink-muted">
            {mode === 'totp'
              ? 'Enter the 6-digit code your authenticator app shows for Tavara.'
              : 'Enter one of the backup codes you saved. Each code works once.'}
          </p>
        </div>
      </div>
      {mode === 'totp' ? (
        <TotpForm onSignedIn={onSignedIn} onCancel={onCancel} />
      ) : (
        <BackupForm onSignedIn={onSignedIn} onCancel={onCancel} />
      )}
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="link" size="sm" onClick={() => setMode(mode === 'totp' ? 'backup' : 'totp')}>
          {mode === 'totp' ? 'Lost your phone? Use a backup code' : 'Use the authenticator app instead'}
        </Button>
        <Button variant="link" size="sm" onClick={onCancel}>
          Back to sign in
        </Button>
      </div>
    </div>
  );
}

interface StepProps {
  onSignedIn: () => void;
  onCancel: () => void;
}

/** Both forms hold `code` (and `trustDevice`). */
type CodeForm = Pick<UseFormReturn<{ code: string; trustDevice?: boolean }, unknown, unknown>, 'setError'>;

async function finish(form: CodeForm, verify: () => Promise<unknown>, { onSignedIn, onCancel }: StepProps) {
  try {
    await runAuthOperation('signing in', async () => {
      await verify();
      await loadAccount();
    });
    toast.success(AUTH_TOASTS.loggedIn);
    onSignedIn();
  } catch (error) {
    if (error instanceof AuthTimeoutError) return;
    if (error instanceof AuthRequestError && (error.code === 'INVALID_CODE' || error.code === 'INVALID_BACKUP_CODE')) {
      const message = error.code === 'INVALID_CODE' ? INVALID_CODE : INVALID_BACKUP_CODE;
      form.setError('code', { type: 'server', message }, { shouldFocus: true });
      return;
    }
    if (
      error instanceof AuthRequestError &&
      (error.code === 'INVALID_TWO_FACTOR_COOKIE' || error.code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE')
    ) {
      toast.error(CHALLENGE_OVER);
      onCancel();
      return;
    }
    if (error instanceof AuthRequestError && applyFieldErrors(form, error.fields)) return;
    toast.error(error instanceof AuthRequestError && error.message ? error.message : AUTH_TOASTS.loginFailed);
  }
}

function TotpForm(props: StepProps) {
  const form = useLazyZodForm(loadTotpCodeSchema, { defaultValues: { code: '', trustDevice: false } as TotpCodeInput });
  const busy = form.formState.isSubmitting;
  return (
    <Form
      form={form}
      className="flex flex-col gap-3"
      onSubmit={(values) => finish(form, () => authActions.verifyTotp(values), props)}
    >
      <FormTextField
        control={form.control}
        name="code"
        label="Code from your authenticator app"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        autoFocus
      />
      <FormCheckboxField
        control={form.control}
        name="trustDevice"
        label={`Trust this device for ${TRUST_DEVICE_DAYS} days`}
        hint="Only on your own phone or computer: it will not ask for a code here again for 30 days."
      />
      <Button type="submit" aria-disabled={busy || undefined}>
        {busy ? 'Checking...' : 'Verify and sign in'}
      </Button>
    </Form>
  );
}

function BackupForm(props: StepProps) {
  const form = useLazyZodForm(loadBackupCodeSchema, {
    defaultValues: { code: '', trustDevice: false } as BackupCodeInput,
  });
  const busy = form.formState.isSubmitting;
  return (
    <Form
      form={form}
      className="flex flex-col gap-3"
      onSubmit={(values) => finish(form, () => authActions.verifyBackupCode(values), props)}
    >
      <FormTextField control={form.control} name="code" label="Backup code" autoComplete="off" autoFocus />
      <FormCheckboxField
        control={form.control}
        name="trustDevice"
        label={`Trust this device for ${TRUST_DEVICE_DAYS} days`}
      />
      <Button type="submit" aria-disabled={busy || undefined}>
        {busy ? 'Checking...' : 'Use backup code and sign in'}
      </Button>
    </Form>
  );
}
