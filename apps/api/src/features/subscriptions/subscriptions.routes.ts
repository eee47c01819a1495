import { interestBodySchema, PLAN_CODES } from '@tavara/shared/subscriptions/subscriptions';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import { requireRole, requireUser } from '../../auth/require-user';
import type { Database } from '../../db/client';
import { validate } from '../../lib/validate';
import { listInterest, mySubscription, registerInterest, withdrawInterest } from './subscriptions.service';

const planParam = z.object({ planCode: z.enum(PLAN_CODES) });

/**
 * Subscriptions, honestly (issue 19, item 6). The plans themselves are data in packages/shared;
 * the server keeps only who registered interest in a paid plan.
 *
 * - `GET    /subscription` — signed in: current plan (free) and the plans they asked about
 * - `POST   /subscription/interest` — signed in: register interest in a paid plan (201 new, 200 again)
 * - `DELETE /subscription/interest/:planCode` — signed in: withdraw their own interest
 * - `GET    /admin/subscription-interest` — admin: counts per plan and who asked
 */
export function subscriptionRoutes(db: Database) {
  return new Hono<AppBindings>()
    .get('/subscription', requireUser(), async (c) => {
      c.header('Cache-Control', 'no-store');
      const user = c.get('user');
      return c.json(await mySubscription(db, user.id, user.role));
    })
    .post('/subscription/interest', requireUser(), validate('json', interestBodySchema), async (c) => {
      const user = c.get('user');
      const recorded = await registerInterest(db, user.id, c.req.valid('json').planCode);
      return c.json({ recorded, ...(await mySubscription(db, user.id, user.role)) }, recorded ? 201 : 200);
    })
    .delete('/subscription/interest/:planCode', requireUser(), validate('param', planParam), async (c) => {
      const user = c.get('user');
      await withdrawInterest(db, user.id, c.req.valid('param').planCode);
      return c.json(await mySubscription(db, user.id, user.role));
    })
    .get('/admin/subscription-interest', requireRole('admin'), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listInterest(db));
    });
}
