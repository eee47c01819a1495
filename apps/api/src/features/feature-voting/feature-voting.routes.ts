import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import { requireUser } from '../../auth/require-user';
import type { Database } from '../../db/client';
import { validate } from '../../lib/validate';
import { listFeatures, listVotedFeatureIds, upvoteFeature, withdrawUpvote } from './feature-voting.service';

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
    .get('/features', async (c) => {
      return c.json({ features: await listFeatures(db) });
    })
    .get('/features/my-votes', requireUser(), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ featureIds: await listVotedFeatureIds(db, c.get('user').id) });
    })
    .post('/features/:featureId/vote', requireUser(), validate('param', featureParam), async (c) => {
      const result = await upvoteFeature(db, c.req.valid('param').featureId, c.get('user').id);
      return c.json(result, result.recorded ? 201 : 200);
    })
    .delete('/features/:featureId/vote', requireUser(), validate('param', featureParam), async (c) => {
      return c.json(await withdrawUpvote(db, c.req.valid('param').featureId, c.get('user').id));
    });
}
