import { Hono } from 'hono';
import type { AppBindings } from '../../app-types';
import type { Database } from '../../db/client';
import { listFeatures } from './feature-voting.service';

/** Public read of the feature list (votes and their counts come with the voting work). */
export function featureVotingRoutes(db: Database) {
  return new Hono<AppBindings>().get('/features', async (c) => {
    return c.json({ features: await listFeatures(db) });
  });
}
