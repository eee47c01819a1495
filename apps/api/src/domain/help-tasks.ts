import type { HelpKind } from '@tavara/shared/care-circle/care-circle';
import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { helpRequests, helpSignups } from '../db/schema/care-circle';
import { carePlans } from '../db/schema/care-plans';
import { helpOffers } from '../db/schema/community-help';

/**
 * A person's own help (issue 30): the requests they signed up for and are still coming to, read by
 * the circle page, the dashboard and the iCalendar feed — a community member's accepted offers too. Ending after `from`, starting before `to`.
 */
export async function helpTasksOf(db: Database, userId: string, range: { from: Date; to?: Date; limit?: number }) {
  const rows = await db
    .select({
      signup: helpSignups,
      request: helpRequests,
      planTitle: carePlans.title,
      zone: carePlans.timeZone,
      offerId: helpOffers.id,
    })
    .from(helpSignups)
    .innerJoin(helpRequests, eq(helpRequests.id, helpSignups.requestId))
    .innerJoin(carePlans, eq(carePlans.id, helpRequests.planId))
    // A sign-up that was a community member's accepted offer: its helper is not in the circle.
    .leftJoin(helpOffers, eq(helpOffers.signupId, helpSignups.id))
    .where(
      and(
        eq(helpSignups.userId, userId),
        eq(helpSignups.status, 'coming'),
        eq(helpRequests.status, 'open'),
        gt(helpRequests.endsAt, range.from),
        ...(range.to ? [lt(helpRequests.startsAt, range.to)] : []),
        isNull(carePlans.archivedAt),
      ),
    )
    .orderBy(asc(helpRequests.startsAt))
    .limit(range.limit ?? 20);
  return rows.map((r) => ({
    signupId: r.signup.id,
    requestId: r.request.id,
    planId: r.request.planId,
    // The plan's title is the family's (it may name a condition): a community helper is not told it.
    planTitle: r.offerId ? null : r.planTitle,
    timeZone: r.zone,
    kind: r.request.kind as HelpKind,
    title: r.request.title,
    start: r.request.startsAt.toISOString(),
    end: r.request.endsAt.toISOString(),
    place: r.request.place,
    /** From the community (item 3): the helper sees it on their dashboard, not the circle's page. */
    fromCommunity: r.offerId !== null,
    updatedAt: r.signup.updatedAt,
  }));
}

/** Where a helper sees a plan's requests. */
export const circlePath = (planId: string) => `/circle/${planId}`;
