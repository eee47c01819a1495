import type { ContactChatData } from '@tavara/shared/support/contact-request.schema';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { windowCounterTable } from './window-counter';
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
    /**
     * Issue 20: a caregiver's request for support (`presence_support`, `errand_relief_circle`,
     * `companion_matching`, `emotional_co_care`) from /caregiver/health; null for a Contact
     * Support message. Both reach the same admin inbox.
     */
    kind: text('kind'),
    /** For a caregiver support request: how the person would like to be reached. */
    preferredContact: text('preferred_contact'),
    status: text('status').notNull().default('new'),
    /** Whether the e-mail to SUPPORT_EMAIL was handed over ('sent') or failed ('failed'); 'pending' before. */
    mailStatus: text('mail_status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_requests_created_at_idx').on(t.createdAt),
    index('support_requests_user_idx').on(t.userId, t.createdAt),
    check(
      'support_requests_kind_check',
      sql`${t.kind} is null or ${t.kind} in ('presence_support', 'errand_relief_circle', 'companion_matching', 'emotional_co_care')`,
    ),
    check('support_requests_status_check', sql`${t.status} in ('new', 'in_progress', 'resolved')`),
    check('support_requests_mail_status_check', sql`${t.mailStatus} in ('pending', 'sent', 'failed')`),
  ],
);

/** Per-client-address and per-e-mail limits on contact requests. */
export const supportRateLimits = windowCounterTable('support_rate_limits');

/**
 * An admin's answer to a support request, shown to the signed-in person who sent it on
 * /caregiver/health (issue 20). Contact-form senders are answered by e-mail as before.
 */
export const supportReplies = pgTable(
  'support_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => supportRequests.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_replies_request_idx').on(t.requestId, t.createdAt)],
);
