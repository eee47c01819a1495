import {
  CONTACT_MESSAGES,
  contactChatDataSchema,
  contactFieldsSchema,
  MAX_CONTACT_REQUEST_BYTES,
  MAX_SCREENSHOT_BYTES,
  SCREENSHOT_TYPES,
  SUPPORT_ADMIN_PAGE_SIZE,
  SUPPORT_REQUEST_STATUSES,
} from '@tavara/shared/support/contact-request.schema';
import { allow } from '../../auth/allow';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import { isFromTrustedOrigin, readSession } from '../../auth/require-user';
import {
  caregiverSupportInputSchema,
  supportReplyInputSchema,
} from '@tavara/shared/caregiver-health/caregiver-support.schema';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import { sniffImageType } from '../../lib/image-type';
import { jsonProblem, uploadFieldsGuard } from '../../lib/input-guard';
import { addressBucket, createClientAddressResolver } from '../../lib/client-address';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';
import { uploadedFileHeaders } from '../../lib/file-response';
import { validate } from '../../lib/validate';
import { createScreenshotStore } from './screenshot-store';
import { createSupportRequests } from './support.service';

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
  // U+0000 written as `\u0000` inside the JSON, or absurd nesting: refused as in any JSON body.
  const problem = jsonProblem(value);
  if (problem) throw problem;
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
 * - `POST  /support/requests/:id/replies` — admin: `{ body }`, shown to a signed-in sender; audited
 * - `POST  /caregiver-support/requests` — signed in: `{ kind, message, preferredContact }` (issue 20)
 * - `GET   /caregiver-support/requests/mine` — signed in: their own requests with replies
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
      allow('anyone'),
      async (c, next) => {
        c.header('Cache-Control', 'no-store');
        // A cookie-carrying post from another site is refused, as for every signed-in write.
        if (!isFromTrustedOrigin(c)) {
          throw new AppError(
            'forbidden',
            'This request did not come from the app. Please reload the page and try again.',
          );
        }
        await requests.checkAddress(addressBucket(clientAddress(c)));
        await next();
      },
      uploadLimit,
      uploadFieldsGuard(),
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
          const type = sniffImageType(bytes, SCREENSHOT_TYPES);
          if (!type) {
            throw new AppError('validation_failed', CONTACT_MESSAGES.screenshotNotImage, {
              screenshot: CONTACT_MESSAGES.screenshotNotImage,
            });
          }
          screenshot = { type, bytes };
        }
        await requests.consume(addressBucket(clientAddress(c)), form.email);
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
      allow.admin(),
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
    .get('/support/requests/:id', allow.admin(), validate('param', idParam), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ request: await requests.get(c.req.valid('param').id) });
    })
    .patch(
      '/support/requests/:id',
      allow.admin(),
      validate('param', idParam),
      validate('json', z.object({ status: z.enum(SUPPORT_REQUEST_STATUSES) })),
      async (c) => {
        const request = await requests.setStatus(c.get('user'), c.req.valid('param').id, c.req.valid('json').status);
        return c.json({ request });
      },
    )
    .post(
      '/support/requests/:id/replies',
      allow.admin(),
      validate('param', idParam),
      validate('json', supportReplyInputSchema),
      async (c) => {
        const u = c.get('user');
        const reply = await requests.reply(
          { id: u.id, email: u.email },
          c.req.valid('param').id,
          c.req.valid('json').body,
        );
        return c.json(reply, 201);
      },
    )
    .post(
      '/caregiver-support/requests',
      allow('signed-in'),
      validate('json', caregiverSupportInputSchema),
      async (c) => {
        const u = c.get('user');
        const result = await requests.createCaregiverRequest(
          { id: u.id, name: u.name, email: u.email },
          c.req.valid('json'),
        );
        return c.json(result, 201);
      },
    )
    .get('/caregiver-support/requests/mine', allow('signed-in'), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await requests.listMine(c.get('user').id));
    })
    .get('/support/requests/:id/screenshot', allow.admin(), validate('param', idParam), async (c) => {
      const { bytes, type } = await requests.readScreenshot(c.req.valid('param').id);
      return c.body(new Uint8Array(bytes), 200, {
        ...uploadedFileHeaders(type, 'screenshot'),
        'Cache-Control': 'no-store',
      });
    });
}
