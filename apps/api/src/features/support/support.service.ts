import { randomUUID } from 'node:crypto';
import {
  type ContactChatData,
  type ContactFields,
  type ScreenshotType,
  SUPPORT_ADMIN_MESSAGES,
  SUPPORT_REQUEST_STATUSES,
  type SupportRequestStatus,
} from '@tavara/shared/support/contact-request.schema';
import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { supportRateLimits, supportReplies, supportRequests } from '../../db/schema/support';
import type { Env } from '../../env';
import { AppError, RateLimitedError } from '../../lib/app-error';
import { type AuditActor, recordAdminAction } from '../../lib/audit-log';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';
import { notify } from '../../lib/notifications/notify';
import { createWindowCounter, type WindowRule } from '../../lib/window-counter';
import { user } from '../../db/schema/auth';
import { isRole, ROLE_DASHBOARD_PATHS } from '@tavara/shared/roles';
import type { ScreenshotStore } from './screenshot-store';
import { emails } from '../../emails';

/** Per client address: a person with a real problem rarely writes more than a few times an hour. */
export const SUPPORT_RATE_PER_ADDRESS: WindowRule = { max: 5, windowSeconds: 3600 };
/** Per typed e-mail address, so one address cannot be used to flood support from many addresses. */
export const SUPPORT_RATE_PER_EMAIL: WindowRule = { max: 3, windowSeconds: 3600 };

/** A 429 of the contact form (Retry-After is sent by the app's onError). */
export class SupportRateLimitedError extends RateLimitedError {
  constructor(retryAfterSeconds: number) {
    super(
      `You have sent several requests in a short time. Please try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minutes, or reach us on WhatsApp.`,
      retryAfterSeconds,
    );
  }
}

/** Caregiver support requests per person: a few a day is plenty; more is someone flooding the inbox. */
export const CAREGIVER_SUPPORT_RATE: WindowRule = { max: 5, windowSeconds: 24 * 3600 };

export interface NewSupportRequest extends ContactFields {
  userId: string | null;
  signedInAs: string | null;
  chatData: ContactChatData | null;
  screenshot: { type: ScreenshotType; bytes: Uint8Array } | null;
}

/**
 * Contact Support requests: stored first (so nothing is lost), then e-mailed to SUPPORT_EMAIL —
 * only ever there — outside any transaction (architecture.md pitfalls). A failed e-mail is logged
 * and recorded on the row; the request itself still counts as received.
 */
export function createSupportRequests(deps: {
  env: Env;
  db: Database;
  mailer: Mailer;
  logger: Logger;
  screenshots: ScreenshotStore;
}) {
  const { env, db, mailer, logger, screenshots } = deps;
  const limits = createWindowCounter(db, supportRateLimits);

  return {
    /** Refuses (429) when the address's allowance is used up, without counting anything. */
    async checkAddress(addressKey: string): Promise<void> {
      const decision = await limits.check(`ip:${addressKey}`, SUPPORT_RATE_PER_ADDRESS);
      if (!decision.allowed) throw new SupportRateLimitedError(decision.retryAfterSeconds);
    },

    /** Counts one valid request against the address and the e-mail; 429 once either is over. */
    async consume(addressKey: string, email: string): Promise<void> {
      for (const [key, rule] of [
        [`ip:${addressKey}`, SUPPORT_RATE_PER_ADDRESS],
        [`email:${email.toLowerCase()}`, SUPPORT_RATE_PER_EMAIL],
      ] as const) {
        const decision = await limits.consume(key, rule);
        if (!decision.allowed) throw new SupportRateLimitedError(decision.retryAfterSeconds);
      }
    },

    async create(input: NewSupportRequest) {
      const id = randomUUID();
      const screenshotFile = input.screenshot
        ? await screenshots.save(id, input.screenshot.type, input.screenshot.bytes)
        : null;
      try {
        await db.insert(supportRequests).values({
          id,
          userId: input.userId,
          name: input.name,
          email: input.email,
          message: input.message,
          chatData: input.chatData,
          screenshotFile,
          screenshotType: input.screenshot?.type ?? null,
          screenshotBytes: input.screenshot?.bytes.length ?? null,
        });
      } catch (error) {
        if (screenshotFile) await screenshots.remove(screenshotFile).catch(() => undefined);
        throw error;
      }

      const { supportRequestEmail } = await emails();
      const message = await supportRequestEmail(env.SUPPORT_EMAIL, {
        requestId: id,
        name: input.name,
        email: input.email,
        message: input.message,
        chatData: input.chatData,
        signedInAs: input.signedInAs,
        screenshot: input.screenshot
          ? {
              type: input.screenshot.type,
              bytes: input.screenshot.bytes.length,
              url: `${env.APP_URL}/api/support/requests/${id}/screenshot`,
            }
          : null,
      });
      if (input.screenshot) {
        const extension = input.screenshot.type.split('/')[1] ?? 'img';
        message.attachments = [
          { filename: `screenshot.${extension}`, content: input.screenshot.bytes, contentType: input.screenshot.type },
        ];
      }
      let emailed = false;
      try {
        await mailer.send(message);
        emailed = true;
      } catch (error) {
        logger.error({ err: error, requestId: id }, 'support request e-mail failed; the request is stored');
      }
      await db
        .update(supportRequests)
        .set({ mailStatus: emailed ? 'sent' : 'failed', updatedAt: new Date() })
        .where(eq(supportRequests.id, id));
      return { id, emailed };
    },

    /**
     * For admins: the newest requests first, optionally of one status, a page at a time. The
     * list carries no transcript or screenshot — only whether there is one (see `get`).
     */
    async list(options: { status?: SupportRequestStatus; page: number; pageSize: number }) {
      const where = options.status ? eq(supportRequests.status, options.status) : undefined;
      const [rows, [counted], byStatus] = await Promise.all([
        db
          .select({
            id: supportRequests.id,
            name: supportRequests.name,
            email: supportRequests.email,
            message: supportRequests.message,
            hasChat: sql<boolean>`${supportRequests.chatData} is not null`,
            hasScreenshot: sql<boolean>`${supportRequests.screenshotFile} is not null`,
            status: supportRequests.status,
            mailStatus: supportRequests.mailStatus,
            kind: supportRequests.kind,
            preferredContact: supportRequests.preferredContact,
            createdAt: supportRequests.createdAt,
          })
          .from(supportRequests)
          .where(where)
          .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
          .limit(options.pageSize)
          .offset((options.page - 1) * options.pageSize),
        db.select({ total: count() }).from(supportRequests).where(where),
        db
          .select({ status: supportRequests.status, total: count() })
          .from(supportRequests)
          .groupBy(supportRequests.status),
      ]);
      const counts = Object.fromEntries(SUPPORT_REQUEST_STATUSES.map((status) => [status, 0])) as Record<
        SupportRequestStatus,
        number
      >;
      for (const row of byStatus) counts[row.status as SupportRequestStatus] = Number(row.total);
      return {
        requests: rows.map((row) => ({
          ...row,
          // A preview only; the detail has the whole message.
          message: row.message.length > 160 ? `${row.message.slice(0, 157)}…` : row.message,
          status: row.status as SupportRequestStatus,
          createdAt: row.createdAt.toISOString(),
        })),
        total: counted?.total ?? 0,
        counts,
        page: options.page,
        pageSize: options.pageSize,
      };
    },

    /** For admins: one request in full, with the attached chat transcript. */
    async get(id: string) {
      const [row] = await db.select().from(supportRequests).where(eq(supportRequests.id, id));
      if (!row) throw new AppError('not_found', SUPPORT_ADMIN_MESSAGES.notFound);
      return {
        id: row.id,
        userId: row.userId,
        name: row.name,
        email: row.email,
        message: row.message,
        chatData: row.chatData,
        kind: row.kind,
        preferredContact: row.preferredContact,
        replies: (
          await db
            .select({ id: supportReplies.id, body: supportReplies.body, createdAt: supportReplies.createdAt })
            .from(supportReplies)
            .where(eq(supportReplies.requestId, id))
            .orderBy(asc(supportReplies.createdAt))
        ).map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        screenshot: row.screenshotFile ? { type: row.screenshotType, bytes: row.screenshotBytes } : null,
        status: row.status as SupportRequestStatus,
        mailStatus: row.mailStatus,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    },

    /** Sets the status (e.g. resolved) and writes the admin's action to the audit log, together. */
    async setStatus(actor: AuditActor, id: string, status: SupportRequestStatus) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ status: supportRequests.status, userId: supportRequests.userId })
          .from(supportRequests)
          .where(eq(supportRequests.id, id))
          .for('update');
        if (!before) throw new AppError('not_found', SUPPORT_ADMIN_MESSAGES.notFound);
        const [row] = await tx
          .update(supportRequests)
          .set({ status, updatedAt: new Date() })
          .where(eq(supportRequests.id, id))
          .returning({ id: supportRequests.id, status: supportRequests.status });
        if (before.status !== status) {
          await recordAdminAction(tx, actor, {
            action: 'support_request.status_changed',
            targetType: 'support_request',
            targetId: id,
            details: { from: before.status, to: status },
          });
        }
        // Answered: a signed-in sender is told in the app (and by e-mail, as they chose).
        if (status === 'resolved' && before.status !== 'resolved' && before.userId) {
          const [sender] = await tx.select({ role: user.role }).from(user).where(eq(user.id, before.userId));
          await notify(tx, {
            kind: 'support_answered',
            recipients: [before.userId],
            actorId: actor.id,
            title: 'Our team has answered your support request',
            body: 'We replied to the e-mail address you gave us.',
            link: sender && isRole(sender.role) ? ROLE_DASHBOARD_PATHS[sender.role] : '/',
          });
        }
        return row as { id: string; status: SupportRequestStatus };
      });
    },

    /**
     * A signed-in carer's request from /caregiver/health: stored in the same inbox as contact
     * requests, with its kind and preferred contact; the sender's account name and e-mail are
     * what the team sees. No e-mail goes out with the message (it may hold health details);
     * admins read it behind sign-in.
     */
    async createCaregiverRequest(
      sender: { id: string; name: string; email: string },
      input: { kind: string; message: string; preferredContact: string },
    ) {
      const decision = await limits.consume(`caregiver:${sender.id}`, CAREGIVER_SUPPORT_RATE);
      if (!decision.allowed) throw new SupportRateLimitedError(decision.retryAfterSeconds);
      const [row] = await db
        .insert(supportRequests)
        .values({
          userId: sender.id,
          name: sender.name,
          email: sender.email,
          message: input.message,
          kind: input.kind,
          preferredContact: input.preferredContact,
          mailStatus: 'sent',
        })
        .returning({ id: supportRequests.id });
      return { id: row!.id };
    },

    /** The person's own caregiver support requests, newest first, each with the team's replies. */
    async listMine(userId: string) {
      const rows = await db
        .select()
        .from(supportRequests)
        .where(and(eq(supportRequests.userId, userId), isNotNull(supportRequests.kind)))
        .orderBy(desc(supportRequests.createdAt))
        .limit(50);
      const ids = rows.map((r) => r.id);
      const replies =
        ids.length === 0
          ? []
          : await db
              .select()
              .from(supportReplies)
              .where(inArray(supportReplies.requestId, ids))
              .orderBy(asc(supportReplies.createdAt));
      return {
        requests: rows.map((r) => ({
          id: r.id,
          kind: r.kind!,
          message: r.message,
          preferredContact: r.preferredContact,
          status: r.status as SupportRequestStatus,
          createdAt: r.createdAt.toISOString(),
          replies: replies
            .filter((reply) => reply.requestId === r.id)
            .map((reply) => ({ id: reply.id, body: reply.body, createdAt: reply.createdAt.toISOString() })),
        })),
      };
    },

    /** An admin's reply, shown to the sender in the app; the request moves to in progress; audited. */
    async reply(actor: AuditActor, id: string, body: string) {
      return db.transaction(async (tx) => {
        const [request] = await tx
          .select({ userId: supportRequests.userId, status: supportRequests.status })
          .from(supportRequests)
          .where(eq(supportRequests.id, id))
          .for('update');
        if (!request) throw new AppError('not_found', SUPPORT_ADMIN_MESSAGES.notFound);
        const [reply] = await tx.insert(supportReplies).values({ requestId: id, authorId: actor.id, body }).returning();
        if (request.status === 'new') {
          await tx
            .update(supportRequests)
            .set({ status: 'in_progress', updatedAt: new Date() })
            .where(eq(supportRequests.id, id));
        }
        await recordAdminAction(tx, actor, {
          action: 'support_request.replied',
          targetType: 'support_request',
          targetId: id,
        });
        if (request.userId) {
          await notify(tx, {
            kind: 'support_answered',
            recipients: [request.userId],
            actorId: actor.id,
            title: 'Our team replied to your support request',
            link: '/caregiver/health',
          });
        }
        return { id: reply!.id };
      });
    },

    async readScreenshot(id: string) {
      const [row] = await db
        .select({ file: supportRequests.screenshotFile, type: supportRequests.screenshotType })
        .from(supportRequests)
        .where(eq(supportRequests.id, id));
      if (!row?.file || !row.type) throw new AppError('not_found', 'This request has no screenshot.');
      return { bytes: await screenshots.read(row.file), type: row.type };
    },
  };
}
