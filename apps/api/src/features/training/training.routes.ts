import { ADMIN_USERS_PAGE_SIZE } from '@tavara/shared/admin/admin';
import { allow } from '../../auth/allow';
import {
  certificateRevokeSchema,
  normalizeCertificateCode,
  quizSubmissionSchema,
  TRAINING_MESSAGES,
  trainingSlugSchema,
} from '@tavara/shared/training/training';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import { readSession } from '../../auth/require-user';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import { validate } from '../../lib/validate';
import { renderCertificatePdf } from './certificate-pdf';
import { createTrainingService, type Learner } from './training.service';

/** Own rows only: the test that shows another user's are out of reach (auth/allow.ts). */
const OWN_OWNER_VS_OTHER = {
  file: 'training.authorization.test.ts',
  test: 'owner vs other: progress and the certificate come from the session only',
};

const moduleParam = z.object({ moduleId: trainingSlugSchema });
const lessonParam = z.object({ moduleId: trainingSlugSchema, lessonId: trainingSlugSchema });
const codeParam = z.object({ code: z.string().min(1).max(40) });
const certificateParam = z.object({ certificateId: z.uuid('Not a valid certificate id.') });
const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).optional().default(1) });

/** Progress is kept for professionals; everyone else (and signed-out visitors) reads content only. */
async function learnerOf(c: Context<AppBindings>): Promise<Learner> {
  const data = await readSession(c);
  return data?.user.role === 'professional' ? { id: data.user.id } : null;
}

/**
 * Training (issue 21). Content is public to read; progress, quizzes and the certificate belong
 * to the signed-in professional (the user comes from the session only — there is no way to name
 * someone else); admins see figures and revoke certificates (audited).
 *
 * - `GET  /training/overview` — anyone: modules and lessons; with a professional's progress,
 *   resume targets and certificate when one is signed in → `TrainingOverview`
 * - `GET  /training/modules/:moduleId/lessons/:lessonId` — anyone → `TrainingLesson` (HTML from
 *   Markdown, raw HTML disabled)
 * - `PUT  /training/modules/:moduleId/lessons/:lessonId/completion` — professional; idempotent
 * - `GET  /training/modules/:moduleId/quiz` — professional, lessons done (409 otherwise):
 *   shuffled questions without answers → `QuizForAttempt`
 * - `POST /training/modules/:moduleId/quiz/attempts` `{ answers }` — professional → `QuizResult`
 * - `POST /training/certificate` — professional with all modules complete (409 otherwise); idempotent
 * - `GET  /training/certificate`, `GET /training/certificate/pdf` — professional, own certificate
 * - `GET  /training/certificates/:code` — anyone: `{ name, issuedAt }` of a valid certificate; 404
 *   for unknown or revoked codes
 * - `GET  /admin/training/stats`, `GET /admin/training/certificates?page=`,
 *   `POST /admin/training/certificates/:certificateId/revoke` `{ reason }`,
 *   `POST /admin/training/certificates/:certificateId/allow-reissue` — admin, audited. A revoked
 *   certificate holds its owner: `POST /training/certificate` answers 409 until an admin allows
 *   a new one.
 */
export function trainingRoutes(deps: { env: Env; db: Database }) {
  const training = createTrainingService(deps.db);
  const privateNoStore = createMiddleware(async (c, next) => {
    await next();
    c.header('Cache-Control', 'private, no-store');
  });
  const forbiddenMessage = createMiddleware(async (_c, next) => {
    try {
      await next();
    } catch (error) {
      // allow.own's generic 403 (requireRole's) says nothing useful to a family member who opened a lesson.
      if (
        error instanceof AppError &&
        error.code === 'forbidden' &&
        error.message.startsWith('You do not have permission')
      ) {
        throw new AppError('forbidden', TRAINING_MESSAGES.professionalsOnly);
      }
      throw error;
    }
  });
  const appUrl = (path: string) => new URL(path, deps.env.APP_URL).toString();

  return new Hono<AppBindings>()
    .get('/training/overview', allow('anyone'), privateNoStore, async (c) =>
      c.json(await training.overview(await learnerOf(c))),
    )
    .get(
      '/training/modules/:moduleId/lessons/:lessonId',
      allow('anyone'),
      privateNoStore,
      validate('param', lessonParam),
      async (c) => {
        const { moduleId, lessonId } = c.req.valid('param');
        return c.json(await training.lesson(moduleId, lessonId, await learnerOf(c)));
      },
    )
    .put(
      '/training/modules/:moduleId/lessons/:lessonId/completion',
      forbiddenMessage,
      allow.own(OWN_OWNER_VS_OTHER, 'professional'),
      validate('param', lessonParam),
      async (c) => {
        const { moduleId, lessonId } = c.req.valid('param');
        return c.json(await training.completeLesson(c.get('user').id, moduleId, lessonId));
      },
    )
    .get(
      '/training/modules/:moduleId/quiz',
      privateNoStore,
      forbiddenMessage,
      allow.own(OWN_OWNER_VS_OTHER, 'professional'),
      validate('param', moduleParam),
      async (c) => {
        return c.json(await training.quiz(c.get('user').id, c.req.valid('param').moduleId));
      },
    )
    .post(
      '/training/modules/:moduleId/quiz/attempts',
      forbiddenMessage,
      allow.own(OWN_OWNER_VS_OTHER, 'professional'),
      validate('param', moduleParam),
      validate('json', quizSubmissionSchema),
      async (c) => {
        const result = await training.submitQuiz(
          c.get('user').id,
          c.req.valid('param').moduleId,
          c.req.valid('json').answers,
        );
        return c.json(result);
      },
    )
    .post('/training/certificate', forbiddenMessage, allow.own(OWN_OWNER_VS_OTHER, 'professional'), async (c) => {
      const u = c.get('user');
      return c.json({ certificate: await training.issueCertificate({ id: u.id, name: u.name }) });
    })
    .get(
      '/training/certificate',
      privateNoStore,
      forbiddenMessage,
      allow.own(OWN_OWNER_VS_OTHER, 'professional'),
      async (c) => {
        return c.json({ certificate: await training.certificateOf(c.get('user').id) });
      },
    )
    .get(
      '/training/certificate/pdf',
      privateNoStore,
      forbiddenMessage,
      allow.own(OWN_OWNER_VS_OTHER, 'professional'),
      async (c) => {
        const cert = await training.certificateOf(c.get('user').id);
        const overview = await training.overview(null);
        const pdf = await renderCertificatePdf({
          name: cert.name,
          issuedAt: new Date(cert.issuedAt),
          code: cert.code,
          verifyUrl: appUrl(`/verify-certificate/${cert.code}`),
          moduleTitles: overview.modules.map((m) => m.title),
        });
        return c.body(new Uint8Array(pdf), 200, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="tavara-training-certificate-${cert.code}.pdf"`,
        });
      },
    )
    .get('/training/certificates/:code', allow('anyone'), validate('param', codeParam), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await training.verify(normalizeCertificateCode(c.req.valid('param').code)));
    })
    .get('/admin/training/stats', allow.admin(), privateNoStore, async (c) => c.json(await training.adminStats()))
    .get('/admin/training/certificates', allow.admin(), privateNoStore, validate('query', pageQuery), async (c) => {
      return c.json(await training.adminCertificates(c.req.valid('query').page, ADMIN_USERS_PAGE_SIZE));
    })
    .post(
      '/admin/training/certificates/:certificateId/revoke',
      allow.admin(),
      validate('param', certificateParam),
      validate('json', certificateRevokeSchema),
      async (c) => {
        const actor = c.get('user');
        const certificate = await training.revoke(
          { id: actor.id, email: actor.email },
          c.req.valid('param').certificateId,
          c.req.valid('json').reason,
        );
        return c.json({ certificate });
      },
    )
    .post(
      '/admin/training/certificates/:certificateId/allow-reissue',
      allow.admin(),
      validate('param', certificateParam),
      async (c) => {
        const actor = c.get('user');
        const certificate = await training.allowReissue(
          { id: actor.id, email: actor.email },
          c.req.valid('param').certificateId,
        );
        return c.json({ certificate });
      },
    );
}
