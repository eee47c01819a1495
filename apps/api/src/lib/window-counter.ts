import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { WindowCounterTable } from '../db/schema/window-counter';

/** A limit of `max` events per `windowSeconds`, in a fixed window that starts with the first event. */
export interface WindowRule {
  max: number;
  windowSeconds: number;
}

export interface LimitDecision {
  allowed: boolean;
  /** Seconds until the window ends (0 when allowed). */
  retryAfterSeconds: number;
}

/** Rows older than this are deleted now and then; longer than every window in use. */
const STALE_AFTER_SECONDS = 24 * 3600;
const CLEANUP_INTERVAL_MS = 10 * 60_000;

/**
 * Fixed-window counters in `table`. `consume` counts an event and decides in one atomic upsert,
 * so concurrent requests (in any process) cannot both slip under the limit.
 */
export function createWindowCounter(db: Database, table: WindowCounterTable) {
  let nextCleanupAt = 0;
  const windowEnd = (seconds: number) =>
    sql<number>`greatest(0, ceil(extract(epoch from (${table.windowStartedAt} + make_interval(secs => ${seconds}) - now()))))`;

  async function cleanup() {
    if (Date.now() < nextCleanupAt) return;
    nextCleanupAt = Date.now() + CLEANUP_INTERVAL_MS;
    await db.delete(table).where(lt(table.windowStartedAt, sql`now() - make_interval(secs => ${STALE_AFTER_SECONDS})`));
  }

  return {
    /** Counts one event for `key` and says whether it is within the limit. */
    async consume(key: string, rule: WindowRule): Promise<LimitDecision> {
      const expired = sql`${table.windowStartedAt} <= now() - make_interval(secs => ${rule.windowSeconds})`;
      const [row] = await db
        .insert(table)
        .values({ key, count: 1 })
        .onConflictDoUpdate({
          target: table.key,
          set: {
            count: sql`case when ${expired} then 1 else ${table.count} + 1 end`,
            windowStartedAt: sql`case when ${expired} then now() else ${table.windowStartedAt} end`,
          },
        })
        .returning({ count: table.count, retryAfter: windowEnd(rule.windowSeconds) });
      await cleanup();
      if (!row || row.count <= rule.max) return { allowed: true, retryAfterSeconds: 0 };
      return { allowed: false, retryAfterSeconds: Number(row.retryAfter) };
    },

    /** Whether the limit for `key` is already used up in the current window (counts nothing). */
    async check(key: string, rule: WindowRule): Promise<LimitDecision> {
      const [row] = await db
        .select({ count: table.count, retryAfter: windowEnd(rule.windowSeconds) })
        .from(table)
        .where(
          and(eq(table.key, key), gt(table.windowStartedAt, sql`now() - make_interval(secs => ${rule.windowSeconds})`)),
        );
      if (!row || row.count < rule.max) return { allowed: true, retryAfterSeconds: 0 };
      return { allowed: false, retryAfterSeconds: Number(row.retryAfter) };
    },

    /** Forgets the counter for `key`. */
    async clear(key: string): Promise<void> {
      await db.delete(table).where(eq(table.key, key));
    },
  };
}

export type WindowCounter = ReturnType<typeof createWindowCounter>;
