import { useSyncExternalStore } from 'react';
import { ApiError } from '@/lib/api-client';
import { onSignOut, useAuth } from '@/lib/auth';
import { LOCAL_KEYS, localStore } from '@/lib/browser-storage';
import { readQueue, writeQueue } from './offline-store';
import { sendWork } from './send-work';
import { createWorkQueue, type WorkItem, type WorkKind, type WorkQueue } from './work-queue';

/**
 * The signed-in person's queue of care work recorded offline (issue 29), one per person and tab,
 * kept in IndexedDB unless this is a shared device (then only for this visit). Features record
 * through `keepOrSend`: online it is sent at once with its device key; without a connection — or
 * when the request never reached the server — it waits here and is sent when the connection is
 * back (app/offline-layer.tsx runs the rounds).
 */

let current: { userId: string; queue: WorkQueue } | null = null;
const sentListeners = new Set<(item: WorkItem) => void>();

export function workQueueFor(userId: string): WorkQueue {
  if (current?.userId === userId) return current.queue;
  const keep = localStore.get(LOCAL_KEYS.sharedDevice) !== '1';
  const queue = createWorkQueue({
    load: () => (keep ? readQueue<WorkItem[]>(userId) : Promise.resolve([])),
    save: (items) => (keep ? writeQueue(userId, items) : Promise.resolve()),
    send: sendWork,
    onSent: (item) => sentListeners.forEach((listener) => listener(item)),
  });
  current = { userId, queue };
  return queue;
}

/** Sign-out: this tab's queue is forgotten with the person (its stored copy is cleared too). */
export function forgetWorkQueue() {
  current?.queue.clear();
  current = null;
}
// Wherever this module has loaded (the offline layer, or a page that recorded a dose), sign-out
// here or in another tab forgets the queue it holds.
onSignOut(forgetWorkQueue);

/** How many items wait to be sent in this tab (asked before a sign-out deletes them). */
export function waitingCount(): number {
  return current?.queue.items().filter((i) => i.state === 'waiting').length ?? 0;
}

/** Runs `listener` after a waiting item was recorded by the server (to refresh what it changed). */
export function onWorkSent(listener: (item: WorkItem) => void): () => void {
  sentListeners.add(listener);
  return () => void sentListeners.delete(listener);
}

const NONE: WorkItem[] = [];
const noSubscription = () => () => undefined;

/** The person's waiting work, live. */
export function useWaitingWork(): { queue: WorkQueue | null; items: WorkItem[] } {
  const { user } = useAuth();
  const queue = user ? workQueueFor(user.id) : null;
  const items = useSyncExternalStore(queue?.subscribe ?? noSubscription, () => queue?.items() ?? NONE);
  return { queue, items };
}

/** The waiting item about this dose or shift step, if any. */
export function waitingItem(items: WorkItem[], kind: WorkKind, targetId: string, scheduledFor?: string) {
  return items.find(
    (i) =>
      i.kind === kind &&
      i.targetId === targetId &&
      (scheduledFor === undefined || i.body.scheduledFor === scheduledFor),
  );
}

export type Kept = { kept: true };

/**
 * Sends a piece of care work now, or keeps it for later: `send` gets the body with the device key
 * and the instant it happened. Kept when the device is offline or the request could not reach
 * the server (the server may still have it: the same key is sent again, and recorded once).
 */
export async function keepOrSend<T>(
  userId: string,
  work: { kind: WorkKind; planId: string; targetId: string; body: Record<string, unknown>; label: string },
  send: (body: Record<string, unknown> & { clientKey: string; occurredAt: string }) => Promise<T>,
): Promise<T | Kept> {
  const key = crypto.randomUUID();
  const occurredAt = new Date().toISOString();
  const keep = (): Kept => {
    workQueueFor(userId).add({ ...work, key, occurredAt });
    return { kept: true };
  };
  if (!navigator.onLine) return keep();
  try {
    return await send({ ...work.body, clientKey: key, occurredAt });
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) return keep();
    throw error;
  }
}

export const wasKept = (answer: unknown): answer is Kept => (answer as Kept | null)?.kept === true;
