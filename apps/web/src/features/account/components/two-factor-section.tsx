import { Download, ShieldCheck, ShieldOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { totpCodeSchema, type TotpCodeInput } from '@tavara/shared/account/account';
import { Button } from '@/components/ui/button';
import { applyFieldErrors, Form, FormTextField, useZodForm } from '@/components/ui/form';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { loadAccount } from '@/lib/auth';
import { toast } from '@/lib/toast';
import {
  newBackupCodes,
  startTwoFactor,
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useSecurity,
} from '../api/account-api';
import { AccountSection, messageOf, SectionError, SectionLoading } from './account-ui';
import { PasswordPrompt } from './password-prompt';

type Setup = { secret: string; uri: string; backupCodes: string[] };
type Prompt = 'enable' | 'disable' | 'codes' | null;

/**
 * Two-factor sign-in with an authenticator app (issue 22, item 4): set up with the QR code or the
 * key as text, confirmed by a first code; one-time backup codes for a lost phone; turning it off
 * needs the password. Required for admins (the admin area sends them here).
 */
export function TwoFactorSection() {
  const security = useSecurity();
  const disableTwoFactor = useDisableTwoFactor();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [prompt, setPrompt] = useState<Prompt>(null);

  const on = security.data?.twoFactorEnabled === true;
  return (
    <AccountSection
      id="two-factor"
      title="Two-factor sign-in"
      icon={ShieldCheck}
      description="A 6-digit code from an authenticator app on your phone, as well as your password, so a stolen password alone cannot open your account."
    >
      {security.isPending ? (
        <SectionLoading label="Loading your sign-in security..." />
      ) : security.isError ? (
        <SectionError
          title="Your sign-in security could not be loaded"
          error={security.error}
          onRetry={() => void security.refetch()}
        />
      ) : codes ? (
        <BackupCodes codes={codes} onDone={() => setCodes(null)} />
      ) : setup ? (
        <SetupSteps
          setup={setup}
          onCancel={() => setSetup(null)}
          onConfirmed={async () => {
            setCodes(setup.backupCodes);
            setSetup(null);
            await loadAccount();
            toast.success('Two-factor sign-in is on.');
          }}
        />
      ) : on ? (
        <>
          <Notice tone="success" title="Two-factor sign-in is on">
            Signing in asks for a code from your authenticator app, except on devices you chose to trust for 30 days.
          </Notice>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setPrompt('codes')}>
              New backup codes
            </Button>
            <Button variant="secondary" onClick={() => setPrompt('disable')}>
              <ShieldOff aria-hidden="true" className="size-5" />
              Turn off two-factor sign-in
            </Button>
          </div>
        </>
      ) : (
        <>
          {security.data.role === 'admin' && (
            <Notice tone="warning" title="Needed for the admin area">
              The admin area opens once two-factor sign-in is on.
            </Notice>
          )}
          <p>
            You need an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or Aegis.
          </p>
          <div>
            <Button onClick={() => setPrompt('enable')}>
              <ShieldCheck aria-hidden="true" className="size-5" />
              Set up two-factor sign-in
            </Button>
          </div>
        </>
      )}

      <PasswordPrompt
        open={prompt === 'enable'}
        onOpenChange={(open) => !open && setPrompt(null)}
        title="Set up two-factor sign-in"
        description="Enter your password to start."
        confirmLabel="Continue"
        busyLabel="Checking..."
        onConfirm={async (password) => {
          const started = await startTwoFactor(password);
          const secret = new URL(started.totpURI).searchParams.get('secret') ?? '';
          setSetup({ secret, uri: started.totpURI, backupCodes: started.backupCodes });
        }}
      />
      <PasswordPrompt
        open={prompt === 'disable'}
        onOpenChange={(open) => !open && setPrompt(null)}
        title="Turn off two-factor sign-in?"
        description={
          security.data?.role === 'admin'
            ? 'Signing in will need only your password, and the admin area will be closed until you set it up again.'
            : 'Signing in will need only your password. Enter it to turn two-factor sign-in off.'
        }
        confirmLabel="Turn off"
        busyLabel="Turning off..."
        danger
        onConfirm={async (password) => {
          // Resolves once the account page's data is refreshed.
          await disableTwoFactor.mutateAsync(password);
          await loadAccount();
          toast.success('Two-factor sign-in is off.');
        }}
      />
      <PasswordPrompt
        open={prompt === 'codes'}
        onOpenChange={(open) => !open && setPrompt(null)}
        title="Make new backup codes?"
        description="Your old backup codes stop working."
        confirmLabel="Make new codes"
        busyLabel="Making codes..."
        onConfirm={async (password) => {
          const made = await newBackupCodes(password);
          setCodes(made.backupCodes);
        }}
      />
    </AccountSection>
  );
}

/** "ABCD EFGH …": the key in groups of four, easier to read and type into an app. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

function SetupSteps({
  setup,
  onCancel,
  onConfirmed,
}: {
  setup: Setup;
  onCancel: () => void;
  onConfirmed: () => Promise<void>;
}) {
  const confirmTwoFactor = useConfirmTwoFactor();
  const form = useZodForm(totpCodeSchema, { defaultValues: { code: '' } as TotpCodeInput });
  const busy = form.formState.isSubmitting;
  return (
    <ol className="flex flex-col gap-5">
      <li className="flex flex-col gap-3">
        <p className="font-semibold">1. Scan this code with your authenticator app</p>
        <QrCode value={setup.uri} />
        <div>
          <p id="totp-key-label">Or type this key into the app:</p>
          <p
            aria-labelledby="totp-key-label"
            data-testid="totp-secret"
            className="mt-1 rounded-lg border border-line bg-canvas px-3 py-2 font-mono text-lg tracking-wide break-words"
          >
            {grouped(setup.secret)}
          </p>
        </div>
      </li>
      <li className="flex flex-col gap-3">
        <p className="font-semibold">2. Enter the 6-digit code the app shows</p>
        <Form
          form={form}
          className="flex flex-col gap-3"
          onSubmit={async ({ code }) => {
            try {
              // Resolves once the account page's data is refreshed.
              await confirmTwoFactor.mutateAsync(code);
              await onConfirmed();
            } catch (error) {
              if (error instanceof ApiError && error.code === 'INVALID_CODE') {
                form.setError(
                  'code',
                  { type: 'server', message: 'That code did not work. Try the newest code your app shows.' },
                  { shouldFocus: true },
                );
                return;
              }
              if (!(error instanceof ApiError && applyFieldErrors(form, error.fields))) toast.error(messageOf(error));
            }
          }}
        >
          <FormTextField
            control={form.control}
            name="code"
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" aria-disabled={busy || undefined}>
              {busy ? 'Checking...' : 'Turn on two-factor sign-in'}
            </Button>
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </Form>
      </li>
    </ol>
  );
}

/** The QR code, drawn by the `qrcode` library, loaded only when someone sets two-factor up. */
function QrCode({ value }: { value: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toString(value, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((markup) => live && setSvg(markup))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [value]);
  if (failed) {
    return (
      <Notice tone="warning">The QR code could not be drawn (no connection?). Type the key below into the app.</Notice>
    );
  }
  if (!svg) return <Skeleton className="size-48" />;
  return (
    <div
      role="img"
      aria-label="QR code for your authenticator app"
      className="size-48 rounded-lg border border-line bg-white p-1 [&>svg]:size-full"
      // The markup is the library's own SVG for our otpauth URI (no user text inside).
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const download = () => {
    const text = `Tavara backup codes\nEach code signs you in once if you lose your phone.\n\n${codes.join('\n')}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'tavara-backup-codes.txt';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <div className="flex flex-col gap-3">
      <Notice tone="warning" title="Save your backup codes now">
        Each code signs you in once if you lose your phone. Keep them somewhere safe: they are not shown again.
      </Notice>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-2 font-mono text-lg whitespace-nowrap max-[400px]:text-base sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code} className="rounded-lg border border-line bg-canvas px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={download}>
          <Download aria-hidden="true" className="size-5" />
          Download as a text file
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}
