import { FEATURE_STATUSES, type FeatureStatus } from '@tavara/shared/feature-voting/feature-voting';
import { PUBLIC_ROLES, type PublicRole, type Role } from '@tavara/shared/roles';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { user } from '../../db/schema/auth';
import { features, featureUpvotes } from '../../db/schema/features';

export interface FeatureVoteStat {
  id: string;
  title: string;
  category: string;
  status: FeatureStatus;
  votes: number;
  /** Votes by the voter's current role: what families, professionals and community members ask for. */
  votesByRole: Record<PublicRole | 'admin', number>;
}

const emptyByRole = (): Record<Role, number> => ({ family: 0, professional: 0, community: 0, admin: 0 });

/**
 * Feature votes for the admin area (issue 8): every feature with its votes in total and by the
 * voters' role, and the totals per status — two grouped queries, whatever the number of votes.
 */
export async function getFeatureVoteStats(db: Database) {
  const [featureRows, voteRows] = await Promise.all([
    db
      .select({ id: features.id, title: features.title, category: features.category, status: features.status })
      .from(features)
      .orderBy(asc(features.sortOrder), asc(features.id)),
    db
      .select({ featureId: featureUpvotes.featureId, role: user.role, votes: count() })
      .from(featureUpvotes)
      .innerJoin(user, eq(user.id, featureUpvotes.userId))
      .groupBy(featureUpvotes.featureId, user.role)
      .orderBy(sql`1`),
  ]);
  const byFeature = new Map<string, Record<Role, number>>();
  for (const row of voteRows) {
    const roles = byFeature.get(row.featureId) ?? emptyByRole();
    roles[row.role as Role] += Number(row.votes);
    byFeature.set(row.featureId, roles);
  }
  const stats: FeatureVoteStat[] = featureRows.map((row) => {
    const votesByRole = byFeature.get(row.id) ?? emptyByRole();
    const votes = Object.values(votesByRole).reduce((sum, n) => sum + n, 0);
    return { ...row, votes, votesByRole };
  });
  const byStatus = FEATURE_STATUSES.map((status) => {
    const inStatus = stats.filter((stat) => stat.status === status);
    return { status, features: inStatus.length, votes: inStatus.reduce((sum, stat) => sum + stat.votes, 0) };
  });
  const totalVotes = stats.reduce((sum, stat) => sum + stat.votes, 0);
  return { features: stats, byStatus, totalVotes, roles: [...PUBLIC_ROLES, 'admin'] as const };
}
