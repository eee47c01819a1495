import {
  DEFAULT_NOTIFICATION_TIME_ZONE,
  NOTIFICATION_KIND_INFO,
  type EmailPreference,
  type NotificationKind,
} from '@tavara/shared/notifications/notifications';
import { and, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  notificationJobs,
  notificationPreferences,
  notifications,
  notificationSettings,
} from '../../db/schema/notifications';
import { emailSendAt, nextDigest, safeZone } from './delivery-time';

/** A query builder or a transaction: pass the transaction of the change, so both commit together. */
export type NotifyWriter = Pick<Database, 'insert' | 'select'>;

/** One event, told to each recipient. */
export interface NotificationEvent {
  kind: NotificationKind;
  /** User ids; duplicates and the actor's own id (when given as `actorId`) are dropped. */
  recipients: ReadonlyArray<string | null | undefined>;
  /** The person who caused it: never told about their own action. */
  actorId?: string | null;
  /** The inbox's line (behind sign-in, so it may name the plan); e-mails use the kind's generic words. */
  title: string;
  body?: string;
  /** A path inside the app. */
  link: string;
  /** A sentence for the e-mail's body only, with no health detail (e.g. who invited and as what). */
  emailLine?: string;
  /**
   * For events found by a scan (a shift nobody checked in to): the same key never notifies the
   * same person twice, whichever instance scans and however often.
   */
  dedupeKey?: string;
  /** In the app only, whatever the recipient's e-mail preference (a repeat already e-mailed, issue 32). */
  noEmail?: boolean;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters. */
const BATCH = 1_000;

/**
 * Records `event` for each recipient — in the caller's transaction — and queues its e-mail by the
 * recipient's preference: now (held to 07:00 in quiet hours unless urgent), in tomorrow's digest,
 * or none. Returns how many notifications were created (0 for a repeated `dedupeKey`).
 *
 * Hooking a new event in is one call beside the change:
 *   await notify(tx, { kind: 'dose_due', recipients: [carerId], title, link });
 */
export async function notify(tx: NotifyWriter, event: NotificationEvent, now = new Date()): Promise<number> {
  return notifyAll(tx, [event], now);
}

/** Several events in one go (a scan's findings): the same rules, a few statements per 1,000 rows. */
export async function notifyAll(
  tx: NotifyWriter,
  events: readonly NotificationEvent[],
  now = new Date(),
): Promise<number> {
  const items: Item[] = [];
  for (const event of events) {
    const recipients = new Set(event.recipients.filter((id): id is string => Boolean(id) && id !== event.actorId));
    for (const userId of recipients) items.push({ event, userId });
  }
  let created = 0;
  for (let i = 0; i < items.length; i += BATCH) created += await notifyBatch(tx, items.slice(i, i + BATCH), now);
  return created;
}

interface Item {
  event: NotificationEvent;
  userId: string;
}

async function notifyBatch(tx: NotifyWriter, items: Item[], now: Date) {
  const users = [...new Set(items.map((i) => i.userId))];
  const kinds = [...new Set(items.map((i) => i.event.kind))];
  const [prefs, settings] = await Promise.all([
    tx
      .select()
      .from(notificationPreferences)
      .where(and(inArray(notificationPreferences.kind, kinds), inArray(notificationPreferences.userId, users))),
    tx.select().from(notificationSettings).where(inArray(notificationSettings.userId, users)),
  ]);
  const emailOf = new Map<string, EmailPreference>(prefs.map((p) => [`${p.userId} ${p.kind}`, p.email]));
  const settingsOf = new Map(settings.map((s) => [s.userId, s]));
  const rows = await tx
    .insert(notifications)
    .values(
      items.map(({ event, userId }) => ({
        userId,
        kind: event.kind,
        title: event.title,
        body: event.body ?? '',
        link: event.link,
        emailLine: event.emailLine ?? null,
        dedupeKey: event.dedupeKey ?? null,
        actorId: event.actorId ?? null,
        email: event.noEmail ? 'off' : (emailOf.get(`${userId} ${event.kind}`) ?? 'now'),
        createdAt: now,
      })),
    )
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning({
      id: notifications.id,
      userId: notifications.userId,
      kind: notifications.kind,
      email: notifications.email,
    });

  const jobs = new Map<string, typeof notificationJobs.$inferInsert>();
  for (const row of rows) {
    if (row.email === 'off') continue;
    const s = settingsOf.get(row.userId);
    const zone = safeZone(s?.timeZone, DEFAULT_NOTIFICATION_TIME_ZONE);
    if (row.email === 'now') {
      const urgent = NOTIFICATION_KIND_INFO[row.kind].urgent;
      jobs.set(`email:${row.id}`, {
        kind: 'email',
        idempotencyKey: `email:${row.id}`,
        userId: row.userId,
        notificationId: row.id,
        runAt: emailSendAt(now, zone, { quietHours: s?.quietHours ?? true, urgent }),
      });
    } else {
      const digest = nextDigest(now, zone);
      const key = `digest:${row.userId}:${digest.localDate}`;
      jobs.set(key, { kind: 'digest', idempotencyKey: key, userId: row.userId, runAt: digest.at });
    }
  }
  if (jobs.size > 0) {
    // A digest already queued for that day is the one that will carry this notification too.
    await tx
      .insert(notificationJobs)
      .values([...jobs.values()])
      .onConflictDoNothing({ target: notificationJobs.idempotencyKey });
  }
  return rows.length;
}
