import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The development outbox: with no SMTP_URL outside production, every e-mail is stored here
 * instead of sent, and `GET /api/dev/mailbox` lists them (newest first). Never written in
 * production (env.ts requires SMTP_URL there).
 */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_outbox_to_address_idx').on(t.toAddress)],
);
