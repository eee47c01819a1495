import { carePlanInputSchema, planStatusInputSchema } from '@tavara/shared/care-plans/care-plans';
import { allow, PLAN_MATRIX } from '../../auth/allow';
import { isoDateSchema } from '@tavara/shared/time/date-params';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import type { Logger } from '../../lib/logger';
import { validate } from '../../lib/validate';
import * as plans from '../care-plans/care-plans.service';
import { viewerOf } from '../../domain/viewer';

const planParam = z.object({ planId: z.string().min(1).max(100) });
const weekQuery = z.object({ week: isoDateSchema.optional() });

/**
 * Care plans (issue 16): a plan is visible to its owner, accepted members and admins, and anyone
 * else gets the same "You don't have access to this plan" whether or not it exists. Changing a
 * plan is the owner's. Mounted after careTeamRoutes (app.ts): `/care-plans/professionals` must
 * be matched before `/care-plans/:planId`.
 *
 * Plans:        GET/POST /care-plans · GET/PUT/DELETE /care-plans/:planId · POST …/status, …/restore
 * Professional: GET /professional/assignments/:planId
 * Dashboard:    GET /care-plans/figures
 */
export function carePlanRoutes(deps: { env: Env; db: Database; logger: Logger }) {
  const { env, db, logger } = deps;
  const plan = allow.plans(db, PLAN_MATRIX);
  return (
    new Hono<AppBindings>()
      // Plan data is private and changes under the reader: never cached (every router under /care-plans).
      .use('/care-plans/*', async (c, next) => {
        await next();
        c.header('Cache-Control', 'no-store');
      })
      .get('/care-plans', allow('signed-in'), async (c) => {
        // Anyone signed in: their own plans (families) and the teams they accepted a place on
        // (relatives of any role, professionals), so an accepted invitation always leads somewhere.
        const viewer = viewerOf(c);
        const [own, teams] = await Promise.all([plans.listFamilyPlans(db, viewer), plans.listTeamPlans(db, viewer)]);
        return c.json({ plans: own, teams });
      })
      .post('/care-plans', allow.role('family'), validate('json', carePlanInputSchema), async (c) => {
        return c.json({ plan: await plans.createPlan(db, viewerOf(c), c.req.valid('json')) }, 201);
      })
      .get('/care-plans/figures', allow('signed-in'), async (c) => {
        return c.json(await plans.careFigures(db, viewerOf(c)));
      })
      .get(
        '/care-plans/:planId',
        plan.member(),
        validate('param', planParam),
        validate('query', weekQuery),
        async (c) => {
          return c.json(
            await plans.getPlanDetail(db, viewerOf(c), c.req.valid('param').planId, c.req.valid('query').week),
          );
        },
      )
      .put(
        '/care-plans/:planId',
        plan.owner(),
        validate('param', planParam),
        validate('json', carePlanInputSchema),
        async (c) => {
          return c.json({
            plan: await plans.updatePlan(db, viewerOf(c), c.req.valid('param').planId, c.req.valid('json')),
          });
        },
      )
      .post(
        '/care-plans/:planId/status',
        plan.owner(),
        validate('param', planParam),
        validate('json', planStatusInputSchema),
        async (c) => {
          return c.json({
            plan: await plans.setPlanStatus(db, viewerOf(c), c.req.valid('param').planId, c.req.valid('json').status),
          });
        },
      )
      .post('/care-plans/:planId/restore', plan.owner(), validate('param', planParam), async (c) => {
        return c.json({ plan: await plans.restorePlan(db, viewerOf(c), c.req.valid('param').planId) });
      })
      .delete('/care-plans/:planId', plan.owner(), validate('param', planParam), async (c) => {
        return c.json(
          await plans.deleteOrArchivePlan(db, viewerOf(c), c.req.valid('param').planId, {
            dataDir: env.DATA_DIR,
            logger,
          }),
        );
      })
      .get('/professional/assignments/:planId', plan.member(), validate('param', planParam), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await plans.getAssignment(db, viewerOf(c), c.req.valid('param').planId));
      })
  );
}
