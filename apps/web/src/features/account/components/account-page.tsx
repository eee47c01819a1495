import { ShieldCheck, UserRoundCog } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { confirmPassword } from '../api/account-api';
import { DataSection } from './data-section';
import { PasswordPrompt } from './password-prompt';
import { PasswordSection } from './password-section';
import { ProfileSection } from './profile-section';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';
import { messageOf } from './account-ui';

const CONTENTS = [
  { id: 'profile', label: 'Profile' },
  { id: 'password', label: 'Password' },
  { id: 'two-factor', label: 'Two-factor sign-in' },
  { id: 'devices', label: 'Devices' },
  { id: 'your-data', label: 'Your data' },
] as const;

/**
 * `/account` (issue 22; beyond the spec's route table): the person's own account — profile,
 * e-mail, password, two-factor sign-in, devices, their data. Sensitive actions ask for the
 * password again (open for 5 minutes on the server) through one shared prompt.
 */
export function AccountPage() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const signedIn = auth.user !== null;
  // "/account#two-factor" (the admin gate sends admins there): bring that section into view.
  useEffect(() => {
    if (!signedIn || !hash) return;
    document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [signedIn, hash]);
  const [pending, setPending] = useState(false);
  const then = useRef<(() => Promise<void>) | null>(null);
  const requirePassword = (next: () => Promise<void>) => {
    then.current = next;
    setPending(true);
  };

  if (auth.loading && !auth.user) {
    return (
      <div role="status" className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-10">
        <span className="sr-only">Loading your account...</span>
        <Skeleton className="h-10 w-56" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }

  if (!auth.user) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-3xl font-bold">Your account</h1>
        <Notice tone="info" title="Please sign in" className="mt-6">
          <p>Sign in to see your devices, two-factor sign-in and your data.</p>
          <Button asChild className="mt-3">
            <Link to="/auth">Sign in</Link>
          </Button>
        </Notice>
      </div>
    );
  }

  const adminNeedsTwoFactor = auth.role === 'admin' && !auth.user.twoFactorEnabled;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:py-10">
      <header className="flex items-start gap-3">
        <span className="grid size-12 shrink-0 place-items-center rounded-full bg-brand-soft text-brand">
          <UserRoundCog aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0">
          <h1 className="text-3xl font-bold">Your account</h1>
          <p className="mt-1 break-all text-ink-muted">{auth.user.email}</p>
        </div>
      </header>
      {params.get('email') === 'changed' && (
        <Notice tone="success" role="status" title="Your email address was changed">
          Sign in with your new address from now on.
        </Notice>
      )}
      {adminNeedsTwoFactor && (
        <Notice tone="warning" title="Set up two-factor sign-in to open the admin area">
          <p>Admins need two-factor sign-in. It takes two minutes with an authenticator app.</p>
          <Button asChild size="sm" className="mt-3">
            <a href="#two-factor">
              <ShieldCheck aria-hidden="true" className="size-4" />
              Set it up
            </a>
          </Button>
        </Notice>
      )}
      <nav aria-label="Account sections">
        <ul className="flex flex-wrap gap-2">
          {CONTENTS.map((item) => (
            <li key={item.id}>
              <a
                href={`#${item.id}`}
                className="inline-flex min-h-11 items-center rounded-full border border-line bg-surface px-4 font-medium hover:bg-brand-soft"
              >
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <ProfileSection requirePassword={requirePassword} />
      <PasswordSection />
      <TwoFactorSection />
      <SessionsSection />
      <DataSection requirePassword={requirePassword} />
      <PasswordPrompt
        open={pending}
        onOpenChange={(open) => {
          setPending(open);
          if (!open) then.current = null;
        }}
        title="Enter your password again"
        description="For your safety, this needs your password. It stays open for 5 minutes."
        confirmLabel="Continue"
        busyLabel="Checking..."
        onConfirm={async (password) => {
          await confirmPassword(password);
          const next = then.current;
          then.current = null;
          // The password was right: whatever the action answers, the prompt's work is done.
          if (next) await next().catch((error: unknown) => toast.error(messageOf(error)));
        }}
      />
    </div>
  );
}
