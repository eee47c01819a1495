import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import {
  DEFAULT_NOTIFICATION_TIME_ZONE,
  notificationSentence,
  type NotificationKind,
} from '@tavara/shared/notifications/notifications';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client';
import { user } from '../../db/schema/auth';
import {
  notificationJobs,
  notificationPreferences,
  notifications,
  notificationSettings,
  pushSubscriptions,
} from '../../db/schema/notifications';
import { safeZone } from './delivery-time';
import { pushPayload, type PushSender } from './push';
import type { Logger } from '../logger';
import type { Mailer } from '../mailer';
import { emails } from '../../emails';
import { scanShiftsNotCheckedIn } from './scans';

/**
 * The delivery worker (issue 18, decision 022). Every app instance runs one; they share the
 * `notification_jobs` table:
 *
 * 1. claim: one UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) marks due jobs `running`
 *    with a lease (`locked_until`) — two instances never claim the same row, and no transaction
 *    stays open while mail is sent (PGlite has one connection);
 * 2. send: over SMTP, with the job's idempotency key as Message-ID;
 * 3. mark: `sent` (and the notification's `emailed_at`) in one transaction, only while the lease
 *    is still ours. A failure goes back to `queued` with exponential backoff, and after
 *    `max_attempts` to `failed`, where admins see it and can retry it.
 *
 * An instance killed mid-send leaves its jobs `running`; when the lease runs out another
 * instance takes them over. Before sending, a job whose notification already has `emailed_at`
 * (the mark landed, the job row did not) is closed without a second mail.
 */

export interface WorkerDeps {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  /** Signs the unsubscribe links (the auth secret). */
  secret: string;
  logger: Logger;
  /** Web Push; without it push jobs are skipped (a test or instance with no push). */
  push?: PushSender;
  /** "Now" for the words of a message ("due 1 hour 50 minutes ago"): tests pass their clock. */
  clock?: () => Date;
}

export interface WorkerOptions {
  /** Names this instance in `locked_by` (host, pid and a random suffix by default). */
  workerId?: string;
  /** How long a claim lasts; longer than the slowest SMTP exchange (3 × 15 s timeouts). */
  leaseMs?: number;
  /** Jobs claimed at once. */
  batchSize?: number;
  /** Mails in flight at once. */
  concurrency?: number;
}

type JobRow = typeof notificationJobs.$inferSelect;

export const DEFAULT_LEASE_MS = 120_000;

/** 30 s, 1 min, 2 min … capped at 1 hour: a mail server that is down gets time to come back. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

export function defaultWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/** A claimed job with what sending it needs, read in one query for the whole batch. */
export interface ClaimedJob extends JobRow {
  to: string | null;
  notification: {
    kind: NotificationKind;
    title: string;
    link: string;
    emailLine: string | null;
    emailedAt: Date | null;
    readAt: Date | null;
    resolvedAt: Date | null;
    eventAt: Date | null;
    itemCount: number;
    about: string | null;
    /** The recipient's preference for the kind now (an unsubscribe since it was queued counts). */
    preference: string;
    /** Push for the kind, now. */
    push: boolean;
  } | null;
  /** The recipient's zone (for the words of times) and lock-screen choice, read at send time. */
  zone: string;
  pushDetail: boolean;
}

/** Claims up to `limit` due jobs for `workerId` (queued and due, or running with a lapsed lease). */
export async function claimJobs(db: Database, workerId: string, leaseMs: number, limit: number): Promise<ClaimedJob[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    update notification_jobs
       set status = 'running',
           locked_until = now() + (${leaseMs} * interval '1 millisecond'),
           locked_by = ${workerId},
           attempts = attempts + 1,
           updated_at = now()
     where id in (
       select id from notification_jobs
        where status in ('queued', 'running')
          and run_at <= now()
          and (status = 'queued' or locked_until < now())
        order by run_at
        limit ${limit}
        for update skip locked)
    returning id`);
  const ids = rowsOf(result).map((r) => Number(r.id));
  if (ids.length === 0) return [];
  // Read back through Drizzle (typed columns), with the recipient, notification and preference.
  const rows = await db
    .select({
      job: notificationJobs,
      to: user.email,
      notification: notifications,
      preference: notificationPreferences.email,
      push: notificationPreferences.push,
      zone: notificationSettings.timeZone,
      pushDetail: notificationSettings.pushDetail,
    })
    .from(notificationJobs)
    .leftJoin(user, eq(user.id, notificationJobs.userId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, notificationJobs.userId))
    .leftJoin(notifications, eq(notifications.id, notificationJobs.notificationId))
    .leftJoin(
      notificationPreferences,
      and(
        eq(notificationPreferences.userId, notificationJobs.userId),
        eq(notificationPreferences.kind, notifications.kind),
      ),
    )
    .where(and(inArray(notificationJobs.id, ids), eq(notificationJobs.lockedBy, workerId)))
    .orderBy(asc(notificationJobs.runAt));
  return rows.map((r) => ({
    ...r.job,
    to: r.to,
    notification: r.notification
      ? {
          kind: r.notification.kind,
          title: r.notification.title,
          link: r.notification.link,
          emailLine: r.notification.emailLine,
          emailedAt: r.notification.emailedAt,
          readAt: r.notification.readAt,
          resolvedAt: r.notification.resolvedAt,
          eventAt: r.notification.eventAt,
          itemCount: r.notification.itemCount,
          about: r.notification.about,
          preference: r.preference ?? 'now',
          push: r.push ?? true,
        }
      : null,
    zone: safeZone(r.zone, DEFAULT_NOTIFICATION_TIME_ZONE),
    pushDetail: r.pushDetail ?? false,
  }));
}

/**
 * Ends a job we still hold — and marks its notifications e-mailed — in ONE statement (atomic,
 * one round trip); false when our lease lapsed and another instance took the job over.
 */
async function finish(
  db: Database,
  job: JobRow,
  workerId: string,
  status: 'sent' | 'skipped',
  notificationIds: string[] = [],
): Promise<boolean> {
  const marked = status === 'sent' && notificationIds.length > 0;
  const result = await db.execute<Record<string, unknown>>(sql`
    with job as (
      update notification_jobs
         set status = ${status},
             sent_at = ${status === 'sent' ? sql`now()` : sql`null`},
             locked_until = null,
             updated_at = now()
       where id = ${job.id} and locked_by = ${workerId} and status = 'running'
       returning id),
    mail as (
      update notifications set emailed_at = now()
       where ${
         marked
           ? sql`id in (${sql.join(
               notificationIds.map((id) => sql`${id}::uuid`),
               sql`, `,
             )})`
           : sql`false`
       }
         and exists (select 1 from job)
       returning id)
    select (select count(*) from job)::int as ended, (select count(*) from mail)::int as marked`);
  return Number(rowsOf(result)[0]?.ended ?? 0) === 1;
}

async function fail(db: Database, job: JobRow, workerId: string, error: unknown) {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const giveUp = job.attempts >= job.maxAttempts;
  await db
    .update(notificationJobs)
    .set({
      status: giveUp ? 'failed' : 'queued',
      runAt: giveUp ? job.runAt : new Date(Date.now() + backoffMs(job.attempts)),
      lockedUntil: null,
      lastError: message,
      updatedAt: new Date(),
    })
    .where(and(eq(notificationJobs.id, job.id), eq(notificationJobs.lockedBy, workerId)));
  return giveUp;
}

/** Runs one claimed job: sends its mail (or finds there is nothing to send) and marks it. */
async function runJob(
  deps: WorkerDeps,
  job: ClaimedJob,
  workerId: string,
): Promise<'sent' | 'skipped' | 'retry' | 'failed' | 'lost'> {
  const { db, mailer } = deps;
  try {
    const to = job.to;
    if (!to && job.kind !== 'push') return (await finish(db, job, workerId, 'skipped')) ? 'skipped' : 'lost';
    const ctx = {
      appUrl: deps.appUrl,
      secret: deps.secret,
      idempotencyKey: job.idempotencyKey,
      to: to ?? '',
      userId: job.userId,
    };

    if (job.kind === 'push') return await runPush(deps, job, workerId);

    if (job.kind === 'email') {
      const n = job.notification;
      // Nothing to send when the notification is gone, was already mailed, was read in the app
      // while its mail waited for quiet hours to end, its cause went away (resolved), or its kind
      // was unsubscribed since.
      if (!n || !job.notificationId || n.emailedAt || n.readAt || n.resolvedAt || n.preference !== 'now') {
        return (await finish(db, job, workerId, 'skipped')) ? 'skipped' : 'lost';
      }
      // Worded now, in the person's zone: "due at 8 AM (1 hour 50 minutes ago)" is true when sent.
      const sentence = notificationSentence(
        n.kind,
        { eventAt: n.eventAt, count: n.itemCount },
        deps.clock?.() ?? new Date(),
        job.zone,
      );
      const { notificationEmail } = await emails();
      await mailer.send(await notificationEmail(ctx, n.kind, n.link, n.emailLine, sentence));
      return (await finish(db, job, workerId, 'sent', [job.notificationId])) ? 'sent' : 'lost';
    }

    const pending = await db
      .select({ id: notifications.id, kind: notifications.kind })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, job.userId),
          eq(notifications.email, 'digest'),
          isNull(notifications.emailedAt),
          isNull(notifications.readAt),
          isNull(notifications.resolvedAt),
          lte(notifications.createdAt, job.runAt),
        ),
      )
      .orderBy(asc(notifications.createdAt));
    if (pending.length === 0) return (await finish(db, job, workerId, 'skipped')) ? 'skipped' : 'lost';
    const { digestEmail } = await emails();
    await mailer.send(
      await digestEmail(
        ctx,
        pending.map((p) => p.kind),
      ),
    );
    return (await finish(
      db,
      job,
      workerId,
      'sent',
      pending.map((p) => p.id),
    ))
      ? 'sent'
      : 'lost';
  } catch (error) {
    const gaveUp = await fail(db, job, workerId, error);
    deps.logger.warn(
      { jobId: job.id, attempt: job.attempts, err: error instanceof Error ? error.message : 'unknown' },
      gaveUp ? `notification ${job.kind} failed for good` : `notification ${job.kind} failed; will retry`,
    );
    return gaveUp ? 'failed' : 'retry';
  }
}

/**
 * A push job: the notification to each of the person's devices. A device whose push service
 * answers 404/410 is removed; if every other device failed the job is retried (with backoff),
 * and once any device got it the job is done (a retry would repeat it on the ones that did).
 */
async function runPush(deps: WorkerDeps, job: ClaimedJob, workerId: string): Promise<'sent' | 'skipped' | 'lost'> {
  const { db } = deps;
  const n = job.notification;
  if (!deps.push || !n || !job.notificationId || n.readAt || n.resolvedAt || !n.push) {
    return (await finish(db, job, workerId, 'skipped')) ? 'skipped' : 'lost';
  }
  const devices = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, job.userId));
  if (devices.length === 0) return (await finish(db, job, workerId, 'skipped')) ? 'skipped' : 'lost';
  const payload = pushPayload({ id: job.notificationId, ...n }, job.pushDetail);
  let delivered = 0;
  let firstError: unknown;
  await Promise.all(
    devices.map(async (device) => {
      try {
        if ((await deps.push!.send(device, payload)) === 'gone') {
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
          return;
        }
        delivered++;
        await db.update(pushSubscriptions).set({ lastSentAt: new Date() }).where(eq(pushSubscriptions.id, device.id));
      } catch (error) {
        firstError ??= error;
      }
    }),
  );
  if (delivered === 0 && firstError) throw firstError;
  const status = delivered > 0 ? 'sent' : 'skipped';
  return (await finish(db, job, workerId, status)) ? status : 'lost';
}

export interface RunResult {
  claimed: number;
  sent: number;
  skipped: number;
  retry: number;
  failed: number;
  lost: number;
}

/** Claims one batch of due jobs and runs them, `concurrency` at a time. */
export async function runDueJobs(deps: WorkerDeps, options: WorkerOptions = {}): Promise<RunResult> {
  const workerId = options.workerId ?? defaultWorkerId();
  const jobs = await claimJobs(deps.db, workerId, options.leaseMs ?? DEFAULT_LEASE_MS, options.batchSize ?? 100);
  const result: RunResult = { claimed: jobs.length, sent: 0, skipped: 0, retry: 0, failed: 0, lost: 0 };
  let next = 0;
  const lanes = Array.from({ length: Math.min(options.concurrency ?? 20, jobs.length) }, async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      result[await runJob(deps, job, workerId)]++;
    }
  });
  await Promise.all(lanes);
  return result;
}

/** Every due job until none is left (tests and the bench; the loop below does the same over time). */
export async function drainJobs(deps: WorkerDeps, options: WorkerOptions = {}): Promise<RunResult> {
  const total: RunResult = { claimed: 0, sent: 0, skipped: 0, retry: 0, failed: 0, lost: 0 };
  const workerId = options.workerId ?? defaultWorkerId();
  for (;;) {
    const r = await runDueJobs(deps, { ...options, workerId });
    for (const key of Object.keys(total) as Array<keyof RunResult>) total[key] += r[key];
    if (r.claimed === 0) return total;
  }
}

export interface NotificationWorker {
  /** Stops claiming, lets the mails in flight finish and be marked, then resolves. */
  stop(): Promise<void>;
}

/**
 * The background loop: scans for due reminders every `scanMs` and runs due jobs, sleeping
 * `pollMs` when there are none. Scans are idempotent (dedupe keys), so every instance may scan.
 */
export type ReminderScan = (db: Database) => Promise<number>;

export function startNotificationWorker(
  deps: WorkerDeps,
  options: WorkerOptions & {
    pollMs?: number;
    scanMs?: number;
    /** Reminder scans besides the shifts' (features add theirs from start.ts: dose reminders). */
    scans?: ReminderScan[];
  } = {},
): NotificationWorker {
  const scans: ReminderScan[] = [scanShiftsNotCheckedIn, ...(options.scans ?? [])];
  const workerId = options.workerId ?? defaultWorkerId();
  const pollMs = options.pollMs ?? 2_000;
  const scanMs = options.scanMs ?? 30_000;
  let stopped = false;
  let wake: (() => void) | undefined;
  let lastScan = 0;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const loop = (async () => {
    while (!stopped) {
      try {
        if (Date.now() - lastScan >= scanMs) {
          lastScan = Date.now();
          for (const scan of scans) await scan(deps.db);
        }
        const r = await runDueJobs(deps, { ...options, workerId });
        if (r.claimed === 0 && !stopped) await sleep(pollMs);
      } catch (error) {
        deps.logger.warn(
          { err: error instanceof Error ? error.message : 'unknown' },
          'notification worker step failed',
        );
        if (!stopped) await sleep(pollMs);
      }
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
