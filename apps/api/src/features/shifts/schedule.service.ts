import { type PlanStatus } from '@tavara/shared/care-plans/care-plans';
import { type MemberKind, type TeamRole } from '@tavara/shared/care-team/care-team';
import { and, asc, eq, gt, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { carePlans, careTeamMembers, shifts } from '../../db/schema/care-plans';
import { familyDetails } from '../../db/schema/registration';

import { type Viewer } from '../../domain/viewer';
import { type ShiftRow } from '../../domain/plan-access';
import { peopleByIds } from '../../domain/people';
import { shiftViews, rangeInstants } from '../../domain/plan-shifts';
import { listMyInvitations } from '../../domain/plan-team';

// ——— the professional's schedule ———

/**
 * `viewer`'s schedule for a range: pending invitations, the plans they are on, and the shifts
 * that concern them — their own, offered to them, and open shifts on their plans they could take.
 */
export async function getSchedule(db: Database, viewer: Viewer, from: string, to: string) {
  const memberships = await db
    .select({ member: careTeamMembers, plan: carePlans })
    .from(careTeamMembers)
    .innerJoin(carePlans, eq(carePlans.id, careTeamMembers.planId))
    .where(
      and(eq(careTeamMembers.userId, viewer.id), eq(careTeamMembers.status, 'accepted'), isNull(carePlans.archivedAt)),
    )
    .orderBy(asc(carePlans.title));
  const planIds = memberships.map((m) => m.plan.id);
  const familyIds = memberships.map((m) => m.plan.familyId);
  const zoneOf = new Map(memberships.map((m) => [m.plan.id, m.plan.timeZone]));
  // The range is in the first plan's zone (all plans are in Trinidad and Tobago unless chosen otherwise).
  const zone = memberships[0]?.plan.timeZone ?? 'America/Port_of_Spain';
  const { start, end } = rangeInstants(from, to, zone);
  // Independent reads run together: this page's latency was a chain of round trips.
  const [invitations, families, rows, places] = await Promise.all([
    listMyInvitations(db, viewer),
    peopleByIds(db, familyIds),
    planIds.length === 0
      ? Promise.resolve([] as ShiftRow[])
      : db
          .select()
          .from(shifts)
          .where(
            and(
              inArray(shifts.planId, planIds),
              lt(shifts.startsAt, end),
              gte(shifts.endsAt, start),
              or(
                eq(shifts.assigneeId, viewer.id),
                eq(shifts.offeredToId, viewer.id),
                // Open shifts they could still take; ones that ended unfilled are the family's concern.
                and(eq(shifts.status, 'open'), gt(shifts.endsAt, new Date())),
              ),
            ),
          )
          .orderBy(asc(shifts.startsAt)),
    familyIds.length === 0
      ? Promise.resolve([] as Array<{ userId: string; place: string | null }>)
      : db
          .select({ userId: familyDetails.userId, place: familyDetails.care_location })
          .from(familyDetails)
          .where(inArray(familyDetails.userId, familyIds)),
  ]);
  const views = await shiftViews(db, rows, (r) => zoneOf.get(r.planId) ?? zone);
  const planById = new Map(memberships.map((m) => [m.plan.id, m.plan]));
  const profilePlace = new Map(places.map((p) => [p.userId, p.place]));
  return {
    from,
    to,
    invitations,
    assignments: memberships.map(({ member, plan }) => ({
      planId: plan.id,
      title: plan.title,
      familyName: families.get(plan.familyId)?.name ?? null,
      status: plan.status as PlanStatus,
      teamRole: member.teamRole as TeamRole,
      kind: member.kind as MemberKind,
    })),
    shifts: views.map((s) => {
      const plan = planById.get(s.planId)!;
      return {
        ...s,
        planTitle: plan.title,
        familyName: families.get(plan.familyId)?.name ?? null,
        place: profilePlace.get(plan.familyId) ?? null,
        mine: s.assigneeId === viewer.id,
      };
    }),
  };
}
