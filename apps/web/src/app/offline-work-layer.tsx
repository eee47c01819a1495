import { useQueryClient } from '@tanstack/react-query';
import { CARE_TIME_ZONE } from '@tavara/shared/time/format';
import { formatTimeIn } from '@tavara/shared/time/relative';
import { CloudOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { onWorkSent, useWaitingWork, waitingCount, workQueueFor } from '@/domain/offline/offline-work';
import type { WorkItem } from '@/domain/offline/work-queue';
import { keysToRefresh } from '@/domain/refresh';
import { useAuth } from '@/lib/auth';
import { useOnline } from '@/lib/use-online';
import { showsSavedData } from './offline-pages';
import { keepCareOffline } from './offline-warmup';

/**
 * What a signed-in person sees of the connection (issue 29): "Offline — showing what was saved at
 * 9:42 AM" while there is none; the work recorded on this phone and not sent yet ("Waiting to send
 * (2)"), with what the server said about any it would not record and the choice to add it anyway
 * or drop it; and the rounds that send it — at start, when the connection comes back, and after
 * each back-off. Back online, the care views refresh by themselves.
 */

/** The newest answer the cache holds of the care views: when "what was saved" is from. */
function useSavedAt(): number | null {
  const queryClient = useQueryClient();
  const newest = Math.max(
    0,
    ...queryClient
      .getQueryCache()
      .getAll()
      .map((q) => q.state.dataUpdatedAt),
  );
  return newest > 0 ? newest : null;
}

let confirmSignOut: ((waiting: number) => Promise<boolean>) | null = null;

/**
 * Asked before a sign-out (offline-layer.tsx), which deletes the work waiting to send: true when
 * nothing waits or the person chose to delete it. The queue is read first, so work recorded on an
 * earlier visit counts even when this layer has only just loaded.
 */
export async function checkSignOut(userId: string): Promise<boolean> {
  await workQueueFor(userId).ready;
  const waiting = waitingCount();
  if (waiting === 0) return true;
  return confirmSignOut ? confirmSignOut(waiting) : window.confirm(signOutWarning(waiting));
}

const signOutWarning = (n: number) =>
  `${n === 1 ? '1 record is' : `${n} records are`} still waiting to send. Signing out deletes ${n === 1 ? 'it' : 'them'} from this phone, and the family will not see ${n === 1 ? 'it' : 'them'}.`;

function WaitingItem({ item, onDecide }: { item: WorkItem; onDecide: (choice: 'add' | 'retry' | 'drop') => void }) {
  const at = formatTimeIn(item.occurredAt, CARE_TIME_ZONE);
  return (
    <li className="rounded-lg border border-line bg-surface p-3">
      <p className="font-medium">
        {item.label} <span className="font-normal text-ink-muted">· {at}</span>
      </p>
      {item.state !== 'waiting' && (
        <>
          <p className="mt-1 text-danger">{item.message}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            {item.state === 'conflict' ? (
              <Button size="sm" onClick={() => onDecide('add')}>
                Add mine anyway
              </Button>
            ) : (
              <Button size="sm" variant="secondary" onClick={() => onDecide('retry')}>
                Try again
              </Button>
            )}
            <Button size="sm" variant="secondary" onClick={() => onDecide('drop')}>
              {item.state === 'conflict' ? 'Drop mine' : 'Drop it'}
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

/**
 * The part of the offline layer (offline-layer.tsx) a page does not wait for: online it loads once
 * the page is on screen with its data (issue 35), offline at once.
 */
export default function OfflineWorkLayer() {
  const auth = useAuth();
  const { user } = auth;
  const online = useOnline();
  const onSavedDataPage = showsSavedData(useLocation().pathname);
  const savedAt = useSavedAt();
  const queryClient = useQueryClient();
  const { queue, items } = useWaitingWork();
  const [asking, setAsking] = useState<{ waiting: number; answer: (ok: boolean) => void } | null>(null);

  // The shell's "You are offline" line steps aside for this banner (status-banner.tsx).
  useEffect(() => {
    if (online || !user || !onSavedDataPage) return;
    document.documentElement.dataset.savedOffline = '';
    return () => void delete document.documentElement.dataset.savedOffline;
  }, [online, user, onSavedDataPage]);

  // What a sent item changed is refreshed, as the mutation would have (the refresh map).
  useEffect(
    () =>
      onWorkSent((item) => {
        for (const queryKey of keysToRefresh(item.kind === 'dose' ? 'medication' : 'shift'))
          void queryClient.invalidateQueries({ queryKey });
      }),
    [queryClient],
  );

  // Rounds: now, back online, and when the first waiting item's back-off is over.
  useEffect(() => {
    if (!queue || !online) return;
    void queue.flush();
    const next = queue.nextAttemptAt();
    if (next === null || next <= Date.now()) return;
    const timer = setTimeout(() => void queue.flush(), next - Date.now());
    return () => clearTimeout(timer);
  }, [queue, online, items]);

  // Back online (the connection, or the server after an offline start), the care views refresh by
  // themselves; online, what a carer needs offline is fetched. Not at an ordinary start: the page
  // has just asked for its data (what was restored is stale already, offline-persistence.ts), and
  // refreshing it then would ask twice (issue 35).
  const wasOffline = useRef(false);
  const serverOffline = auth.offline === true;
  useEffect(() => {
    if (!online || serverOffline) wasOffline.current = true;
  }, [online, serverOffline]);
  useEffect(() => {
    if (!user || !online || serverOffline) return;
    if (wasOffline.current) void queryClient.invalidateQueries();
    wasOffline.current = false;
    void keepCareOffline(queryClient, user.id).catch((error: unknown) =>
      console.warn('Could not keep the care data for offline use', error),
    );
  }, [user, online, serverOffline, queryClient]);

  useEffect(() => {
    confirmSignOut = (waiting) => new Promise((answer) => setAsking({ waiting, answer }));
    return () => {
      confirmSignOut = null;
    };
  }, []);

  const decide = (key: string, choice: 'add' | 'retry' | 'drop') => void queue?.decide(key, choice);
  const waitingCount = items.filter((i) => i.state === 'waiting').length;
  const close = (ok: boolean) => {
    asking?.answer(ok);
    setAsking(null);
  };

  return (
    <>
      {user && !online && onSavedDataPage && (
        <div role="status" className="border-b border-line bg-brand-soft">
          <p className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2 text-base">
            <CloudOff aria-hidden="true" className="size-5 shrink-0 text-brand" />
            {savedAt
              ? `Offline — showing what was saved at ${formatTimeIn(savedAt, CARE_TIME_ZONE)}`
              : 'Offline — nothing has been saved on this device yet'}
          </p>
        </div>
      )}
      {items.length > 0 && (
        <section aria-labelledby="waiting-work-title" className="border-b border-line bg-warning-soft">
          <div className="mx-auto max-w-6xl px-4 py-3">
            <h2 id="waiting-work-title" className="font-semibold">
              {waitingCount > 0 ? `Waiting to send (${waitingCount})` : 'Not recorded: please decide'}
            </h2>
            <ul className="mt-2 grid gap-2">
              {items.map((item) => (
                <WaitingItem key={item.key} item={item} onDecide={(choice) => decide(item.key, choice)} />
              ))}
            </ul>
          </div>
        </section>
      )}
      <AlertDialog open={asking !== null} onOpenChange={(open) => !open && close(false)}>
        <AlertDialogContent>
          <AlertDialogTitle>Sign out and delete what is waiting?</AlertDialogTitle>
          <AlertDialogDescription>{asking ? signOutWarning(asking.waiting) : ''}</AlertDialogDescription>
          <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-end">
            <AlertDialogCancel asChild>
              <Button variant="secondary">Stay signed in</Button>
            </AlertDialogCancel>
            <Button onClick={() => close(true)}>Sign out and delete</Button>
          </div>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
