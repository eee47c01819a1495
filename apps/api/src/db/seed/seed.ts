import type { Database } from '../client';
import { features } from '../schema/features';
import { FEATURE_SEED } from './features.seed';
import { DEFAULT_TRAINING_CONTENT_DIR, loadTrainingContent, seedTrainingContent } from './training-content';

export interface SeedOptions {
  /** Where the training curriculum is (content/training); the bundled server passes dist/content/training. */
  trainingContentDir?: string;
}

/**
 * Inserts the product's own content (not demo data). Idempotent, so it runs safely at every
 * start-up and from several processes at once: feature rows that exist are left as they are (an
 * admin may have edited them); the training curriculum is brought up to date with its files.
 */
export async function seedDatabase(db: Database, options: SeedOptions = {}): Promise<void> {
  await db
    .insert(features)
    .values(FEATURE_SEED.map((feature, index) => ({ ...feature, sortOrder: index })))
    .onConflictDoNothing({ target: features.id });
  await seedTrainingContent(db, loadTrainingContent(options.trainingContentDir ?? DEFAULT_TRAINING_CONTENT_DIR));
}
