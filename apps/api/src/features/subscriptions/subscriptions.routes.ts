import { interestBodySchema, PLAN_CODES } from '@tavara/shared/subscriptions/subscriptions';
import { allow } from '../../auth/allow';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import type { Database } from '../../db/client';
import { validate } from '../../lib/validate';
import { listInterest, mySubscription, registerInterest, withdrawInterest } from './subscriptions.service';

/** Own rows only: the test that shows another user's are out of reach (auth/allow.ts). */
const OWN_INTEREST_IS_THE = { file: 'subscriptions.test.ts', test: 'interest is the asker’s own' };

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
    .get('/subscription', allow('signed-in'), async (c) => {
      c.header('Cache-Control', 'no-store');
      const user = c.get('user');
      return c.json(await mySubscription(db, user.id, user.role));
    })
    .post('/subscription/interest', allow.own(OWN_INTEREST_IS_THE), validate('json', interestBodySchema), async (c) => {
      const user = c.get('user');
      const recorded = await registerInterest(db, user.id, c.req.valid('json').planCode);
      return c.json({ recorded, ...(await mySubscription(db, user.id, user.role)) }, recorded ? 201 : 200);
    })
    .delete(
      '/subscription/interest/:planCode',
      allow.own(OWN_INTEREST_IS_THE),
      validate('param', planParam),
      async (c) => {
        const user = c.get('user');
        await withdrawInterest(db, user.id, c.req.valid('param').planCode);
        return c.json(await mySubscription(db, user.id, user.role));
      },
    )
    .get('/admin/subscription-interest', allow.admin(), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listInterest(db));
    });
}
