import { randomUUID } from 'node:crypto';
import {
  type ContactChatData,
  type ContactFields,
  type ScreenshotType,
  type SupportRequestStatus,
} from '@tavara/shared/support/contact-request.schema';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { supportRateLimits, supportRequests } from '../../db/schema/support';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
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

    /** For admins: the newest requests first, without screenshot contents. */
    list(limit = 100) {
      return db
        .select({
          id: supportRequests.id,
          userId: supportRequests.userId,
          name: supportRequests.name,
          email: supportRequests.email,
          message: supportRequests.message,
          chatData: supportRequests.chatData,
          hasScreenshot: supportRequests.screenshotFile,
          screenshotType: supportRequests.screenshotType,
          screenshotBytes: supportRequests.screenshotBytes,
          status: supportRequests.status,
          mailStatus: supportRequests.mailStatus,
          createdAt: supportRequests.createdAt,
          updatedAt: supportRequests.updatedAt,
        })
        .from(supportRequests)
        .orderBy(desc(supportRequests.createdAt))
        .limit(limit)
        .then((rows) => rows.map((row) => ({ ...row, hasScreenshot: row.hasScreenshot !== null })));
    },

    async setStatus(id: string, status: SupportRequestStatus) {
      const [row] = await db
        .update(supportRequests)
        .set({ status, updatedAt: new Date() })
        .where(eq(supportRequests.id, id))
        .returning({ id: supportRequests.id, status: supportRequests.status });
      if (!row) throw new AppError('not_found', 'No such support request.');
      return row;
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
