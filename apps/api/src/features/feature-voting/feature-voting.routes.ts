import { Hono } from 'hono';
import { allow } from '../../auth/allow';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import type { Database } from '../../db/client';
import { validate } from '../../lib/validate';
import { listFeatures, listVotedFeatureIds, upvoteFeature, withdrawUpvote } from './feature-voting.service';

/** Own rows only: the test that shows another user's are out of reach (auth/allow.ts). */
const OWN_EVERY_ROLE_CAN = {
  file: 'feature-voting.test.ts',
  test: 'every role can vote once per feature: the second vote records nothing',
};

/** Own rows only: the test that shows another user's are out of reach (auth/allow.ts). */
const OWN_A_USER_WITHDRAWS = {
  file: 'feature-voting.test.ts',
  test: 'a user withdraws their own vote; another user cannot withdraw it for them',
};

const featureParam = z.object({ featureId: z.string().min(1).max(100) });

/**
 * Feature voting (spec §3 feature_upvotes, §4 "Pending upvote", §6 "Upvoting a feature requires
 * sign-in"):
 *
 * - `GET    /features` — public: every feature with its vote count → `{ features }`
 * - `GET    /features/my-votes` — signed in: the ids the user voted for → `{ featureIds }`
 * - `POST   /features/:featureId/vote` — signed in: one vote per user per feature →
 *   `{ recorded, hasVoted, voteCount }` (201 when recorded, 200 when it already existed)
 * - `DELETE /features/:featureId/vote` — signed in: withdraws the user's own vote →
 *   `{ withdrawn, hasVoted, voteCount }`
 *
 * The public list stays free of session reads so it can be cached and served fast; what the
 * signed-in user voted for is a separate, private request.
 */
export function featureVotingRoutes(db: Database) {
  return new Hono<AppBindings>()
    .get('/features', allow('anyone'), async (c) => {
      return c.json({ features: await listFeatures(db) });
    })
    .get('/features/my-votes', allow('signed-in'), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ featureIds: await listVotedFeatureIds(db, c.get('user').id) });
    })
    .post('/features/:featureId/vote', allow.own(OWN_EVERY_ROLE_CAN), validate('param', featureParam), async (c) => {
      const result = await upvoteFeature(db, c.req.valid('param').featureId, c.get('user').id);
      return c.json(result, result.recorded ? 201 : 200);
    })
    .delete(
      '/features/:featureId/vote',
      allow.own(OWN_A_USER_WITHDRAWS),
      validate('param', featureParam),
      async (c) => {
        return c.json(await withdrawUpvote(db, c.req.valid('param').featureId, c.get('user').id));
      },
    );
}
