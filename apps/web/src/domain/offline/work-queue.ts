import { occurredAtProblem } from '@tavara/shared/offline/offline-work';

/**
 * Care work recorded without a connection (issue 29): a dose given, missed or refused, a check-in,
 * a check-out with its note. Each item keeps the key the device made for it and the instant it
 * happened; the server records a key once, so sending an item again is always safe.
 *
 * The queue is plain TypeScript with its storage, its sender and its clock passed in, so its rules
 * are unit-tested without a browser (`work-queue.test.ts`):
 * - sent in the order they happened (a check-in before its check-out);
 * - a failure to reach the server stops the round and backs off (5 s, 10 s, 20 s … at most 5 min);
 * - an item the server will not record as it stands (someone else recorded the dose; the shift
 *   was cancelled) stays, with the reason, until the person decides — nothing typed is lost;
 * - an item older than 72 hours is not sent: the server would refuse it (`occurredAtProblem`).
 */

export type WorkKind = 'dose' | 'check-in' | 'check-out';

export interface WorkItem {
  /** The device's key (crypto.randomUUID), sent as `clientKey`. */
  key: string;
  kind: WorkKind;
  planId: string;
  /** The shift (check-in, check-out) or the medication (dose) it is about. */
  targetId: string;
  /** The request body without the key and the instant (added when sent). */
  body: Record<string, unknown>;
  /** When it happened on the device (ISO instant). */
  occurredAt: string;
  /** Shown in the list of waiting work, e.g. "Metformin 500 mg, 8:00 AM: given". */
  label: string;
  state: 'waiting' | 'conflict' | 'refused';
  /** Why it was not recorded (conflict, refused). */
  message?: string;
  attempts: number;
  /** Not sent again before this (ms since the epoch); 0 = at the next round. */
  nextAttemptAt: number;
}

/** What the server said to one item. */
export type SendResult =
  { kind: 'sent' } | { kind: 'conflict'; message: string } | { kind: 'refused'; message: string } | { kind: 'retry' };

export interface WorkQueueDeps {
  load: () => Promise<WorkItem[] | undefined>;
  save: (items: WorkItem[]) => Promise<void>;
  send: (item: WorkItem) => Promise<SendResult>;
  now?: () => number;
  onSent?: (item: WorkItem) => void;
}

export const BACKOFF_BASE_MS = 5_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

/** The wait before attempt `attempts + 1` after `attempts` rounds that could not reach the server. */
export const backoffMs = (attempts: number) =>
  Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);

const byOccurrence = (a: WorkItem, b: WorkItem) => a.occurredAt.localeCompare(b.occurredAt);

export type WorkQueue = ReturnType<typeof createWorkQueue>;

export function createWorkQueue(deps: WorkQueueDeps) {
  const now = deps.now ?? Date.now;
  let items: WorkItem[] = [];
  const listeners = new Set<() => void>();
  let flushing: Promise<void> | null = null;
  const ready = deps.load().then(
    (saved) => {
      // Added before the saved list arrived: kept after it.
      items = [...(saved ?? []), ...items].sort(byOccurrence);
      changed(false);
    },
    (error: unknown) => console.warn('Could not read the work waiting to send', error),
  );

  function changed(persist = true) {
    items = [...items];
    listeners.forEach((listener) => listener());
    if (persist)
      void deps.save(items).catch((error: unknown) => console.warn('Could not keep the work waiting to send', error));
  }

  function patch(key: string, change: Partial<WorkItem> | null) {
    items =
      change === null
        ? items.filter((i) => i.key !== key)
        : items.map((i) => (i.key === key ? { ...i, ...change } : i));
    changed();
  }

  async function round() {
    await ready;
    for (const item of [...items].sort(byOccurrence)) {
      if (item.state !== 'waiting') continue;
      // Backing off: nothing after it goes first.
      if (item.nextAttemptAt > now()) return;
      const problem = occurredAtProblem(new Date(item.occurredAt), new Date(now()));
      if (problem) {
        patch(item.key, { state: 'refused', message: problem });
        continue;
      }
      let result: SendResult;
      try {
        result = await deps.send(item);
      } catch (error) {
        console.warn('Sending waiting work failed', error);
        result = { kind: 'retry' };
      }
      if (result.kind === 'sent') {
        patch(item.key, null);
        deps.onSent?.(item);
      } else if (result.kind === 'retry') {
        const attempts = item.attempts + 1;
        patch(item.key, { attempts, nextAttemptAt: now() + backoffMs(attempts) });
        // The server cannot be reached: later items wait their turn (order is kept).
        return;
      } else {
        patch(item.key, { state: result.kind, message: result.message });
      }
    }
  }

  return {
    ready,
    items: () => items,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    add(item: Omit<WorkItem, 'state' | 'attempts' | 'nextAttemptAt'>) {
      items = [...items, { ...item, state: 'waiting' as const, attempts: 0, nextAttemptAt: 0 }].sort(byOccurrence);
      changed();
    },
    /** Sends what is due, in order; a second call while one runs waits for it. */
    flush(): Promise<void> {
      flushing ??= round().finally(() => (flushing = null));
      return flushing;
    },
    /** When the next round may send something (the first waiting item's back-off), or null. */
    nextAttemptAt(): number | null {
      return items.find((i) => i.state === 'waiting')?.nextAttemptAt ?? null;
    },
    /**
     * The person's decision on an item that was not recorded: `add` sends it again (a dose
     * "recorded both", beside the other record), `retry` sends it as it was, `drop` deletes it.
     */
    decide(key: string, choice: 'add' | 'retry' | 'drop') {
      const item = items.find((i) => i.key === key);
      if (!item) return Promise.resolve();
      if (choice === 'drop') {
        patch(key, null);
        return Promise.resolve();
      }
      const body = choice === 'add' && item.kind === 'dose' ? { ...item.body, conflict: 'both' } : item.body;
      patch(key, { body, state: 'waiting', message: undefined, attempts: 0, nextAttemptAt: 0 });
      return this.flush();
    },
    clear() {
      items = [];
      changed();
    },
  };
}
