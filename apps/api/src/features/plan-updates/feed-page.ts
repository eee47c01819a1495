import { profilePhotoUrl } from '@tavara/shared/registration/photo-url';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { user } from '../../db/schema/auth';
import { planUpdateComments, planUpdatePhotos, planUpdates, planUpdateThanks } from '../../db/schema/plan-updates';
import { profiles } from '../../db/schema/profiles';
import { displayName, personNameOf } from '../../domain/people';

/**
 * One page of a plan's updates feed as one statement (issue 30's bench; decision 044): the page's
 * updates by the keyset index `plan_updates_feed_idx`, each with its author, its photos, its thanks
 * (and whether the viewer is among them) and its newest comments with theirs, as correlated
 * subqueries — each an index range of its own table — aggregated to JSON. Five statements and the
 * JS that stitched them together cost more CPU on a 2-core machine than the whole database work
 * (under a millisecond warm). Prepared (`perDatabase`) in two forms — the first page and a page
 * after a cursor — so each keeps its own plan.
 */

/** The newest comments shown under each update of a page; `commentCount` tells how many there are in all. */
export const COMMENTS_PER_UPDATE = 50;

export interface FeedPhotoRow {
  id: string;
  width: number;
  height: number;
}
export interface FeedCommentRow {
  id: string;
  authorId: string | null;
  authorName: string | null;
  body: string;
  /** As PostgreSQL writes a timestamptz in JSON (ISO 8601 with an offset). */
  createdAt: string;
}
export interface FeedRow {
  id: string;
  authorId: string | null;
  authorName: string | null;
  authorPhotoUrl: string | null;
  body: string;
  createdAt: Date;
  editedAt: Date | null;
  photos: FeedPhotoRow[];
  thanks: number;
  thankedByViewer: boolean;
  commentCount: number;
  comments: FeedCommentRow[];
}

function feedStatement(db: Database, afterCursor: boolean) {
  const u = planUpdates.id;
  return db
    .select({
      id: planUpdates.id,
      authorId: planUpdates.authorId,
      authorName: displayName,
      authorPhotoFile: profiles.photoFile,
      body: planUpdates.body,
      createdAt: planUpdates.createdAt,
      editedAt: planUpdates.editedAt,
      photos: sql<FeedPhotoRow[]>`coalesce((
        select json_agg(json_build_object('id', p.id, 'width', p.width, 'height', p.height) order by p.position)
        from ${planUpdatePhotos} p where p.update_id = ${u}), '[]'::json)`,
      thanks: sql<number>`(select count(*)::int from ${planUpdateThanks} t where t.update_id = ${u})`,
      // A scalar subquery, not EXISTS: PostgreSQL turns that EXISTS into a hash of all the viewer's
      // thanks (a sequential scan, 7 ms on the demo data) instead of one probe of the primary key.
      thankedByViewer: sql<boolean>`coalesce((
        select true from ${planUpdateThanks} t where t.update_id = ${u} and t.user_id = ${sql.placeholder('viewerId')}), false)`,
      commentCount: sql<number>`(select count(*)::int from ${planUpdateComments} c where c.update_id = ${u})`,
      // The newest comments by the comments' (update_id, created_at) index, then shown oldest first.
      comments: sql<FeedCommentRow[]>`coalesce((
        select json_agg(json_build_object('id', x.id, 'authorId', x.author_id, 'authorName', x.author_name,
          'body', x.body, 'createdAt', x.created_at) order by x.created_at, x.id)
        from (
          select c.id, c.author_id, c.body, c.created_at, ${personNameOf(sql`c.author_id`, 'commenter')} as author_name
          from ${planUpdateComments} c
          where c.update_id = ${u}
          order by c.created_at desc, c.id desc
          limit ${sql.raw(String(COMMENTS_PER_UPDATE))}
        ) x), '[]'::json)`,
    })
    .from(planUpdates)
    .leftJoin(user, eq(user.id, planUpdates.authorId))
    .leftJoin(profiles, eq(profiles.id, planUpdates.authorId))
    .where(
      and(
        eq(planUpdates.planId, sql.placeholder('planId')),
        // A row comparison: the index's own order, so the cursor is a start point in the index.
        afterCursor
          ? sql`(${planUpdates.createdAt}, ${planUpdates.id}) < (${sql.placeholder('beforeAt')}::timestamptz, ${sql.placeholder('beforeId')}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(planUpdates.createdAt), desc(planUpdates.id))
    .limit(sql.placeholder('limit'))
    .prepare(afterCursor ? 'tavara_feed_page_after' : 'tavara_feed_page');
}

const firstPage = perDatabase((db) => feedStatement(db, false));
const pageAfter = perDatabase((db) => feedStatement(db, true));

/**
 * Up to `limit` updates of the plan, newest first, before `cursor` if given. The caller has
 * checked the viewer is in the plan's village; `viewerId` only marks their own thanks.
 */
export async function feedRows(
  db: Database,
  planId: string,
  viewerId: string,
  limit: number,
  cursor: { createdAt: Date; id: string } | null,
): Promise<FeedRow[]> {
  const rows = cursor
    ? await pageAfter(db).execute({
        planId,
        viewerId,
        limit,
        beforeAt: cursor.createdAt.toISOString(),
        beforeId: cursor.id,
      })
    : await firstPage(db).execute({ planId, viewerId, limit });
  // Added to the rows just read, not spread into copies: in V8 a spread copy given more fields is
  // slow (decision 044). The caller picks its fields by name, so the photo's file name goes no further.
  return rows.map((row) =>
    Object.assign(row, {
      authorPhotoUrl: row.authorId && row.authorPhotoFile ? profilePhotoUrl(row.authorId, row.authorPhotoFile) : null,
    }),
  );
}
