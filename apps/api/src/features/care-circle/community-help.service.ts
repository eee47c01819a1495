import { HELP_KIND_LABELS, type HelpKind } from '@tavara/shared/care-circle/care-circle';
import {
  COMMUNITY_HELP_MESSAGES as H,
  firstNameOf,
  type OfferStatus,
  type PublicHelpRequest,
} from '@tavara/shared/care-circle/community-help';
import { CARE_PLAN_MESSAGES as M } from '@tavara/shared/care-plans/care-plans';
import type { TtRegionCode } from '@tavara/shared/codes/tt-regions';
import { formatDateTime } from '@tavara/shared/time/format';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { user } from '../../db/schema/auth';
import { helpRequests, helpSignups } from '../../db/schema/care-circle';
import { carePlans } from '../../db/schema/care-plans';
import { helpOffers, helpRegions } from '../../db/schema/community-help';
import { profiles } from '../../db/schema/profiles';
import { circlePath } from '../../domain/help-tasks';
import { displayName, peopleByIds, personNameOf } from '../../domain/people';
import { UUID } from '../../domain/plan-access';
import type { Viewer } from '../../domain/viewer';
import { AppError } from '../../lib/app-error';
import { notify } from '../../lib/notifications/notify';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-error';
import { canOrganise, loadRequest, requestLabel, takeSlot } from './help-requests.service';

/**
 * Help from the wider community (issue 30, item 3; decision 038). The family shares a request with
 * a region; the region's community members see `PublicHelpRequest` (first name, region, kind,
 * time) and offer; the family accepts (the offer takes a slot through `takeSlot`, so the sign-ups'
 * unique index is the one winner per slot) or declines. An accepted helper reads that request as
 * `loadRequest`'s `helper` — its title, place and notes — and nothing else of the plan.
 */

/** Where the community finds shared requests: their dashboard. */
export const COMMUNITY_HELP_PATH = '/dashboard/community';
const PUBLIC_PAGE = 50;

const offerGone = () => new AppError('not_found', H.offerGone);

// ——— the community member's regions ———

const regionsRead = perDatabase((db) =>
  db
    .select({ region: helpRegions.region })
    .from(helpRegions)
    .where(eq(helpRegions.userId, sql.placeholder('userId')))
    .orderBy(asc(helpRegions.region))
    .prepare('tavara_help_regions_of'),
);

export async function helpRegionsOf(db: Database, userId: string): Promise<TtRegionCode[]> {
  const rows = await regionsRead(db).execute({ userId });
  return rows.map((r) => r.region);
}

export async function setHelpRegions(db: Database, viewer: Viewer, regions: TtRegionCode[]) {
  await db.transaction(async (tx) => {
    await tx.delete(helpRegions).where(eq(helpRegions.userId, viewer.id));
    if (regions.length > 0) {
      await tx.insert(helpRegions).values(regions.map((region) => ({ userId: viewer.id, region })));
    }
  });
  return { regions: await helpRegionsOf(db, viewer.id) };
}

// ——— the family shares a request ———

/** Shares an open request with a region's community members, or (null) takes it back. */
export async function shareHelpRequest(
  db: Database,
  viewer: Viewer,
  requestId: string,
  region: TtRegionCode | null,
  now = new Date(),
) {
  const { request, ctx } = await loadRequest(db, viewer, requestId);
  if (!canOrganise(ctx)) throw new AppError('forbidden', M.ownerOnly);
  if (request.status !== 'open') throw new AppError('not_found', 'This help request is no longer open.');
  if (region && request.endsAt <= now) throw new AppError('conflict', 'This help request is over.');
  await db.transaction(async (tx) => {
    await tx.update(helpRequests).set({ publicRegion: region }).where(eq(helpRequests.id, requestId));
    // Taken back: the offers still waiting are answered (declined); accepted helpers stay.
    if (!region) {
      await tx
        .update(helpOffers)
        .set({ status: 'declined', decidedAt: now })
        .where(and(eq(helpOffers.requestId, requestId), eq(helpOffers.status, 'offered')));
    }
  });
  return { id: requestId, publicRegion: region };
}

// ——— what a community member sees ———

/**
 * The open shared requests in the viewer's regions that still need someone, soonest first, with
 * the regions themselves: one statement, prepared (decision 044). Each region's first page comes
 * from `help_requests_public_region_idx` (a lateral join per region, so a reader of two regions
 * reads at most two pages, not every shared request there), then the soonest `PUBLIC_PAGE` of
 * those with their names and the viewer's offers.
 *
 * Two details keep PostgreSQL on one generic plan instead of planning anew on every request —
 * planning cost more than running it (1.1 → 0.8 ms a request on the demo data): the regions are
 * read from the table inside the statement, not passed in as an array (an array parameter's length
 * is known to a custom plan but guessed as 10 for the generic one, which then looked five times
 * dearer), and `now` sits behind a sub-select, so neither kind of plan can use its value and the
 * generic plan is never estimated costlier than a custom one.
 */
const openRequestsRead = perDatabase((db) => {
  const candidates = db
    .select({
      id: sql<string>`x.id`.as('id'),
      region: sql<TtRegionCode>`x.public_region`.as('region'),
      kind: sql<string>`x.kind`.as('kind'),
      startsAt: sql<Date>`x.starts_at`.mapWith(helpRequests.startsAt).as('starts_at'),
      endsAt: sql<Date>`x.ends_at`.mapWith(helpRequests.endsAt).as('ends_at'),
      createdById: sql<string | null>`x.created_by_id`.as('created_by_id'),
      timeZone: sql<string>`x.time_zone`.as('time_zone'),
    })
    .from(
      sql`${helpRegions} g
        cross join lateral (
          select r2.id, r2.public_region, r2.kind, r2.starts_at, r2.ends_at, r2.created_by_id, p2.time_zone
          from ${helpRequests} r2 join ${carePlans} p2 on p2.id = r2.plan_id
          where r2.public_region = g.region and r2.status = 'open'
            and r2.starts_at > (select ${sql.placeholder('now')}::timestamptz)
            and p2.archived_at is null
            and (select count(*) from ${helpSignups} s where s.request_id = r2.id and s.status in ('coming', 'done')) < r2.helpers_needed
          order by r2.starts_at limit ${sql.raw(String(PUBLIC_PAGE))}
        ) as x`,
    )
    .where(sql`g.user_id = ${sql.placeholder('viewerId')}`)
    .orderBy(sql`x.starts_at`, sql`x.id`)
    .limit(PUBLIC_PAGE)
    .as('candidates');
  // The page's columns by their qualified names: drizzle writes a subquery's aliased fields bare,
  // which the joins below would make ambiguous.
  const page = (column: string) => sql.raw(`"candidates"."${column}"`);
  return db
    .select({
      // An InitPlan: read once per execution, the same on every row.
      regions: sql<TtRegionCode[]>`(select array_agg(h.region order by h.region) from ${helpRegions} h
        where h.user_id = ${sql.placeholder('viewerId')})`,
      id: sql<string>`${page('id')}`,
      region: sql<TtRegionCode>`${page('region')}`,
      kind: sql<string>`${page('kind')}`,
      startsAt: sql<Date>`${page('starts_at')}`.mapWith(helpRequests.startsAt),
      endsAt: sql<Date>`${page('ends_at')}`.mapWith(helpRequests.endsAt),
      timeZone: sql<string>`${page('time_zone')}`,
      name: personNameOf(page('created_by_id'), 'asker'),
      offerId: helpOffers.id,
      offerStatus: helpOffers.status,
    })
    .from(candidates)
    .leftJoin(
      helpOffers,
      and(
        eq(helpOffers.requestId, page('id')),
        eq(helpOffers.userId, sql.placeholder('viewerId')),
        inArray(helpOffers.status, ['offered', 'accepted']),
      ),
    )
    .orderBy(page('starts_at'), page('id'))
    .prepare('tavara_open_help_requests');
});

/** The open shared requests in the viewer's regions that still need someone, as `PublicHelpRequest`s. */
export async function publicHelpRequests(db: Database, viewer: Viewer, now = new Date()) {
  const rows = await openRequestsRead(db).execute({ now: now.toISOString(), viewerId: viewer.id });
  // No request to show: the regions (if any) need their own read.
  const regions = rows[0]?.regions ?? (await helpRegionsOf(db, viewer.id));
  const requests: PublicHelpRequest[] = rows.map((r) => ({
    id: r.id,
    firstName: firstNameOf(r.name),
    region: r.region,
    kind: r.kind as HelpKind,
    start: r.startsAt.toISOString(),
    end: r.endsAt.toISOString(),
    timeZone: r.timeZone,
    myOffer: r.offerId ? { id: r.offerId, status: r.offerStatus as OfferStatus } : null,
  }));
  return { regions, requests };
}

/** A community member offers to help with a request shared in one of their regions. */
export async function offerHelp(db: Database, viewer: Viewer, requestId: string, now = new Date()) {
  if (!UUID.test(requestId)) throw new AppError('not_found', H.notShared);
  const [request] = await db
    .select({ request: helpRequests, familyId: carePlans.familyId, archivedAt: carePlans.archivedAt })
    .from(helpRequests)
    .innerJoin(carePlans, eq(carePlans.id, helpRequests.planId))
    .where(eq(helpRequests.id, requestId));
  // Not shared (or not at all): the same answer, so nothing about a private request leaks.
  if (!request || !request.request.publicRegion || request.request.status !== 'open' || request.archivedAt)
    throw new AppError('not_found', H.notShared);
  const regions = await helpRegionsOf(db, viewer.id);
  if (!regions.includes(request.request.publicRegion)) throw new AppError('forbidden', H.notInRegion);
  if (request.request.startsAt <= now) throw new AppError('conflict', 'This help request is over.');
  const name = (await peopleByIds(db, [viewer.id])).get(viewer.id)?.name ?? 'A community member';
  try {
    return await db.transaction(async (tx) => {
      const [offer] = await tx.insert(helpOffers).values({ requestId, userId: viewer.id }).returning();
      await notify(tx, {
        kind: 'help_offered',
        recipients: [request.familyId, request.request.createdById],
        actorId: viewer.id,
        title: (zone) =>
          `${name} offered to help with ${requestLabel(request.request)} on ${formatDateTime(request.request.startsAt, zone)}`,
        link: circlePath(request.request.planId),
        dedupeKey: `help_offered:${offer!.id}`,
      });
      return { id: offer!.id, status: offer!.status };
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', H.alreadyOffered);
    throw error;
  }
}

async function loadOffer(db: Database, offerId: string) {
  if (!UUID.test(offerId)) throw offerGone();
  const [offer] = await db.select().from(helpOffers).where(eq(helpOffers.id, offerId));
  if (!offer) throw offerGone();
  return offer;
}

/** The community member takes back an offer the family has not answered. */
export async function withdrawOffer(db: Database, viewer: Viewer, offerId: string) {
  const offer = await loadOffer(db, offerId);
  if (offer.userId !== viewer.id) throw offerGone();
  const [row] = await db
    .update(helpOffers)
    .set({ status: 'withdrawn', decidedAt: new Date() })
    .where(and(eq(helpOffers.id, offerId), eq(helpOffers.status, 'offered')))
    .returning();
  if (!row) throw offerGone();
  return { id: row.id, status: row.status };
}

/**
 * The family accepts an offer (it takes a free slot, one winner per slot by the database, and the
 * helper is told) or declines it. Asked by anyone outside the request's organisers: "not found".
 */
export async function answerOffer(
  db: Database,
  viewer: Viewer,
  offerId: string,
  answer: 'accepted' | 'declined',
  now = new Date(),
) {
  const offer = await loadOffer(db, offerId);
  const { request, ctx } = await loadRequest(db, viewer, offer.requestId).catch(() => {
    throw offerGone();
  });
  if (!canOrganise(ctx)) throw new AppError('forbidden', M.ownerOnly);
  if (offer.status !== 'offered') throw offerGone();
  const family = (await peopleByIds(db, [viewer.id])).get(viewer.id)?.name ?? 'The family';
  const title = (zone: string) =>
    answer === 'accepted'
      ? `${firstNameOf(family)} accepted your offer: ${HELP_KIND_LABELS[request.kind as HelpKind]} on ${formatDateTime(request.startsAt, zone)}`
      : `${firstNameOf(family)} has the help they need for ${HELP_KIND_LABELS[request.kind as HelpKind]} on ${formatDateTime(request.startsAt, zone)}. Thank you for offering.`;
  const tell = (tx: Parameters<typeof notify>[0]) =>
    notify(tx, {
      kind: 'help_offer_answered',
      recipients: [offer.userId],
      actorId: viewer.id,
      title,
      link: COMMUNITY_HELP_PATH,
      dedupeKey: `help_offer_answered:${offer.id}`,
    });
  const decide = async (tx: Parameters<typeof notify>[0] & Pick<Database, 'update'>, signupId: string | null) => {
    const [row] = await tx
      .update(helpOffers)
      .set({ status: answer, signupId, decidedAt: now })
      .where(and(eq(helpOffers.id, offerId), eq(helpOffers.status, 'offered')))
      .returning();
    // Answered or withdrawn in the meantime: the slot taken for it goes back with the rollback.
    if (!row) throw offerGone();
    await tell(tx);
    return { id: row.id, status: row.status, signupId };
  };
  if (answer === 'declined') return db.transaction((tx) => decide(tx, null));
  if (request.status !== 'open') throw new AppError('not_found', 'This help request is no longer open.');
  if (request.endsAt <= now) throw new AppError('conflict', 'This help request is over.');
  return takeSlot(db, request, offer.userId, (tx, signup) => decide(tx, signup.id));
}

/**
 * A community member's own help from the community: their offers (newest first) with what the
 * family decided, the accepted ones with that request's title, place and notes (they are its
 * helper now), and the thanks they received.
 */
export async function myCommunityHelp(db: Database, viewer: Viewer) {
  const rows = await db
    .select({
      offer: helpOffers,
      request: helpRequests,
      timeZone: carePlans.timeZone,
      name: displayName,
      signupStatus: helpSignups.status,
      thankedAt: helpSignups.thankedAt,
      thanksMessage: helpSignups.thanksMessage,
    })
    .from(helpOffers)
    .innerJoin(helpRequests, eq(helpRequests.id, helpOffers.requestId))
    .innerJoin(carePlans, eq(carePlans.id, helpRequests.planId))
    .leftJoin(user, eq(user.id, helpRequests.createdById))
    .leftJoin(profiles, eq(profiles.id, helpRequests.createdById))
    .leftJoin(helpSignups, eq(helpSignups.id, helpOffers.signupId))
    .where(eq(helpOffers.userId, viewer.id))
    .orderBy(desc(helpOffers.createdAt))
    .limit(100);
  const offers = rows.map((r) => {
    const accepted = r.offer.status === 'accepted';
    return {
      id: r.offer.id,
      status: r.offer.status as OfferStatus,
      offeredAt: r.offer.createdAt.toISOString(),
      firstName: firstNameOf(r.name),
      region: r.request.publicRegion,
      kind: r.request.kind as HelpKind,
      start: r.request.startsAt.toISOString(),
      end: r.request.endsAt.toISOString(),
      timeZone: r.timeZone,
      requestOpen: r.request.status === 'open',
      // Only for the accepted helper: what they need to turn up.
      task: accepted
        ? {
            signupId: r.offer.signupId,
            signupStatus: r.signupStatus,
            title: r.request.title,
            place: r.request.place,
            notes: r.request.notes,
          }
        : null,
      thanks: r.thankedAt ? { at: r.thankedAt.toISOString(), message: r.thanksMessage } : null,
    };
  });
  return {
    offers,
    thanks: offers.flatMap((o) =>
      o.thanks ? [{ offerId: o.id, firstName: o.firstName, kind: o.kind, ...o.thanks }] : [],
    ),
  };
}
