import {
  commentInputSchema,
  feedQuerySchema,
  UPDATE_LIMITS,
  UPDATE_MESSAGES as U,
  updateBodySchema,
} from '@tavara/shared/plan-updates/plan-updates';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import { allow } from '../../auth/allow';
import type { Database } from '../../db/client';
import { viewerOf } from '../../domain/viewer';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import { uploadedFileHeaders } from '../../lib/file-response';
import { uploadFieldsGuard } from '../../lib/input-guard';
import { validate } from '../../lib/validate';
import * as updates from './plan-updates.service';
import { createUpdatePhotoStore, reencodePhoto } from './update-photos';

/**
 * Who may call each route is the village rule (`loadVillagePlan`): the owner, accepted team and
 * circle members, admins (who only read); invited, removed and former members, strangers and
 * visitors are answered as if the plan or update did not exist. Every route is asked of each of
 * them in this matrix test.
 */
const UPDATES_MATRIX = { file: 'plan-updates-authorization.test.ts', test: 'plan-updates routes: who may call them' };

/** The two multipart routes (a new update; an edit), which take photos: their own, larger body limit. */
const UPLOAD_PATH = /^\/api\/(care-plans\/[^/]+\/updates|plan-updates\/[^/]+)$/;
export const isPlanUpdateUploadPath = (path: string) => UPLOAD_PATH.test(path);
const MAX_UPLOAD_BYTES = UPDATE_LIMITS.photosMax * UPDATE_LIMITS.photoBytesMax + 256 * 1024;

const planParam = z.object({ planId: z.string().min(1).max(100) });
const updateParam = z.object({ updateId: z.string().min(1).max(100) });
const commentParam = z.object({ commentId: z.string().min(1).max(100) });
const photoParam = z.object({ photoId: z.string().min(1).max(100) });

/** A form field sent once is a value, sent several times an array: always a list here. */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(item));
const photosField = list(z.instanceof(File)).pipe(
  z.array(z.instanceof(File)).max(UPDATE_LIMITS.photosMax, U.tooManyPhotos),
);
const updateForm = z.object({
  body: updateBodySchema,
  clientKey: z.uuid().optional(),
  photos: photosField,
});
const editForm = z.object({
  body: updateBodySchema,
  keepPhotoIds: list(z.string().max(100)),
  photos: photosField,
});

/**
 * A plan's updates feed (issue 30, item 4; decision 042).
 *
 * GET|POST /care-plans/:planId/updates · PUT|DELETE /plan-updates/:updateId ·
 * PUT|DELETE /plan-updates/:updateId/thanks · POST /plan-updates/:updateId/comments ·
 * DELETE /plan-update-comments/:commentId · GET /plan-update-photos/:photoId
 */
export function planUpdatesRoutes(deps: { env: Env; db: Database }) {
  const { env, db } = deps;
  const store = createUpdatePhotoStore(env.DATA_DIR);
  const uploadLimit = bodyLimit({
    maxSize: MAX_UPLOAD_BYTES,
    onError: () => {
      throw new AppError('payload_too_large', U.photoTooLarge, { photos: U.photoTooLarge });
    },
  });
  // One photo at a time through sharp: four 10 MB pictures decoded at once would be a memory spike.
  const reencodeAll = async (files: File[]) => {
    const out = [];
    for (const file of files) out.push(await reencodePhoto(file));
    return out;
  };
  const noStore = async (c: { header: (k: string, v: string) => void }, next: () => Promise<void>) => {
    await next();
    c.header('Cache-Control', 'no-store');
  };

  return new Hono<AppBindings>()
    .use('/plan-updates/*', noStore)
    .use('/plan-update-comments/*', noStore)
    .get(
      '/care-plans/:planId/updates',
      allow.own(UPDATES_MATRIX),
      validate('param', planParam),
      validate('query', feedQuerySchema),
      async (c) => {
        c.header('Cache-Control', 'no-store');
        const { before, limit } = c.req.valid('query');
        return c.json(await updates.listFeed(db, viewerOf(c), c.req.valid('param').planId, { before, limit }));
      },
    )
    .post(
      '/care-plans/:planId/updates',
      allow.own(UPDATES_MATRIX),
      uploadLimit,
      uploadFieldsGuard(),
      validate('param', planParam),
      validate('form', updateForm),
      async (c) => {
        const form = c.req.valid('form');
        const photos = await reencodeAll(form.photos);
        const result = await updates.createUpdate(db, store, viewerOf(c), c.req.valid('param').planId, {
          body: form.body,
          clientKey: form.clientKey,
          photos,
        });
        c.header('Cache-Control', 'no-store');
        return c.json(result, result.created ? 201 : 200);
      },
    )
    .put(
      '/plan-updates/:updateId',
      allow.own(UPDATES_MATRIX),
      uploadLimit,
      uploadFieldsGuard(),
      validate('param', updateParam),
      validate('form', editForm),
      async (c) => {
        const form = c.req.valid('form');
        const photos = await reencodeAll(form.photos);
        return c.json(
          await updates.editUpdate(db, store, viewerOf(c), c.req.valid('param').updateId, {
            body: form.body,
            keepPhotoIds: form.keepPhotoIds,
            photos,
          }),
        );
      },
    )
    .delete('/plan-updates/:updateId', allow.own(UPDATES_MATRIX), validate('param', updateParam), async (c) =>
      c.json(await updates.deleteUpdate(db, store, viewerOf(c), c.req.valid('param').updateId)),
    )
    .put('/plan-updates/:updateId/thanks', allow.own(UPDATES_MATRIX), validate('param', updateParam), async (c) =>
      c.json(await updates.thank(db, viewerOf(c), c.req.valid('param').updateId, true)),
    )
    .delete('/plan-updates/:updateId/thanks', allow.own(UPDATES_MATRIX), validate('param', updateParam), async (c) =>
      c.json(await updates.thank(db, viewerOf(c), c.req.valid('param').updateId, false)),
    )
    .post(
      '/plan-updates/:updateId/comments',
      allow.own(UPDATES_MATRIX),
      validate('param', updateParam),
      validate('json', commentInputSchema),
      async (c) => {
        const result = await updates.addComment(db, viewerOf(c), c.req.valid('param').updateId, c.req.valid('json'));
        return c.json(result, result.created ? 201 : 200);
      },
    )
    .delete('/plan-update-comments/:commentId', allow.own(UPDATES_MATRIX), validate('param', commentParam), async (c) =>
      c.json(await updates.deleteComment(db, viewerOf(c), c.req.valid('param').commentId)),
    )
    .get('/plan-update-photos/:photoId', allow.own(UPDATES_MATRIX), validate('param', photoParam), async (c) => {
      const bytes = await updates.readPhoto(db, store, viewerOf(c), c.req.valid('param').photoId);
      // Private to the asker's browser; a photo id never changes its bytes (an edit makes new ones).
      return c.body(new Uint8Array(bytes), 200, {
        ...uploadedFileHeaders('image/jpeg', 'photo.jpg'),
        'Cache-Control': 'private, max-age=3600',
      });
    });
}
