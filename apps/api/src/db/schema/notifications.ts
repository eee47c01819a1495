import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { EmailPreference, NotificationKind } from '@tavara/shared/notifications/notifications';
import { user } from './auth';

/**
 * Notifications and their delivery (issue 18, decision 022). A notification is written in the
 * same transaction as the change that causes it; its e-mail is a row in `notification_jobs`,
 * claimed by any app instance with `FOR UPDATE SKIP LOCKED` and a lease, so two instances on one
 * PostgreSQL send each mail once and a killed instance's job is taken over when its lease ends.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /** What the inbox shows (behind sign-in); e-mails use the kind's generic wording instead. */
    title: text('title').notNull(),
    body: text('body').notNull(),
    /**
     * An extra sentence for the e-mail's body (never its subject or preview), for kinds whose
     * mail is useless without it and that can carry no health detail: who invited you, as what.
     */
    emailLine: text('email_line'),
    /** A path inside the app ("/family/care-management/…"). */
    link: text('link').notNull(),
    /** Scheduled scans give each event a key, so scanning twice (or on two instances) notifies once. */
    dedupeKey: text('dedupe_key'),
    /**
     * The instant the event is about (a dose's time, a shift's start): "due N minutes ago" is
     * worded from it when the inbox is read or the e-mail/push is sent, never stored (issue 28).
     */
    eventAt: timestamp('event_at', { withTimezone: true }),
    /** Who it is about as the family names them ("Mum"): the only detail a default lock-screen push shows. */
    about: text('about'),
    /** How many things one message bundles (doses of one plan due at one time); 1 otherwise. */
    itemCount: integer('item_count').notNull().default(1),
    /** When its cause went away (the caregiver checked in, the doses were recorded), and how. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution'),
    /** The recipient's e-mail preference for the kind when it was created. */
    email: text('email').$type<EmailPreference>().notNull(),
    /** When its e-mail (alone or in a digest) was handed over. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * Who caused it (issue 32), when the text names them: deleting that account rewrites their
     * name in these rows to "A former member". No foreign key, so the id is still there to find
     * the rows at deletion (and is cleared then).
     */
    actorId: text('actor_id'),
  },
  (t) => [
    index('notifications_actor_id_idx')
      .on(t.actorId)
      .where(sql`${t.actorId} is not null`),
    // The inbox, newest first: NULLS FIRST matches a plain `order by created_at desc`.
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    // The bell's count reads this small index only.
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_user_dedupe_key').on(t.userId, t.dedupeKey),
    check('notifications_email_check', sql`${t.email} in ('now', 'digest', 'off')`),
  ],
);

/** E-mail and push per person and kind; a missing row means "now" and push on. In-app is always on. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    email: text('email').$type<EmailPreference>().notNull(),
    push: boolean('push').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('notification_preferences_email_check', sql`${t.email} in ('now', 'digest', 'off')`),
  ],
);

/** Quiet hours and the zone they are counted in; a missing row means on, in Trinidad and Tobago. */
export const notificationSettings = pgTable('notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  quietHours: boolean('quiet_hours').notNull().default(true),
  timeZone: text('time_zone').notNull().default('America/Port_of_Spain'),
  /**
   * Push text on the lock screen: false (default) says only "A dose is due for Mum — open
   * Tavara"; true shows the inbox's own words (medicine names) on this person's devices.
   */
  pushDetail: boolean('push_detail').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const NOTIFICATION_JOB_STATUSES = ['queued', 'running', 'sent', 'skipped', 'failed'] as const;
export type NotificationJobStatus = (typeof NOTIFICATION_JOB_STATUSES)[number];

/**
 * The delivery queue: one row per e-mail to send (`email`: one notification; `digest`: a person's
 * day). `idempotency_key` is unique, so the same mail is never queued twice; it is also the mail's
 * Message-ID, so a receiver can tell a resend after a crash from a new mail.
 */
export const notificationJobs = pgTable(
  'notification_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<'email' | 'digest' | 'push'>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'cascade' }),
    status: text('status').$type<NotificationJobStatus>().notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(6),
    /** While `running`: the claim is this worker's until then; after, any worker may take it over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_jobs_idempotency_key').on(t.idempotencyKey),
    // The claim query reads only the due rows of this partial index.
    index('notification_jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('notification_jobs_failed_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'failed'`),
    check('notification_jobs_status_check', sql`${t.status} in ('queued', 'running', 'sent', 'skipped', 'failed')`),
    check('notification_jobs_kind_check', sql`${t.kind} in ('email', 'digest', 'push')`),
  ],
);

/**
 * A browser's Web Push subscription (issue 28): one row per device the person allowed. The
 * endpoint is the push service's URL for that browser (checked against the allow-list when it is
 * stored); `p256dh` and `auth` are the browser's keys the payload is encrypted to (RFC 8291).
 * A push service answering 404/410 means the subscription is gone: the row is deleted.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** "Chrome on Android", from the User-Agent when it subscribed: how the device list names it. */
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);
