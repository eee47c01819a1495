import { assessmentSectionBodySchema, assessmentSectionIdSchema } from '@tavara/shared/care-assessment/care-assessment';
import { allow } from '../../auth/allow';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import type { Database } from '../../db/client';
import { validate } from '../../lib/validate';
import { listAssessments, planAssessment, saveSection } from './care-assessment.service';

/** Own rows only: the test that shows another user's are out of reach (auth/allow.ts). */
const OWN_WHO_MAY_READ = { file: 'people-cared-for.test.ts', test: 'who may read and change assessments and stories' };

const sectionParam = z.object({ section: assessmentSectionIdSchema });
const planParam = z.object({ planId: z.string().min(1).max(100) });

/**
 * The care needs assessment (issue 19, item 1):
 *
 * - `GET /care-assessments` — family: the people they care for, each with the saved assessment
 *   and the registration prefill → `AssessmentListResponse`
 * - `PUT /care-assessments/sections/:section` — family: saves one section for one recipient (their
 *   own rows only: the family is the signed-in user, never a parameter) → `SavedAssessment`
 * - `GET /care-plans/:planId/assessment` — the plan's owner, accepted team and admins: the
 *   recipient's assessment, the plan's "care details" → `PlanAssessmentResponse`
 */
export function careAssessmentRoutes(db: Database) {
  return new Hono<AppBindings>()
    .get('/care-assessments', allow.own(OWN_WHO_MAY_READ, 'family'), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listAssessments(db, c.get('user').id));
    })
    .put(
      '/care-assessments/sections/:section',
      allow.own(OWN_WHO_MAY_READ, 'family'),
      validate('param', sectionParam),
      validate('json', assessmentSectionBodySchema),
      async (c) => {
        return c.json(await saveSection(db, c.get('user').id, c.req.valid('param').section, c.req.valid('json')));
      },
    )
    .get('/care-plans/:planId/assessment', allow.own(OWN_WHO_MAY_READ), validate('param', planParam), async (c) => {
      c.header('Cache-Control', 'no-store');
      const user = c.get('user');
      return c.json(await planAssessment(db, { id: user.id, role: user.role }, c.req.valid('param').planId));
    });
}
