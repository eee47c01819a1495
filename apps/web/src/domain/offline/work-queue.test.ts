import { OFFLINE_MESSAGES } from '@tavara/shared/offline/offline-work';
import { describe, expect, it } from 'vitest';
import { backoffMs, createWorkQueue, type SendResult, type WorkItem } from './work-queue';

const T0 = Date.parse('2026-12-01T12:00:00Z');
const MIN = 60_000;

function setup(answers: Array<(item: WorkItem) => SendResult> = []) {
  let clock = T0;
  const sent: string[] = [];
  let saved: WorkItem[] = [];
  // What reached the server, by device key: the server records a key once (issue 29).
  const recorded = new Map<string, number>();
  const queue = createWorkQueue({
    load: async () => saved,
    save: async (items) => {
      saved = items;
    },
    now: () => clock,
    send: async (item) => {
      sent.push(item.label);
      const answer = answers.shift();
      const result = answer ? answer(item) : { kind: 'sent' as const };
      if (result.kind === 'sent' || result.kind === 'retry') recorded.set(item.key, (recorded.get(item.key) ?? 0) + 1);
      return result;
    },
  });
  const add = (label: string, minutesAgo: number, kind: WorkItem['kind'] = 'dose') =>
    queue.add({
      key: crypto.randomUUID(),
      kind,
      planId: 'plan',
      targetId: 'target',
      body: { status: 'given', conflict: 'ask' },
      occurredAt: new Date(clock - minutesAgo * MIN).toISOString(),
      label,
    });
  return { queue, sent, add, recorded, saved: () => saved, tick: (ms: number) => (clock += ms) };
}

describe('the offline work queue (issue 29)', () => {
  it('sends in the order things happened, not the order they were added', async () => {
    const q = setup();
    q.add('check-out', 5, 'check-out');
    q.add('check-in', 120, 'check-in');
    q.add('dose', 60);
    await q.queue.flush();
    expect(q.sent).toEqual(['check-in', 'dose', 'check-out']);
    expect(q.queue.items()).toEqual([]);
    expect(q.saved()).toEqual([]);
  });

  it('stops at an unreachable server and backs off before trying again, keeping the order', async () => {
    const q = setup([() => ({ kind: 'retry' })]);
    q.add('first', 30);
    q.add('second', 10);
    await q.queue.flush();
    expect(q.sent).toEqual(['first']);
    expect(q.queue.items().map((i) => [i.label, i.attempts])).toEqual([
      ['first', 1],
      ['second', 0],
    ]);
    expect(q.queue.nextAttemptAt()).toBe(T0 + backoffMs(1));
    // Not before the back-off is over.
    await q.queue.flush();
    expect(q.sent).toEqual(['first']);
    q.tick(backoffMs(1));
    await q.queue.flush();
    expect(q.sent).toEqual(['first', 'first', 'second']);
    expect(q.queue.items()).toEqual([]);
  });

  it('backs off 5 s, 10 s, 20 s … and never more than 5 minutes', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(backoffMs(20)).toBe(5 * MIN);
  });

  it('replays an item with the same device key after a lost answer, so the server records it once', async () => {
    // The first attempt reached the server, but its answer was lost: the queue sends the same key again.
    const q = setup([() => ({ kind: 'retry' })]);
    q.add('dose', 10);
    const key = q.queue.items()[0]!.key;
    await q.queue.flush();
    q.tick(backoffMs(1));
    await q.queue.flush();
    expect(q.sent).toEqual(['dose', 'dose']);
    expect([...q.recorded.keys()]).toEqual([key]);
  });

  it('two rounds at once (two taps on reconnect) send each item once', async () => {
    const q = setup();
    q.add('dose', 10);
    await Promise.all([q.queue.flush(), q.queue.flush()]);
    expect(q.sent).toEqual(['dose']);
  });

  it('does not send what happened more than 72 hours ago: it stays, refused with the reason', async () => {
    const q = setup();
    q.add('old', 72 * 60 + 1);
    q.add('recent', 71 * 60);
    await q.queue.flush();
    expect(q.sent).toEqual(['recent']);
    expect(q.queue.items()).toMatchObject([{ label: 'old', state: 'refused', message: OFFLINE_MESSAGES.tooOld }]);
  });

  it('keeps a conflict until the person decides: add theirs anyway (recorded both) or drop it', async () => {
    const q = setup([() => ({ kind: 'conflict', message: 'Already recorded as given by Marcus at 8:05 AM' })]);
    q.add('dose', 10);
    q.add('other dose', 5);
    await q.queue.flush();
    // The conflict does not hold back the rest.
    expect(q.sent).toEqual(['dose', 'other dose']);
    const [item] = q.queue.items();
    expect(item).toMatchObject({ state: 'conflict', message: 'Already recorded as given by Marcus at 8:05 AM' });
    await q.queue.decide(item!.key, 'add');
    expect(q.sent).toEqual(['dose', 'other dose', 'dose']);
    expect(q.queue.items()).toEqual([]);

    const d = setup([() => ({ kind: 'refused', message: OFFLINE_MESSAGES.shiftCancelled })]);
    d.add('check-in', 10, 'check-in');
    await d.queue.flush();
    await d.queue.decide(d.queue.items()[0]!.key, 'drop');
    expect(d.queue.items()).toEqual([]);
    expect(d.sent).toEqual(['check-in']);
  });

  it('"add anyway" re-sends a dose with the two-hour choice "both"', async () => {
    const bodies: unknown[] = [];
    const q = setup([
      (item) => {
        bodies.push(item.body);
        return { kind: 'conflict', message: 'taken' };
      },
      (item) => {
        bodies.push(item.body);
        return { kind: 'sent' };
      },
    ]);
    q.add('dose', 10);
    await q.queue.flush();
    await q.queue.decide(q.queue.items()[0]!.key, 'add');
    expect(bodies).toEqual([
      { status: 'given', conflict: 'ask' },
      { status: 'given', conflict: 'both' },
    ]);
  });

  it('keeps what is waiting across a restart (the saved list is read back)', async () => {
    const q = setup([() => ({ kind: 'retry' })]);
    q.add('dose', 10);
    await q.queue.flush();
    const restarted = createWorkQueue({
      load: async () => q.saved(),
      save: async () => undefined,
      send: async () => ({ kind: 'sent' }),
    });
    await restarted.ready;
    expect(restarted.items().map((i) => i.label)).toEqual(['dose']);
  });
});
