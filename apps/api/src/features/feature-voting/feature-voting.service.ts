import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { features } from '../../db/schema/features';

/** Every feature people can vote on, in the order product-notes.md lists them. */
export async function listFeatures(db: Database) {
  return db
    .select({
      id: features.id,
      title: features.title,
      description: features.description,
      category: features.category,
      status: features.status,
    })
    .from(features)
    .orderBy(asc(features.sortOrder), asc(features.id));
}
