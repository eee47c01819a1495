import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { features, featureUpvotes } from '../../db/schema/features';
import { AppError } from '../../lib/app-error';

/**
 * Every feature people can vote on, in the order product-notes.md lists them, with its vote
 * count (one grouped join; no per-feature queries).
 */
export async function listFeatures(db: Database) {
  const rows = await db
    .select({
      id: features.id,
      title: features.title,
      description: features.description,
      category: features.category,
      status: features.status,
      voteCount: count(featureUpvotes.id),
    })
    .from(features)
    .leftJoin(featureUpvotes, eq(featureUpvotes.featureId, features.id))
    .groupBy(features.id)
    .orderBy(asc(features.sortOrder), asc(features.id));
  return rows.map((row) => ({ ...row, voteCount: Number(row.voteCount) }));
}

/** The ids of the features `userId` has voted for. */
export async function listVotedFeatureIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ featureId: featureUpvotes.featureId })
    .from(featureUpvotes)
    .where(eq(featureUpvotes.userId, userId));
  return rows.map((row) => row.featureId);
}

async function voteCount(db: Database, featureId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(featureUpvotes).where(eq(featureUpvotes.featureId, featureId));
  return Number(row?.n ?? 0);
}

async function assertFeatureExists(db: Database, featureId: string): Promise<void> {
  const [row] = await db.select({ id: features.id }).from(features).where(eq(features.id, featureId));
  if (!row) throw new AppError('not_found', 'This feature does not exist (any more).');
}

/**
 * Spec §4 "Pending upvote": records `userId`'s vote unless there is one. `recorded` is false
 * when the user had already voted — no new row. The unique (feature, user) constraint decides
 * between concurrent requests (`on conflict do nothing`), not a read-then-insert.
 */
export async function upvoteFeature(db: Database, featureId: string, userId: string) {
  await assertFeatureExists(db, featureId);
  const inserted = await db
    .insert(featureUpvotes)
    .values({ featureId, userId })
    .onConflictDoNothing({ target: [featureUpvotes.featureId, featureUpvotes.userId] })
    .returning({ id: featureUpvotes.id });
  return { featureId, recorded: inserted.length === 1, hasVoted: true, voteCount: await voteCount(db, featureId) };
}

/** Withdraws `userId`'s own vote (nobody else's); `withdrawn` is false when there was none. */
export async function withdrawUpvote(db: Database, featureId: string, userId: string) {
  await assertFeatureExists(db, featureId);
  const deleted = await db
    .delete(featureUpvotes)
    .where(and(eq(featureUpvotes.featureId, featureId), eq(featureUpvotes.userId, userId)))
    .returning({ id: featureUpvotes.id });
  return { featureId, withdrawn: deleted.length > 0, hasVoted: false, voteCount: await voteCount(db, featureId) };
}

/** For tests and admin views: the number of vote rows of one user for one feature. */
export async function countUserVotes(db: Database, featureId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(featureUpvotes)
    .where(and(eq(featureUpvotes.featureId, featureId), eq(featureUpvotes.userId, userId)));
  return Number(row?.n ?? 0);
}
