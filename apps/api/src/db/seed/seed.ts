import type { Database } from '../client';
import { features } from '../schema/features';
import { FEATURE_SEED } from './features.seed';

/**
 * Inserts the product's own content (not demo data). Idempotent: rows that exist are left as
 * they are, so it runs safely at every start-up and from several processes at once.
 */
export async function seedDatabase(db: Database): Promise<void> {
  await db
    .insert(features)
    .values(FEATURE_SEED.map((feature, index) => ({ ...feature, sortOrder: index })))
    .onConflictDoNothing({ target: features.id });
}
