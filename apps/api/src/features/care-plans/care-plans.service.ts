import { type ShiftStatus } from '@tavara/shared/shifts/shifts';
import { type carePlanInputSchema, type PlanStatus } from '@tavara/shared/care-plans/care-plans';
import { type MemberKind, type TeamRole } from '@tavara/shared/care-team/care-team';
import { addDays } from 'date-fns';
import { and, asc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { carePlans, careTeamMembers, shifts } from '../../db/schema/care-plans';
import { familyDetails } from '../../db/schema/registration';
import { addLocalDays, instantToLocal, localDateOf } from '../../domain/plan-time';

import { type Viewer } from '../../domain/viewer';
import { loadPlanFor, loadOwnedPlan, type PlanRow } from '../../domain/plan-access';
import { peopleByIds } from '../../domain/people';
import { weekOf, listPlanShifts, coverageGaps, defaultGenerateRange } from '../../domain/plan-shifts';
import { teamOf, listMyInvitations } from '../../domain/plan-team';
import type { Logger } from '../../lib/logger';
import { photoFilesOfPlans } from '../../lib/plan-photo-files';
import { removeFilesAfterCommit } from '../../lib/upload-dirs';

// ——— plans ———

type PlanInput = z.output<typeof carePlanInputSchema>;

function planValues(input: PlanInput) {
  return {
    title: input.title,
    description: input.description,
    recipientName: input.recipientName,
    planType: input.planType,
    weekdayCoverage: input.weekdayCoverage,
    weekendCoverage: input.weekendCoverage,
    extraShifts: input.extraShifts,
    customHours: input.extraShifts.includes('other') ? input.customHours : null,
    startDate: input.startDate,
    endDate: input.endDate,
    notes: input.notes,
    timeZone: input.timeZone,
  };
}

function planView(plan: PlanRow) {
  return {
    id: plan.id,
    familyId: plan.familyId,
    title: plan.title,
    description: plan.description,
    recipientName: plan.recipientName,
    planType: plan.planType,
    weekdayCoverage: plan.weekdayCoverage,
    weekendCoverage: plan.weekendCoverage,
    extraShifts: plan.extraShifts,
    customHours: plan.customHours,
    startDate: plan.startDate,
    endDate: plan.endDate,
    notes: plan.notes,
    timeZone: plan.timeZone,
    status: plan.status as PlanStatus,
    archivedAt: plan.archivedAt?.toISOString() ?? null,
    createdAt: plan.createdAt.toISOString(),
    updatedAt: plan.updatedAt.toISOString(),
  };
}

export async function createPlan(db: Database, viewer: Viewer, input: PlanInput) {
  const [plan] = await db
    .insert(carePlans)
    .values({ familyId: viewer.id, ...planValues(input) })
    .returning();
  return planView(plan!);
}

export async function updatePlan(db: Database, viewer: Viewer, planId: string, input: PlanInput) {
  await loadOwnedPlan(db, viewer, planId);
  const [plan] = await db.update(carePlans).set(planValues(input)).where(eq(carePlans.id, planId)).returning();
  return planView(plan!);
}

export async function setPlanStatus(db: Database, viewer: Viewer, planId: string, status: PlanStatus) {
  await loadOwnedPlan(db, viewer, planId);
  const [plan] = await db.update(carePlans).set({ status }).where(eq(carePlans.id, planId)).returning();
  return planView(plan!);
}

/**
 * Deletes a plan without shifts; a plan with shifts is archived instead, keeping its history.
 * A deleted plan's update photos go too: their rows with the plan, their files after it.
 */
export async function deleteOrArchivePlan(
  db: Database,
  viewer: Viewer,
  planId: string,
  files: { dataDir: string; logger: Logger },
) {
  await loadOwnedPlan(db, viewer, planId);
  const [any] = await db.select({ id: shifts.id }).from(shifts).where(eq(shifts.planId, planId)).limit(1);
  if (!any) {
    const photoFiles = await photoFilesOfPlans(db, files.dataDir, { planIds: [planId] });
    await db.delete(carePlans).where(eq(carePlans.id, planId));
    await removeFilesAfterCommit(photoFiles, files.logger, { planId });
    return { deleted: true, archived: false };
  }
  await db.update(carePlans).set({ archivedAt: new Date() }).where(eq(carePlans.id, planId));
  return { deleted: false, archived: true };
}

export async function restorePlan(db: Database, viewer: Viewer, planId: string) {
  await loadOwnedPlan(db, viewer, planId);
  const [plan] = await db.update(carePlans).set({ archivedAt: null }).where(eq(carePlans.id, planId)).returning();
  return planView(plan!);
}

/** The family's own plans with coverage, status, next shift, open shifts and team avatars. */
export async function listFamilyPlans(db: Database, viewer: Viewer) {
  const plans = await db
    .select()
    .from(carePlans)
    .where(eq(carePlans.familyId, viewer.id))
    .orderBy(asc(carePlans.archivedAt), asc(carePlans.createdAt));
  return summarisePlans(db, plans);
}

/**
 * Plans `viewer` is on as an accepted member (a relative on the family's team, or a
 * professional), with who organises them: listed beside their own plans so they can find them.
 */
export async function listTeamPlans(db: Database, viewer: Viewer) {
  const rows = await db
    .select({ plan: carePlans, teamRole: careTeamMembers.teamRole, kind: careTeamMembers.kind })
    .from(careTeamMembers)
    .innerJoin(carePlans, eq(carePlans.id, careTeamMembers.planId))
    .where(
      and(eq(careTeamMembers.userId, viewer.id), eq(careTeamMembers.status, 'accepted'), isNull(carePlans.archivedAt)),
    )
    .orderBy(asc(carePlans.title));
  const [summaries, families] = await Promise.all([
    summarisePlans(
      db,
      rows.map((r) => r.plan),
    ),
    peopleByIds(
      db,
      rows.map((r) => r.plan.familyId),
    ),
  ]);
  // Added to the summaries made above, not spread into copies: in V8 a spread copy given more
  // fields is slow (decision 044).
  return summaries.map((summary, i) =>
    Object.assign(summary, {
      familyName: families.get(summary.familyId)?.name ?? null,
      myTeamRole: rows[i]!.teamRole as TeamRole,
      myKind: rows[i]!.kind as MemberKind,
    }),
  );
}

async function summarisePlans(db: Database, plans: PlanRow[]) {
  if (plans.length === 0) return [];
  const ids = plans.map((p) => p.id);
  const now = new Date();
  const [members, nextShifts, openCounts] = await Promise.all([
    db
      .select({ planId: careTeamMembers.planId, userId: careTeamMembers.userId, teamRole: careTeamMembers.teamRole })
      .from(careTeamMembers)
      .where(and(inArray(careTeamMembers.planId, ids), eq(careTeamMembers.status, 'accepted'))),
    db
      .selectDistinctOn([shifts.planId], {
        planId: shifts.planId,
        startsAt: shifts.startsAt,
        endsAt: shifts.endsAt,
        status: shifts.status,
      })
      .from(shifts)
      .where(
        and(
          inArray(shifts.planId, ids),
          gte(shifts.endsAt, now),
          inArray(shifts.status, ['open', 'offered', 'assigned', 'in_progress']),
        ),
      )
      .orderBy(shifts.planId, asc(shifts.startsAt)),
    db
      .select({ planId: shifts.planId, n: sql<number>`count(*)::int` })
      .from(shifts)
      .where(and(inArray(shifts.planId, ids), gte(shifts.endsAt, now), inArray(shifts.status, ['open', 'offered'])))
      .groupBy(shifts.planId),
  ]);
  const people = await peopleByIds(db, members.map((m) => m.userId!).filter(Boolean));
  return plans.map((plan) => {
    const next = nextShifts.find((s) => s.planId === plan.id);
    // Added to the fresh view, not spread into a copy (slow in V8; decision 044).
    return Object.assign(planView(plan), {
      nextShift: next
        ? {
            start: instantToLocal(next.startsAt, plan.timeZone),
            end: instantToLocal(next.endsAt, plan.timeZone),
            startsAt: next.startsAt.toISOString(),
            status: next.status as ShiftStatus,
          }
        : null,
      openShiftCount: Number(openCounts.find((c) => c.planId === plan.id)?.n ?? 0),
      team: members
        .filter((m) => m.planId === plan.id && m.userId)
        .map((m) => ({ userId: m.userId!, teamRole: m.teamRole as TeamRole, ...people.get(m.userId!)! })),
    });
  });
}

/** Shifts of a plan still to fill (open or offered, not yet over): the plan page's figure, prepared. */
const openShiftsRead = perDatabase((db) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(shifts)
    .where(
      and(
        eq(shifts.planId, sql.placeholder('planId')),
        gte(shifts.endsAt, sql.placeholder('now')),
        inArray(shifts.status, ['open', 'offered']),
      ),
    )
    .prepare('tavara_plan_open_shift_count'),
);

export async function getPlanDetail(db: Database, viewer: Viewer, planId: string, week?: string) {
  const { plan, access, membership } = await loadPlanFor(db, viewer, planId);
  const today = localDateOf(new Date(), plan.timeZone);
  const range = weekOf(week ?? today, plan.timeZone);
  const isOwner = access === 'owner';
  const [owner, team, weekShifts, [open]] = await Promise.all([
    peopleByIds(db, [plan.familyId]),
    teamOf(db, plan.id, isOwner || access === 'admin', isOwner),
    listPlanShifts(db, plan, range.from, range.to),
    openShiftsRead(db).execute({ planId: plan.id, now: new Date().toISOString() }),
  ]);
  return {
    plan: planView(plan),
    familyName: owner.get(plan.familyId)?.name ?? null,
    access,
    myMembership: membership
      ? { id: membership.id, kind: membership.kind as MemberKind, teamRole: membership.teamRole as TeamRole }
      : null,
    team,
    week: {
      ...range,
      today,
      // Days and neighbouring weeks come from the server so the web does no calendar arithmetic.
      days: Array.from({ length: 7 }, (_, i) => addLocalDays(range.from, i, plan.timeZone)),
      previous: addLocalDays(range.from, -7, plan.timeZone),
      next: addLocalDays(range.from, 7, plan.timeZone),
      shifts: weekShifts,
      gaps: coverageGaps(weekShifts),
    },
    // The generate picker's default (the next 4 weeks), worked out here in the plan's zone.
    generateRange: defaultGenerateRange(plan),
    openShiftCount: Number(open?.n ?? 0),
  };
}

/** The professional's view of a plan: the detail plus the care needs from the family's registration. */
export async function getAssignment(db: Database, viewer: Viewer, planId: string) {
  // The detail has checked the viewer's access; the needs and the two weeks ahead run together.
  const detail = await getPlanDetail(db, viewer, planId);
  const today = detail.week.today;
  const [[needs], upcoming] = await Promise.all([
    db
      .select({
        careLocation: familyDetails.care_location,
        careTypes: familyDetails.care_type,
        careConditions: familyDetails.care_conditions,
        otherSpecialNeeds: familyDetails.other_special_needs,
        specializedRequirements: familyDetails.specialized_requirements,
        caregiverPreferences: familyDetails.caregiver_preferences,
      })
      .from(familyDetails)
      .where(eq(familyDetails.userId, detail.plan.familyId)),
    listPlanShifts(db, detail.plan, today, addLocalDays(today, 13, detail.plan.timeZone)),
  ]);
  return { ...detail, needs: needs ?? null, upcoming: upcoming.filter((s) => s.status !== 'cancelled') };
}

/** Dashboard figures: the family's plans, open shifts this week, next shift, pending invitations. */
export async function careFigures(db: Database, viewer: Viewer) {
  const now = new Date();
  const [[plans], openSoon, invitations, [next], [memberOf]] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(carePlans)
      .where(and(eq(carePlans.familyId, viewer.id), isNull(carePlans.archivedAt))),
    // Upcoming open shifts starting within 8 days; "this week" is narrowed below per plan zone.
    db
      .select({ startsAt: shifts.startsAt, zone: carePlans.timeZone })
      .from(shifts)
      .innerJoin(carePlans, eq(carePlans.id, shifts.planId))
      .where(
        and(
          eq(carePlans.familyId, viewer.id),
          isNull(carePlans.archivedAt),
          inArray(shifts.status, ['open', 'offered']),
          gt(shifts.endsAt, now),
          lt(shifts.startsAt, addDays(now, 8)),
        ),
      ),
    listMyInvitations(db, viewer),
    db
      .select({
        startsAt: shifts.startsAt,
        endsAt: shifts.endsAt,
        planId: shifts.planId,
        title: carePlans.title,
        zone: carePlans.timeZone,
      })
      .from(shifts)
      .innerJoin(carePlans, eq(carePlans.id, shifts.planId))
      .where(
        and(
          or(eq(shifts.assigneeId, viewer.id), eq(carePlans.familyId, viewer.id)),
          inArray(shifts.status, ['open', 'offered', 'assigned', 'in_progress']),
          gte(shifts.endsAt, now),
        ),
      )
      .orderBy(asc(shifts.startsAt))
      .limit(1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(careTeamMembers)
      .where(and(eq(careTeamMembers.userId, viewer.id), eq(careTeamMembers.status, 'accepted'))),
  ]);
  return {
    plans: Number(plans?.n ?? 0),
    // This calendar week (Monday to Sunday) in each plan's zone, not the next 168 hours.
    openShiftsThisWeek: openSoon.filter(
      (s) => localDateOf(s.startsAt, s.zone) <= weekOf(localDateOf(now, s.zone), s.zone).to,
    ).length,
    pendingInvitations: invitations.length,
    acceptedAssignments: Number(memberOf?.n ?? 0),
    nextShift: next
      ? {
          planId: next.planId,
          planTitle: next.title,
          start: instantToLocal(next.startsAt, next.zone),
          end: instantToLocal(next.endsAt, next.zone),
        }
      : null,
  };
}
