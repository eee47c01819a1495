import { randomUUID } from 'node:crypto';
import {
  decodeFeedCursor,
  encodeFeedCursor,
  UPDATE_LIMITS,
  UPDATE_MESSAGES as U,
} from '@tavara/shared/plan-updates/plan-updates';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { careCircleMembers } from '../../db/schema/care-circle';
import { careTeamMembers } from '../../db/schema/care-plans';
import { planUpdateComments, planUpdatePhotos, planUpdates, planUpdateThanks } from '../../db/schema/plan-updates';
import { circlePath } from '../../domain/help-tasks';
import { peopleByIds } from '../../domain/people';
import { loadVillagePlan, UUID, type VillageContext } from '../../domain/plan-access';
import type { Viewer } from '../../domain/viewer';
import { FORMER_MEMBER } from '../../lib/account-deletion';
import { AppError } from '../../lib/app-error';
import { notify } from '../../lib/notifications/notify';
import { feedRows } from './feed-page';
import type { EncodedPhoto, UpdatePhotoStore } from './update-photos';

/**
 * The updates feed (issue 30, item 4; decision 042). The village (owner, team, circle, admins)
 * reads it through `loadVillagePlan`; the family and the team post; authors edit and delete their
 * own; the family (the owner and relatives on the team) may remove any update or comment. Nothing
 * here reads a table with health data: the feed's answer is updates, photos, thanks and comments.
 */

const updateGone = () => new AppError('not_found', U.updateGone);
const commentGone = () => new AppError('not_found', U.commentGone);

/** The family: the owner and relatives on the team. */
function isFamily(ctx: VillageContext) {
  return ctx.access === 'owner' || (ctx.access === 'member' && ctx.membership?.kind === 'family');
}
/** Who posts: the family and the team (professionals too); not the circle, not admins. */
function canPost(ctx: VillageContext) {
  return ctx.access === 'owner' || ctx.access === 'member';
}
/** Who thanks and comments: everyone in the village but admins, who only look. */
function canReact(ctx: VillageContext) {
  return ctx.access !== 'admin';
}

async function loadUpdate(db: Database, viewer: Viewer, updateId: string) {
  if (!UUID.test(updateId)) throw updateGone();
  const [update] = await db.select().from(planUpdates).where(eq(planUpdates.id, updateId));
  if (!update) throw updateGone();
  // An update outside the viewer's village is "not there", the same as one that does not exist.
  const ctx = await loadVillagePlan(db, viewer, update.planId).catch(() => {
    throw updateGone();
  });
  return { update, ctx };
}

/** The people an update is told to: the owner, the accepted team and the accepted circle. */
async function villageOf(db: Database, ctx: VillageContext) {
  const planId = ctx.plan.id;
  const [team, circle] = await Promise.all([
    db
      .select({ userId: careTeamMembers.userId })
      .from(careTeamMembers)
      .where(and(eq(careTeamMembers.planId, planId), eq(careTeamMembers.status, 'accepted'))),
    db
      .select({ userId: careCircleMembers.userId })
      .from(careCircleMembers)
      .where(and(eq(careCircleMembers.planId, planId), eq(careCircleMembers.status, 'accepted'))),
  ]);
  return [ctx.plan.familyId, ...team.map((r) => r.userId), ...circle.map((r) => r.userId)];
}

export interface FeedPage {
  updates: FeedUpdate[];
  nextCursor: string | null;
  /** What the asker may do on this plan's feed (the composer and the remove buttons follow it). */
  you: { canPost: boolean; canReact: boolean; isFamily: boolean };
}
export interface FeedUpdate {
  id: string;
  author: { id: string | null; name: string; photoUrl: string | null };
  body: string;
  createdAt: string;
  editedAt: string | null;
  photos: Array<{ id: string; url: string; width: number; height: number }>;
  thanks: { count: number; byYou: boolean };
  comments: FeedComment[];
  commentCount: number;
  yours: boolean;
  canRemove: boolean;
}
export interface FeedComment {
  id: string;
  author: { id: string | null; name: string };
  body: string;
  createdAt: string;
  yours: boolean;
  canRemove: boolean;
}

export const photoUrl = (photoId: string) => `/api/plan-update-photos/${photoId}`;

/**
 * One page of the feed, newest first: a keyset on (created_at, id) — the index
 * `plan_updates_feed_idx` — so page 500 costs what page 1 does, and an update posted while
 * someone scrolls moves nothing under them. The page and all it shows are one statement
 * (`feed-page.ts`).
 */
export async function listFeed(
  db: Database,
  viewer: Viewer,
  planId: string,
  page: { before?: string | undefined; limit: number },
): Promise<FeedPage> {
  const ctx = await loadVillagePlan(db, viewer, planId);
  const cursor = page.before ? decodeFeedCursor(page.before) : null;
  if (page.before && !cursor) throw new AppError('bad_request', U.badCursor);
  const rows = await feedRows(db, planId, viewer.id, page.limit + 1, cursor);
  const more = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  const family = isFamily(ctx);
  const updates = shown.map((r): FeedUpdate => ({
    id: r.id,
    author: { id: r.authorId, name: (r.authorId && r.authorName) || FORMER_MEMBER, photoUrl: r.authorPhotoUrl },
    body: r.body,
    createdAt: r.createdAt.toISOString(),
    editedAt: r.editedAt?.toISOString() ?? null,
    photos: r.photos.map((p) => ({ id: p.id, url: photoUrl(p.id), width: p.width, height: p.height })),
    thanks: { count: r.thanks, byYou: r.thankedByViewer },
    comments: r.comments.map((c) => ({
      id: c.id,
      author: { id: c.authorId, name: (c.authorId && c.authorName) || FORMER_MEMBER },
      body: c.body,
      createdAt: new Date(c.createdAt).toISOString(),
      yours: c.authorId === viewer.id,
      canRemove: c.authorId === viewer.id || family,
    })),
    commentCount: r.commentCount,
    yours: r.authorId === viewer.id,
    canRemove: r.authorId === viewer.id || family,
  }));
  const last = shown.at(-1);
  return {
    updates,
    nextCursor: more && last ? encodeFeedCursor(last.createdAt, last.id) : null,
    you: { canPost: canPost(ctx), canReact: canReact(ctx), isFamily: family },
  };
}

export interface UpdateInput {
  body: string;
  clientKey?: string | undefined;
  photos: EncodedPhoto[];
}

/**
 * Posts an update. The photos are already re-encoded (no EXIF); their files are written first,
 * named by fresh ids, then the rows in one transaction — a failed or repeated post removes them.
 */
export async function createUpdate(
  db: Database,
  store: UpdatePhotoStore,
  viewer: Viewer,
  planId: string,
  input: UpdateInput,
  now = new Date(),
) {
  const ctx = await loadVillagePlan(db, viewer, planId);
  if (!canPost(ctx)) throw new AppError('forbidden', U.whoMayPost);
  // Read before the transaction: PGlite has one connection, which the transaction holds.
  const author = (await peopleByIds(db, [viewer.id])).get(viewer.id)?.name ?? 'Someone';
  const village = await villageOf(db, ctx);
  const photoIds = input.photos.map(() => randomUUID());
  await Promise.all(input.photos.map((p, i) => store.save(photoIds[i]!, p.bytes)));
  try {
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(planUpdates)
        // The instant from here, in milliseconds: the feed's cursor is exact to the millisecond.
        .values({ planId, authorId: viewer.id, body: input.body, clientKey: input.clientKey ?? null, createdAt: now })
        .onConflictDoNothing({ target: [planUpdates.planId, planUpdates.clientKey] })
        .returning();
      if (!row) return null;
      if (input.photos.length > 0) {
        await tx.insert(planUpdatePhotos).values(
          input.photos.map((p, i) => ({
            id: photoIds[i]!,
            updateId: row.id,
            position: i,
            width: p.width,
            height: p.height,
            bytes: p.bytes.length,
          })),
        );
      }
      // No words of the update in the notice: the inbox line names the author, e-mail and push
      // use the kind's generic subject (no health detail on a lock screen).
      await notify(
        tx,
        {
          kind: 'plan_update',
          recipients: village,
          actorId: viewer.id,
          title: `${author} posted an update`,
          link: circlePath(planId),
          eventAt: now,
        },
        now,
      );
      return row;
    });
    if (created) return { id: created.id, created: true };
  } catch (error) {
    await store.remove(photoIds);
    throw error;
  }
  await store.remove(photoIds);
  const [earlier] = await db
    .select({ id: planUpdates.id })
    .from(planUpdates)
    .where(and(eq(planUpdates.planId, planId), eq(planUpdates.clientKey, input.clientKey!)));
  return { id: earlier!.id, created: false };
}

/** The author changes the words, keeps some photos and adds others (at most four in all). */
export async function editUpdate(
  db: Database,
  store: UpdatePhotoStore,
  viewer: Viewer,
  updateId: string,
  input: { body: string; keepPhotoIds: string[]; photos: EncodedPhoto[] },
  now = new Date(),
) {
  const { update } = await loadUpdate(db, viewer, updateId);
  if (update.authorId !== viewer.id) throw new AppError('forbidden', U.whoMayEdit);
  const existing = await db
    .select()
    .from(planUpdatePhotos)
    .where(eq(planUpdatePhotos.updateId, updateId))
    .orderBy(asc(planUpdatePhotos.position));
  const kept = existing.filter((p) => input.keepPhotoIds.includes(p.id));
  const dropped = existing.filter((p) => !input.keepPhotoIds.includes(p.id));
  if (kept.length + input.photos.length > UPDATE_LIMITS.photosMax) {
    throw new AppError('validation_failed', U.tooManyPhotos, { photos: U.tooManyPhotos });
  }
  const newIds = input.photos.map(() => randomUUID());
  await Promise.all(input.photos.map((p, i) => store.save(newIds[i]!, p.bytes)));
  try {
    await db.transaction(async (tx) => {
      await tx.update(planUpdates).set({ body: input.body, editedAt: now }).where(eq(planUpdates.id, updateId));
      if (dropped.length > 0) {
        await tx.delete(planUpdatePhotos).where(
          inArray(
            planUpdatePhotos.id,
            dropped.map((p) => p.id),
          ),
        );
      }
      // Positions 0..n-1 again: the kept photos first, in their order, then the new ones.
      for (const [i, p] of kept.entries()) {
        if (p.position !== i)
          await tx.update(planUpdatePhotos).set({ position: i }).where(eq(planUpdatePhotos.id, p.id));
      }
      if (input.photos.length > 0) {
        await tx.insert(planUpdatePhotos).values(
          input.photos.map((p, i) => ({
            id: newIds[i]!,
            updateId,
            position: kept.length + i,
            width: p.width,
            height: p.height,
            bytes: p.bytes.length,
          })),
        );
      }
    });
  } catch (error) {
    await store.remove(newIds);
    throw error;
  }
  await store.remove(dropped.map((p) => p.id));
  return { id: updateId, editedAt: now.toISOString() };
}

/** The author, or the family for any update: the update, its photos, thanks and comments go. */
export async function deleteUpdate(db: Database, store: UpdatePhotoStore, viewer: Viewer, updateId: string) {
  const { update, ctx } = await loadUpdate(db, viewer, updateId);
  if (update.authorId !== viewer.id && !isFamily(ctx)) throw new AppError('forbidden', U.whoMayRemove);
  const photos = await db
    .select({ id: planUpdatePhotos.id })
    .from(planUpdatePhotos)
    .where(eq(planUpdatePhotos.updateId, updateId));
  const [gone] = await db.delete(planUpdates).where(eq(planUpdates.id, updateId)).returning({ id: planUpdates.id });
  if (!gone) throw updateGone();
  await store.remove(photos.map((p) => p.id));
  return { id: updateId, deleted: true };
}

/** "Thank you": one per person (the primary key), so a double tap or a retry is one thanks. */
export async function thank(db: Database, viewer: Viewer, updateId: string, on: boolean) {
  const { update, ctx } = await loadUpdate(db, viewer, updateId);
  if (!canReact(ctx)) throw new AppError('forbidden', U.whoMayReact);
  if (update.authorId === viewer.id) throw new AppError('forbidden', U.ownThanks);
  if (on) await db.insert(planUpdateThanks).values({ updateId, userId: viewer.id }).onConflictDoNothing();
  else {
    await db
      .delete(planUpdateThanks)
      .where(and(eq(planUpdateThanks.updateId, updateId), eq(planUpdateThanks.userId, viewer.id)));
  }
  const [row] = await db.select({ n: count() }).from(planUpdateThanks).where(eq(planUpdateThanks.updateId, updateId));
  return { id: updateId, thanks: { count: Number(row?.n ?? 0), byYou: on } };
}

export async function addComment(
  db: Database,
  viewer: Viewer,
  updateId: string,
  input: { body: string; clientKey?: string | undefined },
  now = new Date(),
) {
  const { update, ctx } = await loadUpdate(db, viewer, updateId);
  if (!canReact(ctx)) throw new AppError('forbidden', U.whoMayReact);
  const name = (await peopleByIds(db, [viewer.id])).get(viewer.id)?.name ?? 'Someone';
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(planUpdateComments)
      .values({ updateId, authorId: viewer.id, body: input.body, clientKey: input.clientKey ?? null, createdAt: now })
      .onConflictDoNothing({ target: [planUpdateComments.updateId, planUpdateComments.clientKey] })
      .returning();
    if (!row) {
      const [earlier] = await tx
        .select({ id: planUpdateComments.id })
        .from(planUpdateComments)
        .where(and(eq(planUpdateComments.updateId, updateId), eq(planUpdateComments.clientKey, input.clientKey!)));
      return { id: earlier!.id, created: false };
    }
    await notify(
      tx,
      {
        kind: 'plan_update_comment',
        recipients: [update.authorId],
        actorId: viewer.id,
        title: `${name} commented on your update`,
        link: circlePath(update.planId),
        eventAt: now,
      },
      now,
    );
    return { id: row.id, created: true };
  });
}

export async function deleteComment(db: Database, viewer: Viewer, commentId: string) {
  if (!UUID.test(commentId)) throw commentGone();
  const [comment] = await db.select().from(planUpdateComments).where(eq(planUpdateComments.id, commentId));
  if (!comment) throw commentGone();
  const { ctx } = await loadUpdate(db, viewer, comment.updateId).catch(() => {
    throw commentGone();
  });
  if (comment.authorId !== viewer.id && !isFamily(ctx)) throw new AppError('forbidden', U.whoMayRemove);
  await db.delete(planUpdateComments).where(eq(planUpdateComments.id, commentId));
  return { id: commentId, deleted: true };
}

/** A photo's bytes for whoever may read its update's feed. */
export async function readPhoto(db: Database, store: UpdatePhotoStore, viewer: Viewer, photoId: string) {
  const notThere = () => new AppError('not_found', 'This photo is no longer there.');
  if (!UUID.test(photoId)) throw notThere();
  const [photo] = await db
    .select({ id: planUpdatePhotos.id, updateId: planUpdatePhotos.updateId })
    .from(planUpdatePhotos)
    .where(eq(planUpdatePhotos.id, photoId));
  if (!photo) throw notThere();
  await loadUpdate(db, viewer, photo.updateId).catch(() => {
    throw notThere();
  });
  return store.read(photo.id).catch(() => {
    throw notThere();
  });
}
