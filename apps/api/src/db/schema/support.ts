import type { ContactChatData } from '@tavara/shared/support/contact-request.schema';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { windowCounterTable } from '../../lib/window-counter';
import { user } from './auth';

/**
 * Contact Support requests (spec §3 "Contact request"), kept whether or not the e-mail to
 * SUPPORT_EMAIL went out, so nothing a user reported is lost. Values are stored as typed and
 * escaped only where they are rendered (the e-mail's HTML). A screenshot lives as a file under
 * DATA_DIR/uploads/support (its content checked to be an image), named by this row's id.
 */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The signed-in sender, if any; the typed e-mail is what support replies to. */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    chatData: jsonb('chat_data').$type<ContactChatData>(),
    /** File name under DATA_DIR/uploads/support, its sniffed type and size. */
    screenshotFile: text('screenshot_file'),
    screenshotType: text('screenshot_type'),
    screenshotBytes: integer('screenshot_bytes'),
    status: text('status').notNull().default('new'),
    /** Whether the e-mail to SUPPORT_EMAIL was handed over ('sent') or failed ('failed'); 'pending' before. */
    mailStatus: text('mail_status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_requests_created_at_idx').on(t.createdAt),
    check('support_requests_status_check', sql`${t.status} in ('new', 'in_progress', 'resolved')`),
    check('support_requests_mail_status_check', sql`${t.mailStatus} in ('pending', 'sent', 'failed')`),
  ],
);

/** Per-client-address and per-e-mail limits on contact requests. */
export const supportRateLimits = windowCounterTable('support_rate_limits');
