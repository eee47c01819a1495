import {
  PROFILE_PHOTO_MAX_BYTES,
  PROFILE_PHOTO_MESSAGES,
  registrationBodySchema,
} from '@tavara/shared/registration/registration';
import { allow } from '../../auth/allow';
import { PUBLIC_ROLES } from '@tavara/shared/roles';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import { uploadFieldsGuard } from '../../lib/input-guard';
import { validate } from '../../lib/validate';
import { createRegistrationService } from './registration.service';

/** Own rows only: the test that shows another user's are out of reach (auth/allow.ts). */
const OWN_NOBODY_FILLS_IN = {
  file: 'registration.test.ts',
  test: 'nobody fills in another role’s form; admins have none',
};

/** Own rows only: the test that shows another user's are out of reach (auth/allow.ts). */
const OWN_TAKES_A_TINY = {
  file: 'registration.test.ts',
  test: 'takes a TINY_PNG by content and serves it to its owner and admins only',
};

/** The photo upload's own body limit (the app-wide one is far smaller): the image plus the form's wrapping. */
export const PHOTO_UPLOAD_PATH = '/api/registration/photo';
const PHOTO_BODY_LIMIT = PROFILE_PHOTO_MAX_BYTES + 64 * 1024;

/**
 * Registration forms (issue 6), all for the signed-in user only:
 * - `GET  /registration/me` — the saved form (edit mode) → `SavedRegistration`
 * - `PUT  /registration/:role` — saves the form of the user's own role; 422 with a message per
 *   field, 403 for another role's form or an admin
 * - `POST /registration/photo` — multipart `photo` (JPEG, PNG or WebP by content, ≤ 5 MB)
 * - `GET  /registration/photo/:userId` — the photo, for its owner or an admin (else 404)
 */
export function registrationRoutes(env: Env, db: Database) {
  const service = createRegistrationService(db, env.DATA_DIR);
  return new Hono<AppBindings>()
    .get('/registration/me', allow.own(OWN_NOBODY_FILLS_IN, 'family', 'professional', 'community'), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await service.read(c.get('user')));
    })
    .put(
      '/registration/:role',
      allow.own(OWN_NOBODY_FILLS_IN),
      validate('param', z.object({ role: z.enum(PUBLIC_ROLES) })),
      validate('json', registrationBodySchema),
      async (c) => {
        const { role } = c.req.valid('param');
        const { answers } = c.req.valid('json');
        const saved = await service.save(c.get('user'), role, answers);
        c.get('logger').info({ userId: c.get('user').id, role }, 'registration saved');
        return c.json(saved);
      },
    )
    .post(
      '/registration/photo',
      allow.own(OWN_TAKES_A_TINY),
      bodyLimit({
        maxSize: PHOTO_BODY_LIMIT,
        onError: () => {
          throw new AppError('payload_too_large', PROFILE_PHOTO_MESSAGES.size, { photo: PROFILE_PHOTO_MESSAGES.size });
        },
      }),
      uploadFieldsGuard(),
      async (c) => {
        const body = await c.req.parseBody().catch(() => {
          throw new AppError('bad_request', PROFILE_PHOTO_MESSAGES.missing, { photo: PROFILE_PHOTO_MESSAGES.missing });
        });
        const photo = body['photo'];
        if (!(photo instanceof File)) {
          throw new AppError('validation_failed', PROFILE_PHOTO_MESSAGES.missing, {
            photo: PROFILE_PHOTO_MESSAGES.missing,
          });
        }
        return c.json(await service.savePhoto(c.get('user'), new Uint8Array(await photo.arrayBuffer())), 201);
      },
    )
    .get('/registration/photo/:userId', allow.own(OWN_TAKES_A_TINY), async (c) => {
      const { bytes, type } = await service.readPhoto(c.get('user'), c.req.param('userId'));
      return c.body(new Uint8Array(bytes), 200, {
        'Content-Type': type,
        'Cache-Control': 'private, max-age=86400',
        'Content-Disposition': 'inline',
      });
    });
}
