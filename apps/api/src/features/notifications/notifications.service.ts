import {
  DEFAULT_NOTIFICATION_TIME_ZONE,
  NOTIFICATION_KIND_INFO,
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES as M,
  NOTIFICATIONS_PAGE_SIZE,
  type EmailPreference,
  type NotificationItem,
  type NotificationKind,
  type NotificationPreferencesInput,
} from '@tavara/shared/notifications/notifications';
import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { user } from '../../db/schema/auth';
import {
  notificationJobs,
  notificationPreferences,
  notifications,
  notificationSettings,
} from '../../db/schema/notifications';
import { AppError } from '../../lib/app-error';
import { recordAdminAction, type AuditActor } from '../../lib/audit-log';
import { readUnsubscribeToken } from '../../lib/notifications/unsubscribe-token';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ——— the inbox: only ever the asker's own rows ———

function itemView(row: typeof notifications.$inferSelect): NotificationItem {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    eventAt: row.eventAt?.toISOString() ?? null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolution: row.resolution,
  };
}

/** Newest first, a page at a time; `before` is the last item's id of the previous page. */
export async function listNotifications(db: Database, userId: string, before?: string) {
  let cursor: { createdAt: Date; id: string } | undefined;
  if (before && UUID.test(before)) {
    const [row] = await db
      .select({ createdAt: notifications.createdAt, id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.id, before), eq(notifications.userId, userId)));
    cursor = row;
  }
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        cursor
          ? or(
              lt(notifications.createdAt, cursor.createdAt),
              and(eq(notifications.createdAt, cursor.createdAt), lt(notifications.id, cursor.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE + 1);
  return {
    items: rows.slice(0, NOTIFICATIONS_PAGE_SIZE).map(itemView),
    hasMore: rows.length > NOTIFICATIONS_PAGE_SIZE,
    unread: await unreadCount(db, userId),
  };
}

/** The bell's number: one count over the partial index of unread rows. */
export async function unreadCount(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

export async function markRead(db: Database, userId: string, id: string) {
  if (!UUID.test(id)) throw new AppError('not_found', M.notFound);
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  // Another person's notification is answered exactly like one that does not exist.
  if (!row) throw new AppError('not_found', M.notFound);
  return { notification: itemView(row), unread: await unreadCount(db, userId) };
}

export async function markAllRead(db: Database, userId: string) {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { marked: rows.length, unread: 0 };
}

// ——— preferences ———

export async function getPreferences(db: Database, userId: string) {
  const [rows, [settings]] = await Promise.all([
    db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
    db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)),
  ]);
  const chosen = new Map(rows.map((r) => [r.kind, r]));
  const email = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, chosen.get(k)?.email ?? 'now'])) as Record<
    NotificationKind,
    EmailPreference
  >;
  const push = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, chosen.get(k)?.push ?? true])) as Record<
    NotificationKind,
    boolean
  >;
  return {
    email,
    push,
    quietHours: settings?.quietHours ?? true,
    pushDetail: settings?.pushDetail ?? false,
    timeZone: settings?.timeZone ?? DEFAULT_NOTIFICATION_TIME_ZONE,
  };
}

export async function savePreferences(db: Database, userId: string, input: NotificationPreferencesInput) {
  const current = await getPreferences(db, userId);
  // Every kind named in either map is written whole (its other choice kept as it is now).
  const kinds = new Set([...Object.keys(input.email), ...Object.keys(input.push ?? {})] as NotificationKind[]);
  await db.transaction(async (tx) => {
    if (kinds.size > 0) {
      await tx
        .insert(notificationPreferences)
        .values(
          [...kinds].map((kind) => ({
            userId,
            kind,
            email: input.email[kind] ?? current.email[kind],
            push: input.push?.[kind] ?? current.push[kind],
          })),
        )
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: { email: sql`excluded.email`, push: sql`excluded.push`, updatedAt: new Date() },
        });
    }
    const pushDetail = input.pushDetail ?? current.pushDetail;
    await tx
      .insert(notificationSettings)
      .values({ userId, quietHours: input.quietHours, pushDetail })
      .onConflictDoUpdate({
        target: notificationSettings.userId,
        set: { quietHours: input.quietHours, pushDetail, updatedAt: new Date() },
      });
  });
  return getPreferences(db, userId);
}

// ——— one-click unsubscribe (RFC 8058), signed out ———

function topicLabel(kind: NotificationKind | 'digest') {
  return kind === 'digest' ? 'The daily digest' : NOTIFICATION_KIND_INFO[kind].label;
}

export function describeUnsubscribe(secret: string, token: string) {
  const read = readUnsubscribeToken(secret, token);
  if (!read) throw new AppError('not_found', M.unsubscribeInvalid);
  return { topic: read.kind, label: topicLabel(read.kind) };
}

/**
 * Turns off e-mail for the token's kind only (the digest's token: every kind now in the digest),
 * for the token's person only. Repeating it changes nothing; a deleted account is "not found".
 */
export async function unsubscribe(db: Database, secret: string, token: string) {
  const read = readUnsubscribeToken(secret, token);
  if (!read) throw new AppError('not_found', M.unsubscribeInvalid);
  const [person] = await db.select({ id: user.id }).from(user).where(eq(user.id, read.userId));
  if (!person) throw new AppError('not_found', M.unsubscribeInvalid);
  const current = await getPreferences(db, read.userId);
  const kinds = read.kind === 'digest' ? NOTIFICATION_KINDS.filter((k) => current.email[k] === 'digest') : [read.kind];
  if (kinds.length > 0) {
    await db
      .insert(notificationPreferences)
      .values(kinds.map((kind) => ({ userId: read.userId, kind, email: 'off' as const })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { email: 'off', updatedAt: new Date() },
      });
  }
  return { topic: read.kind, label: topicLabel(read.kind), unsubscribed: true };
}

// ——— the admin's view of the queue ———

export async function queueOverview(db: Database) {
  const [byStatus, [due], failures] = await Promise.all([
    db.select({ status: notificationJobs.status, n: count() }).from(notificationJobs).groupBy(notificationJobs.status),
    db
      .select({ n: count(), oldest: sql<string | null>`min(${notificationJobs.runAt})` })
      .from(notificationJobs)
      .where(and(eq(notificationJobs.status, 'queued'), sql`${notificationJobs.runAt} <= now()`)),
    db
      .select({
        id: notificationJobs.id,
        kind: notificationJobs.kind,
        attempts: notificationJobs.attempts,
        lastError: notificationJobs.lastError,
        updatedAt: notificationJobs.updatedAt,
        createdAt: notificationJobs.createdAt,
        notificationKind: notifications.kind,
        email: user.email,
      })
      .from(notificationJobs)
      .leftJoin(notifications, eq(notifications.id, notificationJobs.notificationId))
      .innerJoin(user, eq(user.id, notificationJobs.userId))
      .where(eq(notificationJobs.status, 'failed'))
      .orderBy(desc(notificationJobs.updatedAt))
      .limit(50),
  ]);
  const counts = { queued: 0, running: 0, sent: 0, skipped: 0, failed: 0 };
  for (const row of byStatus) counts[row.status] = Number(row.n);
  return {
    counts,
    due: Number(due?.n ?? 0),
    oldestDueAt: due?.oldest ? new Date(due.oldest).toISOString() : null,
    failures: failures.map((f) => ({
      id: f.id,
      kind: f.kind,
      // The kind's label, never the notification's text (which can name a plan).
      label: f.notificationKind ? NOTIFICATION_KIND_INFO[f.notificationKind].label : 'Daily digest',
      recipient: f.email,
      attempts: f.attempts,
      lastError: f.lastError,
      failedAt: f.updatedAt.toISOString(),
      createdAt: f.createdAt.toISOString(),
    })),
  };
}

/** Puts a failed job back in the queue, due now, with fresh attempts; audited in the same transaction. */
export async function retryJob(db: Database, actor: AuditActor, jobId: number) {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .update(notificationJobs)
      .set({
        status: 'queued',
        runAt: new Date(),
        attempts: 0,
        lockedUntil: null,
        lockedBy: null,
        updatedAt: new Date(),
      })
      .where(and(eq(notificationJobs.id, jobId), eq(notificationJobs.status, 'failed')))
      .returning({ id: notificationJobs.id, lastError: notificationJobs.lastError });
    if (!job) {
      const [exists] = await tx
        .select({ id: notificationJobs.id })
        .from(notificationJobs)
        .where(eq(notificationJobs.id, jobId));
      throw exists ? new AppError('conflict', M.jobNotFailed) : new AppError('not_found', M.jobNotFound);
    }
    await recordAdminAction(tx, actor, {
      action: 'notification_job.retried',
      targetType: 'notification_job',
      targetId: String(jobId),
      details: { lastError: job.lastError },
    });
    return { id: job.id, status: 'queued' as const };
  });
}
