import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import type { AccountSession } from '@tavara/shared/account/account';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useRevokeSession, useSessions, useSignOutOtherSessions } from '../api/account-api';
import { AccountSection, formatWhen, messageOf, SectionError, SectionLoading } from './account-ui';

/** Signed-in devices (issue 22, item 3; ASVS 7.5.2): sign out one, or every other. */
export function SessionsSection() {
  const sessions = useSessions();
  // Both refresh the list once they settle, also after a failure.
  const revokeSession = useRevokeSession();
  const signOutOthers = useSignOutOtherSessions();
  const [busy, setBusy] = useState<string | null>(null);

  async function run(key: string, action: () => Promise<unknown>, done: string) {
    setBusy(key);
    try {
      await action();
      toast.success(done);
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setBusy(null);
    }
  }

  const others = sessions.data?.filter((s) => !s.current) ?? [];
  return (
    <AccountSection
      id="devices"
      title="Signed-in devices"
      icon={MonitorSmartphone}
      description="Where your account is signed in now. Sign out anything you do not recognise, then change your password."
    >
      {sessions.isPending ? (
        <SectionLoading label="Loading your devices..." />
      ) : sessions.isError ? (
        <SectionError
          title="Your devices could not be loaded"
          error={sessions.error}
          onRetry={() => void sessions.refetch()}
        />
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-line rounded-lg border border-line">
            {sessions.data.map((s) => (
              <SessionRow
                key={s.id}
                session={s}
                busy={busy === s.id}
                onSignOut={() =>
                  void run(s.id, () => revokeSession.mutateAsync(s.id), `Signed out ${s.browser} on ${s.os}.`)
                }
              />
            ))}
          </ul>
          {others.length > 0 ? (
            <div>
              <Button
                variant="secondary"
                aria-disabled={busy !== null || undefined}
                onClick={() =>
                  busy === null &&
                  void run('others', () => signOutOthers.mutateAsync(), 'Every other device was signed out.')
                }
              >
                <LogOut aria-hidden="true" className="size-5" />
                {busy === 'others' ? 'Signing out...' : 'Sign out all other devices'}
              </Button>
            </div>
          ) : (
            <p className="text-ink-muted">No other device is signed in.</p>
          )}
        </>
      )}
    </AccountSection>
  );
}

function SessionRow({ session, busy, onSignOut }: { session: AccountSession; busy: boolean; onSignOut: () => void }) {
  const name = `${session.browser} on ${session.os}`;
  return (
    <li className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold">
          {name}
          {session.current && (
            <span className="ml-2 inline-flex rounded-full border border-success/30 bg-success-soft px-2 py-0.5 text-sm font-medium text-success">
              This device
            </span>
          )}
        </p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-ink-muted">
          <dt>Network address</dt>
          <dd className="break-all">{session.ipAddress ?? 'Not known'}</dd>
          <dt>Signed in</dt>
          <dd>{formatWhen(session.createdAt)}</dd>
          <dt>Last active</dt>
          <dd>{formatWhen(session.lastSeenAt)}</dd>
        </dl>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Sign out ${name}`}
          aria-disabled={busy || undefined}
          onClick={() => !busy && onSignOut()}
        >
          {busy ? 'Signing out...' : 'Sign out'}
        </Button>
      )}
    </li>
  );
}
