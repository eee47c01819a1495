import {
  CONTACT_MESSAGES,
  contactChatDataSchema,
  contactFieldsSchema,
  MAX_CONTACT_REQUEST_BYTES,
  MAX_SCREENSHOT_BYTES,
  SUPPORT_ADMIN_PAGE_SIZE,
  SUPPORT_REQUEST_STATUSES,
} from '@tavara/shared/support/contact-request.schema';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import { isFromTrustedOrigin, readSession, requireRole } from '../../auth/require-user';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import { addressBucket, createClientAddressResolver } from '../../lib/client-address';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';
import { validate } from '../../lib/validate';
import { createScreenshotStore, sniffImageType } from './screenshot-store';
import { createSupportRequests, SupportRateLimitedError } from './support.service';

/** The contact route takes uploads, so app.ts leaves it out of the global API body limit. */
export const SUPPORT_UPLOAD_PATH = '/api/support/requests';

const MAX_CHAT_DATA_CHARS = 600_000;

const contactFormSchema = contactFieldsSchema.extend({
  /** JSON of spec §3 `chatData`, when the current chat's transcript is attached. */
  chatData: z.string().max(MAX_CHAT_DATA_CHARS, { message: 'The attached chat is too long.' }).optional(),
  screenshot: z.instanceof(File).optional(),
});

const idParam = z.object({ id: z.uuid({ message: 'Not a support request id.' }) });

function parseChatData(text: string | undefined) {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('validation_failed', 'The attached chat could not be read.', { chatData: 'Not valid JSON.' });
  }
  const result = contactChatDataSchema.safeParse(value);
  if (!result.success) {
    throw new AppError('validation_failed', 'The attached chat could not be read.', {
      chatData: 'The chat data has an unexpected shape.',
    });
  }
  return result.data;
}

/**
 * Contact Support (spec §2 "Support button", §3 "Contact request"):
 *
 * - `POST  /support/requests` — anyone (multipart: name, email, message, optional chatData JSON
 *   and screenshot image ≤ 5 MB) → 201 `{ id, emailed }`. Rate-limited per client address and
 *   per typed e-mail; the whole body is limited to MAX_CONTACT_REQUEST_BYTES.
 * - `GET   /support/requests?status=&page=` — admin: the newest requests (previews) →
 *   `{ requests, total, counts, page, pageSize }`
 * - `GET   /support/requests/:id` — admin: one request with its chat transcript → `{ request }`
 * - `PATCH /support/requests/:id` — admin: `{ status }` → `{ request }`; audited
 * - `GET   /support/requests/:id/screenshot` — admin: the image, as a download
 */
export function supportRoutes(deps: { env: Env; db: Database; mailer: Mailer; logger: Logger }) {
  const { env } = deps;
  const requests = createSupportRequests({ ...deps, screenshots: createScreenshotStore(env.DATA_DIR) });
  const clientAddress = createClientAddressResolver(env.TRUSTED_PROXIES);
  const uploadLimit = bodyLimit({
    maxSize: MAX_CONTACT_REQUEST_BYTES,
    onError: () => {
      throw new AppError('payload_too_large', `${CONTACT_MESSAGES.screenshotTooLarge}`);
    },
  });

  return new Hono<AppBindings>()
    .post(
      '/support/requests',
      async (c, next) => {
        c.header('Cache-Control', 'no-store');
        // A cookie-carrying post from another site is refused, as for every signed-in write.
        if (!isFromTrustedOrigin(c)) {
          throw new AppError(
            'forbidden',
            'This request did not come from the app. Please reload the page and try again.',
          );
        }
        try {
          await requests.checkAddress(addressBucket(clientAddress(c)));
        } catch (error) {
          if (error instanceof SupportRateLimitedError) c.header('Retry-After', String(error.retryAfterSeconds));
          throw error;
        }
        await next();
      },
      uploadLimit,
      validate('form', contactFormSchema),
      async (c) => {
        const form = c.req.valid('form');
        const chatData = parseChatData(form.chatData);
        let screenshot = null;
        if (form.screenshot && form.screenshot.size > 0) {
          if (form.screenshot.size > MAX_SCREENSHOT_BYTES) {
            throw new AppError('payload_too_large', CONTACT_MESSAGES.screenshotTooLarge, {
              screenshot: CONTACT_MESSAGES.screenshotTooLarge,
            });
          }
          const bytes = new Uint8Array(await form.screenshot.arrayBuffer());
          const type = sniffImageType(bytes);
          if (!type) {
            throw new AppError('validation_failed', CONTACT_MESSAGES.screenshotNotImage, {
              screenshot: CONTACT_MESSAGES.screenshotNotImage,
            });
          }
          screenshot = { type, bytes };
        }
        try {
          await requests.consume(addressBucket(clientAddress(c)), form.email);
        } catch (error) {
          if (error instanceof SupportRateLimitedError) c.header('Retry-After', String(error.retryAfterSeconds));
          throw error;
        }
        const session = await readSession(c);
        const result = await requests.create({
          name: form.name,
          email: form.email,
          message: form.message,
          chatData,
          screenshot,
          userId: session?.user.id ?? null,
          signedInAs: session ? `${session.user.email} (${session.user.role ?? 'no role'})` : null,
        });
        return c.json(result, 201);
      },
    )
    .get(
      '/support/requests',
      requireRole('admin'),
      validate(
        'query',
        z.object({
          status: z.enum(SUPPORT_REQUEST_STATUSES).optional(),
          page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
        }),
      ),
      async (c) => {
        c.header('Cache-Control', 'no-store');
        const { status, page } = c.req.valid('query');
        return c.json(await requests.list({ page, pageSize: SUPPORT_ADMIN_PAGE_SIZE, ...(status ? { status } : {}) }));
      },
    )
    .get('/support/requests/:id', requireRole('admin'), validate('param', idParam), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ request: await requests.get(c.req.valid('param').id) });
    })
    .patch(
      '/support/requests/:id',
      requireRole('admin'),
      validate('param', idParam),
      validate('json', z.object({ status: z.enum(SUPPORT_REQUEST_STATUSES) })),
      async (c) => {
        const request = await requests.setStatus(c.get('user'), c.req.valid('param').id, c.req.valid('json').status);
        return c.json({ request });
      },
    )
    .get('/support/requests/:id/screenshot', requireRole('admin'), validate('param', idParam), async (c) => {
      const { bytes, type } = await requests.readScreenshot(c.req.valid('param').id);
      c.header('Cache-Control', 'no-store');
      c.header('Content-Type', type);
      c.header('Content-Disposition', 'inline; filename="screenshot"');
      return c.body(new Uint8Array(bytes));
    });
}
