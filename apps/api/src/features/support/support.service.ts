import { randomUUID } from 'node:crypto';
import {
  type ContactChatData,
  type ContactFields,
  type ScreenshotType,
  SUPPORT_ADMIN_MESSAGES,
  SUPPORT_REQUEST_STATUSES,
  type SupportRequestStatus,
} from '@tavara/shared/support/contact-request.schema';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { supportRateLimits, supportRequests } from '../../db/schema/support';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import { type AuditActor, recordAdminAction } from '../../lib/audit-log';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';
import { createWindowCounter, type WindowRule } from '../../lib/window-counter';
import type { ScreenshotStore } from './screenshot-store';
import { supportRequestEmail } from './support-email';

/** Per client address: a person with a real problem rarely writes more than a few times an hour. */
export const SUPPORT_RATE_PER_ADDRESS: WindowRule = { max: 5, windowSeconds: 3600 };
/** Per typed e-mail address, so one address cannot be used to flood support from many addresses. */
export const SUPPORT_RATE_PER_EMAIL: WindowRule = { max: 3, windowSeconds: 3600 };

export class SupportRateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      'rate_limited',
      `You have sent several requests in a short time. Please try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minutes, or reach us on WhatsApp.`,
    );
  }
}

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

      const message = supportRequestEmail(env.SUPPORT_EMAIL, {
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
          .select({ status: supportRequests.status })
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
        return row as { id: string; status: SupportRequestStatus };
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
