import { DEFAULT_TIME_ZONE, type PlanStatus } from '@tavara/shared/care-plans/care-plans';
import { type MemberKind, type TeamRole } from '@tavara/shared/care-team/care-team';
import { and, asc, eq, gt, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { carePlans, careTeamMembers, shifts } from '../../db/schema/care-plans';
import { familyDetails } from '../../db/schema/registration';
import { personNameOf } from '../../domain/people';
import { namedShiftViews, rangeInstants, shiftWithNames } from '../../domain/plan-shifts';
import { type Viewer } from '../../domain/viewer';
import { listMyInvitations } from '../../domain/plan-team';

// ——— the professional's schedule ———

const familyIdOfPlan = sql`${carePlans}.${sql.identifier('family_id')}`;

/** The plans the viewer is on (not archived) with each family's name and care location. */
const assignmentsRead = perDatabase((db) =>
  db
    .select({
      member: careTeamMembers,
      plan: carePlans,
      familyName: personNameOf(familyIdOfPlan, 'family'),
      place: sql<
        string | null
      >`(select fd.care_location from ${familyDetails} fd where fd.user_id = ${familyIdOfPlan})`,
    })
    .from(careTeamMembers)
    .innerJoin(carePlans, eq(carePlans.id, careTeamMembers.planId))
    .where(
      and(
        eq(careTeamMembers.userId, sql.placeholder('viewerId')),
        eq(careTeamMembers.status, 'accepted'),
        isNull(carePlans.archivedAt),
      ),
    )
    .orderBy(asc(carePlans.title))
    .prepare('tavara_schedule_assignments'),
);

/**
 * The shifts on those plans overlapping [start, end) that concern the viewer — their own, offered
 * to them, and open ones they could still take (ones that ended unfilled are the family's concern)
 * — with their people's names. The plans are a sub-select of the same rule as `assignmentsRead`,
 * not an array parameter: PostgreSQL then keeps one generic plan (decision 044).
 */
const scheduleShiftsRead = perDatabase((db) => {
  const viewerId = sql.placeholder('viewerId');
  return db
    .select(shiftWithNames)
    .from(shifts)
    .where(
      and(
        sql`${shifts.planId} in (select m.plan_id from ${careTeamMembers} m
          join ${carePlans} p on p.id = m.plan_id
          where m.user_id = ${viewerId} and m.status = 'accepted' and p.archived_at is null)`,
        lt(shifts.startsAt, sql.placeholder('end')),
        gte(shifts.endsAt, sql.placeholder('start')),
        or(
          eq(shifts.assigneeId, viewerId),
          eq(shifts.offeredToId, viewerId),
          and(eq(shifts.status, 'open'), gt(shifts.endsAt, sql.placeholder('now'))),
        ),
      ),
    )
    .orderBy(asc(shifts.startsAt))
    .prepare('tavara_schedule_shifts');
});

/**
 * `viewer`'s schedule for a range: pending invitations, the plans they are on, and the shifts
 * that concern them. Three prepared statements; the plans and the invitations run together.
 */
export async function getSchedule(db: Database, viewer: Viewer, from: string, to: string, now = new Date()) {
  const [memberships, invitations] = await Promise.all([
    assignmentsRead(db).execute({ viewerId: viewer.id }),
    listMyInvitations(db, viewer),
  ]);
  const zoneOf = new Map(memberships.map((m) => [m.plan.id, m.plan.timeZone]));
  // The range is in the first plan's zone (all plans are in Trinidad and Tobago unless chosen otherwise).
  const zone = memberships[0]?.plan.timeZone ?? DEFAULT_TIME_ZONE;
  const { start, end } = rangeInstants(from, to, zone);
  const rows =
    memberships.length === 0
      ? []
      : await scheduleShiftsRead(db).execute({
          viewerId: viewer.id,
          start: start.toISOString(),
          end: end.toISOString(),
          now: now.toISOString(),
        });
  const views = namedShiftViews(rows, (r) => zoneOf.get(r.planId) ?? zone);
  const planById = new Map(memberships.map((m) => [m.plan.id, m]));
  return {
    from,
    to,
    invitations,
    assignments: memberships.map(({ member, plan, familyName }) => ({
      planId: plan.id,
      title: plan.title,
      familyName,
      status: plan.status as PlanStatus,
      teamRole: member.teamRole as TeamRole,
      kind: member.kind as MemberKind,
    })),
    // A shift on a plan archived between the two reads has no assignment: left out.
    shifts: views
      .filter((s) => planById.has(s.planId))
      .map((s) => {
        const { plan, familyName, place } = planById.get(s.planId)!;
        // Added to the view made above, not spread into a copy (slow in V8; decision 044).
        return Object.assign(s, { planTitle: plan.title, familyName, place, mine: s.assigneeId === viewer.id });
      }),
  };
}
