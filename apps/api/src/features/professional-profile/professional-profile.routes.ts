import {
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPES,
  documentFieldsSchema,
  MAX_DOCUMENT_BYTES,
} from '@tavara/shared/professional-profile/professional-documents';
import { allow } from '../../auth/allow';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { sniffDocumentType } from '../../lib/image-type';
import { uploadFieldsGuard } from '../../lib/input-guard';
import { uploadedFileHeaders } from '../../lib/file-response';
import { validate } from '../../lib/validate';
import { createProfessionalDocuments } from './professional-profile.service';

/** Own rows only: the test that shows another user's are out of reach (auth/allow.ts). */
const OWN_A_DOCUMENT_IS = {
  file: 'professional-profile.test.ts',
  test: 'a document is served only to its owner and admins',
};

/** The upload's own body limit (the app-wide one is far smaller): the file plus the form's wrapping. */
export const DOCUMENT_UPLOAD_PATH = '/api/professional/documents';

const idParam = z.object({ id: z.uuid({ message: 'Not a document id.' }) });
const uploadSchema = documentFieldsSchema.extend({
  file: z.instanceof(File, { message: DOCUMENT_MESSAGES.fileMissing }),
});

/**
 * Professionals' documents (issue 20):
 * - `GET    /professional/documents` — professional: their own
 * - `POST   /professional/documents` — professional: multipart `kind`, `title`, `file` (PDF or
 *   image by content, ≤ 10 MB) → 201 `{ document }`
 * - `GET    /professional/documents/:id/file` — the owner or an admin (else 404)
 * - `DELETE /professional/documents/:id` — the owner
 * - `GET    /admin/professional-documents?status=unverified` — admins
 * - `POST   /admin/professional-documents/:id/verification` `{ verified }` — admins; audited
 */
export function professionalDocumentRoutes(db: Database, dataDir: string) {
  const documents = createProfessionalDocuments(db, dataDir);
  return new Hono<AppBindings>()
    .get('/professional/documents', allow.role('professional'), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await documents.listMine(c.get('user').id));
    })
    .post(
      '/professional/documents',
      allow.role('professional'),
      bodyLimit({
        maxSize: MAX_DOCUMENT_BYTES + 64 * 1024,
        onError: () => {
          throw new AppError('payload_too_large', DOCUMENT_MESSAGES.fileTooLarge, {
            file: DOCUMENT_MESSAGES.fileTooLarge,
          });
        },
      }),
      uploadFieldsGuard(),
      validate('form', uploadSchema),
      async (c) => {
        const { file, ...fields } = c.req.valid('form');
        if (file.size === 0)
          throw new AppError('validation_failed', DOCUMENT_MESSAGES.fileMissing, {
            file: DOCUMENT_MESSAGES.fileMissing,
          });
        if (file.size > MAX_DOCUMENT_BYTES) {
          throw new AppError('payload_too_large', DOCUMENT_MESSAGES.fileTooLarge, {
            file: DOCUMENT_MESSAGES.fileTooLarge,
          });
        }
        const bytes = new Uint8Array(await file.arrayBuffer());
        const type = sniffDocumentType(bytes, DOCUMENT_TYPES);
        if (!type)
          throw new AppError('validation_failed', DOCUMENT_MESSAGES.fileType, { file: DOCUMENT_MESSAGES.fileType });
        return c.json({ document: await documents.create(c.get('user').id, fields, { type, bytes }) }, 201);
      },
    )
    .get('/professional/documents/:id/file', allow.own(OWN_A_DOCUMENT_IS), validate('param', idParam), async (c) => {
      const { bytes, type } = await documents.readFile(c.get('user'), c.req.valid('param').id);
      // Shown by the browser's own viewer (or downloaded), never as a page of ours: nothing in it can run here.
      return c.body(new Uint8Array(bytes), 200, {
        ...uploadedFileHeaders(type, 'document'),
        'Cache-Control': 'private, no-store',
      });
    })
    .delete(
      '/professional/documents/:id',
      allow.own(OWN_A_DOCUMENT_IS, 'professional'),
      validate('param', idParam),
      async (c) => {
        await documents.remove(c.get('user').id, c.req.valid('param').id);
        return c.json({ deleted: true });
      },
    )
    .get(
      '/admin/professional-documents',
      allow.admin(),
      validate('query', z.object({ status: z.enum(['unverified', 'all']).optional().default('unverified') })),
      async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await documents.listForAdmin(c.req.valid('query').status === 'unverified'));
      },
    )
    .post(
      '/admin/professional-documents/:id/verification',
      allow.admin(),
      validate('param', idParam),
      validate('json', z.object({ verified: z.boolean() })),
      async (c) => {
        const u = c.get('user');
        const document = await documents.setVerified(
          { id: u.id, email: u.email },
          c.req.valid('param').id,
          c.req.valid('json').verified,
        );
        return c.json({ document });
      },
    );
}
