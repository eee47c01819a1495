import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The table shape every fixed-window counter uses: one row per key, counted with one atomic
 * upsert. Each domain declares its own table with this factory (`auth_account_limits`,
 * `chat_rate_limits`), so counters are kept in the database, shared by every process and kept
 * across restarts (decision 002), and one domain's keys never mix with another's.
 */
export function windowCounterTable(name: string) {
  return pgTable(
    name,
    {
      key: text('key').primaryKey(),
      count: integer('count').notNull(),
      windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index(`${name}_window_idx`).on(t.windowStartedAt)],
  );
}
export type WindowCounterTable = ReturnType<typeof windowCounterTable>;
