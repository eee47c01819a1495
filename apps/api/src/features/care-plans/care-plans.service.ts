import { FORMER_TEAM_MEMBER } from '@tavara/shared/account/account';
import {
  alreadyAssignedMessage,
  BOOKED_SHIFT_STATUSES,
  effectiveShiftStatus,
  MAX_GENERATE_DAYS,
  overlapMessage,
  type generateShiftsInputSchema,
  type ShiftStatus,
} from '@tavara/shared/shifts/shifts';
import {
  CARE_PLAN_MESSAGES as M,
  type carePlanInputSchema,
  type PlanStatus,
} from '@tavara/shared/care-plans/care-plans';
import {
  INVITATION_LIMITS,
  TEAM_ROLE_LABELS,
  type invitationInputSchema,
  type MemberKind,
  type MemberStatus,
  type TeamRole,
} from '@tavara/shared/care-team/care-team';
import {
  canClaimShift,
  canMarkShiftDone,
  isShiftEditable,
  planAccess,
  type PlanAccess,
} from '@tavara/shared/care-plans/permissions';
import { formatPlanShortDay, formatPlanTimeRange } from '@tavara/shared/time/format';
import { formatTimeIn } from '@tavara/shared/time/relative';
import { getShiftOption } from '@tavara/shared/codes/shifts';
import { profilePhotoUrl } from '@tavara/shared/registration/photo-url';
import { plainNameForMail } from '@tavara/shared/validation/person-name';
import { addDays } from 'date-fns';
import { and, asc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { user } from '../../db/schema/auth';
import { carePlans, careTeamMembers, shifts } from '../../db/schema/care-plans';
import { profiles } from '../../db/schema/profiles';
import { familyDetails } from '../../db/schema/registration';
import { AppError, RateLimitedError } from '../../lib/app-error';
import { trainingCompletedSql } from '../../lib/training-completed';
import {
  notify,
  resolveNotifications,
  type NotificationEvent,
  type NotifyWriter,
} from '../../lib/notifications/notify';
import {
  addLocalDays,
  generateShiftTimes,
  instantToLocal,
  localDateOf,
  localToInstant,
  shiftStartLabel,
  weekStart,
} from './shift-times';

/** The signed-in person asking (the server's user record, never client input). */
export interface Viewer {
  id: string;
  role?: string | null | undefined;
  email: string;
  emailVerified?: boolean;
}

type PlanRow = typeof carePlans.$inferSelect;
type ShiftRow = typeof shifts.$inferSelect;
type MemberRow = typeof careTeamMembers.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The same answer whether the plan does not exist or the viewer may not see it: no leaks. */
const noAccess = () => new AppError('not_found', M.noAccess);

/** The PostgreSQL error code of a failed query (Drizzle wraps the driver's error in `cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
const UNIQUE_VIOLATION = '23505';

// ——— notifications (issue 18): written in the transaction of the change ———

const ownerPlanLink = (planId: string, tab: 'team' | 'schedule') => `/family/care-management/${planId}?tab=${tab}`;
const PRO_SCHEDULE = '/professional/schedule';

/** Where a team member finds a plan's shifts: professionals on their schedule, relatives on the plan. */
async function memberLink(db: Database, planId: string, userId: string) {
  const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, userId));
  return row?.role === 'professional' ? PRO_SCHEDULE : `/family/care-management/${planId}?tab=schedule`;
}

/** Tells the person on a shift (assigned or offered) that it changed; `kind` says how. */
async function shiftEvent(
  db: Database,
  kind: 'shift_changed' | 'shift_cancelled' | 'shift_offered' | 'shift_assigned',
  plan: PlanRow,
  shift: ShiftRow,
  personId: string | null,
  actorId: string,
): Promise<NotificationEvent | null> {
  if (!personId) return null;
  const when = shiftStartLabel(shift.startsAt, plan.timeZone);
  const titles = {
    shift_changed: `Your shift on ${plan.title} (${when}) was changed`,
    shift_cancelled: `Your shift on ${plan.title} (${when}) was cancelled`,
    shift_offered: `You were offered a shift on ${plan.title}: ${when}`,
    shift_assigned: `You were assigned a shift on ${plan.title}: ${when}`,
  };
  return {
    kind,
    recipients: [personId],
    actorId,
    title: titles[kind],
    body:
      shift.changeReason && kind !== 'shift_offered' && kind !== 'shift_assigned'
        ? `Reason: ${shift.changeReason}`
        : '',
    link: await memberLink(db, plan.id, personId),
  };
}

async function notifyEach(tx: NotifyWriter, events: Array<NotificationEvent | null>) {
  for (const event of events) if (event) await notify(tx, event);
}
const EXCLUSION_VIOLATION = '23P01';

// ——— names and access ———

const displayName = sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), nullif(trim(concat_ws(' ', ${profiles.firstName}, ${profiles.lastName})), ''), ${user.name})`;

export async function peopleByIds(db: Database, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, { name: string; photoUrl: string | null }>();
  const rows = await db
    .select({ id: user.id, name: displayName, photoFile: profiles.photoFile })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(inArray(user.id, unique));
  return new Map(
    rows.map((r) => [r.id, { name: r.name, photoUrl: r.photoFile ? profilePhotoUrl(r.id, r.photoFile) : null }]),
  );
}

export interface PlanContext {
  plan: PlanRow;
  access: Exclude<PlanAccess, 'none'>;
  membership: MemberRow | null;
}

/** The plan if `viewer` may see it (owner, accepted member, admin); otherwise "no access". */
export async function loadPlanFor(db: Database, viewer: Viewer, planId: string): Promise<PlanContext> {
  if (!UUID.test(planId)) throw noAccess();
  const [plan] = await db.select().from(carePlans).where(eq(carePlans.id, planId));
  if (!plan) throw noAccess();
  const [membership] = await db
    .select()
    .from(careTeamMembers)
    .where(
      and(
        eq(careTeamMembers.planId, planId),
        eq(careTeamMembers.userId, viewer.id),
        eq(careTeamMembers.status, 'accepted'),
      ),
    )
    .limit(1);
  const access = planAccess({ userId: viewer.id, role: viewer.role }, plan, membership ?? null);
  if (access === 'none') throw noAccess();
  return { plan, access, membership: membership ?? null };
}

async function loadOwnedPlan(db: Database, viewer: Viewer, planId: string): Promise<PlanRow> {
  const ctx = await loadPlanFor(db, viewer, planId);
  if (ctx.access !== 'owner') throw new AppError('forbidden', M.ownerOnly);
  return ctx.plan;
}

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

/** Deletes a plan without shifts; a plan with shifts is archived instead, keeping its history. */
export async function deleteOrArchivePlan(db: Database, viewer: Viewer, planId: string) {
  await loadOwnedPlan(db, viewer, planId);
  const [any] = await db.select({ id: shifts.id }).from(shifts).where(eq(shifts.planId, planId)).limit(1);
  if (!any) {
    await db.delete(carePlans).where(eq(carePlans.id, planId));
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
  return summaries.map((summary, i) => ({
    ...summary,
    familyName: families.get(summary.familyId)?.name ?? null,
    myTeamRole: rows[i]!.teamRole as TeamRole,
    myKind: rows[i]!.kind as MemberKind,
  }));
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
    return {
      ...planView(plan),
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
    };
  });
}

// ——— shifts as people see them ———

function shiftView(shift: ShiftRow, zone: string, names: Map<string, { name: string }>) {
  return {
    id: shift.id,
    planId: shift.planId,
    shiftCode: shift.shiftCode,
    localDate: shift.localDate,
    start: instantToLocal(shift.startsAt, zone),
    end: instantToLocal(shift.endsAt, zone),
    startsAt: shift.startsAt.toISOString(),
    endsAt: shift.endsAt.toISOString(),
    status: effectiveShiftStatus(shift),
    assigneeId: shift.assigneeId,
    // A started or done shift whose caregiver deleted their account keeps its record (issue 22).
    assigneeName: shift.assigneeId
      ? (names.get(shift.assigneeId)?.name ?? null)
      : shift.status === 'in_progress' || shift.status === 'done'
        ? FORMER_TEAM_MEMBER
        : null,
    offeredToId: shift.offeredToId,
    offeredToName: shift.offeredToId ? (names.get(shift.offeredToId)?.name ?? null) : null,
    note: shift.note,
    checkedInAt: shift.checkedInAt?.toISOString() ?? null,
    checkedOutAt: shift.checkedOutAt?.toISOString() ?? null,
    doneNote: shift.doneNote,
    changeReason: shift.changeReason,
  };
}
export type ShiftView = ReturnType<typeof shiftView>;

async function shiftViews(db: Database, rows: ShiftRow[], zoneOf: (row: ShiftRow) => string) {
  const names = await peopleByIds(
    db,
    rows.flatMap((r) => [r.assigneeId, r.offeredToId]).filter((id): id is string => id !== null),
  );
  return rows.map((r) => shiftView(r, zoneOf(r), names));
}

/** The plan-local range [from, to] as instants: from's midnight to the midnight after `to`. */
function rangeInstants(from: string, to: string, zone: string) {
  return {
    start: localToInstant(`${from}T00:00`, zone),
    end: localToInstant(`${addLocalDays(to, 1, zone)}T00:00`, zone),
  };
}

/** This plan-local week (Monday to Sunday) around `date`. */
export function weekOf(date: string, zone: string): { from: string; to: string } {
  const from = weekStart(date, zone);
  return { from, to: addLocalDays(from, 6, zone) };
}

export async function listPlanShifts(db: Database, plan: PlanRow, from: string, to: string) {
  const { start, end } = rangeInstants(from, to, plan.timeZone);
  const rows = await db
    .select()
    .from(shifts)
    .where(and(eq(shifts.planId, plan.id), lt(shifts.startsAt, end), gte(shifts.endsAt, start)))
    .orderBy(asc(shifts.startsAt));
  return shiftViews(db, rows, () => plan.timeZone);
}

/** "Tuesday 6 PM–8 AM: nobody assigned" for each upcoming shift in the list that has nobody. */
export function coverageGaps(list: ShiftView[], now = new Date()) {
  return list
    .filter((s) => (s.status === 'open' || s.status === 'offered') && new Date(s.endsAt) > now)
    .map((s) => ({ shiftId: s.id, start: s.start, end: s.end, status: s.status }));
}

// ——— plan detail and team ———

async function teamOf(db: Database, planId: string, includeHistory: boolean, includeEmails: boolean) {
  const rows = await db
    .select()
    .from(careTeamMembers)
    .where(
      includeHistory
        ? eq(careTeamMembers.planId, planId)
        : and(eq(careTeamMembers.planId, planId), eq(careTeamMembers.status, 'accepted')),
    )
    .orderBy(asc(careTeamMembers.invitedAt));
  const people = await peopleByIds(
    db,
    rows.map((r) => r.userId).filter((id): id is string => id !== null),
  );
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    name: r.userId ? (people.get(r.userId)?.name ?? null) : null,
    photoUrl: r.userId ? (people.get(r.userId)?.photoUrl ?? null) : null,
    email: includeEmails ? r.invitedEmail : null,
    kind: r.kind as MemberKind,
    teamRole: r.teamRole as TeamRole,
    note: includeEmails ? r.note : null,
    status: r.status as MemberStatus,
    invitedAt: r.invitedAt.toISOString(),
    respondedAt: r.respondedAt?.toISOString() ?? null,
    endedAt: r.endedAt?.toISOString() ?? null,
  }));
}

export async function getPlanDetail(db: Database, viewer: Viewer, planId: string, week?: string) {
  const { plan, access, membership } = await loadPlanFor(db, viewer, planId);
  const today = localDateOf(new Date(), plan.timeZone);
  const range = weekOf(week ?? today, plan.timeZone);
  const isOwner = access === 'owner';
  const [owner, team, weekShifts, [open]] = await Promise.all([
    peopleByIds(db, [plan.familyId]),
    teamOf(db, plan.id, isOwner || access === 'admin', isOwner),
    listPlanShifts(db, plan, range.from, range.to),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(shifts)
      .where(
        and(eq(shifts.planId, plan.id), gte(shifts.endsAt, new Date()), inArray(shifts.status, ['open', 'offered'])),
      ),
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
  const detail = await getPlanDetail(db, viewer, planId);
  const [needs] = await db
    .select({
      careLocation: familyDetails.care_location,
      careTypes: familyDetails.care_type,
      careConditions: familyDetails.care_conditions,
      otherSpecialNeeds: familyDetails.other_special_needs,
      specializedRequirements: familyDetails.specialized_requirements,
      caregiverPreferences: familyDetails.caregiver_preferences,
    })
    .from(familyDetails)
    .where(eq(familyDetails.userId, detail.plan.familyId));
  const today = detail.week.today;
  const upcoming = await listPlanShifts(
    db,
    (await loadPlanFor(db, viewer, planId)).plan,
    today,
    addLocalDays(today, 13, detail.plan.timeZone),
  );
  return { ...detail, needs: needs ?? null, upcoming: upcoming.filter((s) => s.status !== 'cancelled') };
}

// ——— team invitations ———

type InvitationInput = z.output<typeof invitationInputSchema>;

export interface InviteMail {
  to: string;
  inviterName: string;
  teamRole: TeamRole;
  hasAccount: boolean;
  kind: MemberKind;
  /** Issue 32: this address was invited to this plan in the last 24 hours — no new e-mail. */
  mailedRecently?: boolean;
  /** The family's note to the invited person, as typed (the e-mail escapes it). */
  note: string | null;
}

export async function inviteMember(db: Database, viewer: Viewer, planId: string, input: InvitationInput) {
  await loadOwnedPlan(db, viewer, planId);
  let target: { id: string; email: string; role: string | null } | undefined;
  if (input.professionalId) {
    [target] = await db
      .select({ id: user.id, email: user.email, role: user.role })
      .from(user)
      .innerJoin(profiles, eq(profiles.id, user.id))
      .where(and(eq(user.id, input.professionalId), eq(user.role, 'professional')));
    if (!target) throw new AppError('not_found', M.professionalNotFound);
  } else {
    [target] = await db
      .select({ id: user.id, email: user.email, role: user.role })
      .from(user)
      .where(sql`lower(${user.email}) = ${input.email!}`);
  }
  if (target?.id === viewer.id)
    throw new AppError('validation_failed', M.cannotInviteSelf, { email: M.cannotInviteSelf });
  if (target && input.kind === 'professional' && target.role !== 'professional') {
    const message = 'This e-mail address belongs to an account that is not a care professional.';
    throw new AppError('validation_failed', message, { email: message });
  }
  const email = (target?.email ?? input.email!).toLowerCase();
  // Plain text, never a link someone typed as their name (issue 32): it opens the mail.
  const inviter = plainNameForMail((await peopleByIds(db, [viewer.id])).get(viewer.id)?.name, 'A family');
  try {
    const { row, mailedRecently } = await db.transaction(async (tx) => {
      const mailedRecently = await checkInvitationLimits(tx, viewer.id, planId, email);
      const [inserted] = await tx
        .insert(careTeamMembers)
        .values({
          planId,
          userId: target?.id ?? null,
          invitedEmail: email,
          kind: input.kind,
          teamRole: input.teamRole,
          note: input.note,
          invitedById: viewer.id,
        })
        .returning();
      // Someone with an account is told in the app (and by e-mail, as they chose); someone
      // without one gets the sign-up e-mail from the route instead.
      if (target) {
        await notify(tx, {
          kind: 'invitation_received',
          recipients: [target.id],
          actorId: viewer.id,
          title: `${inviter} invites you to join their care team as ${TEAM_ROLE_LABELS[input.teamRole].toLowerCase()}`,
          // Who and as what, as the sign-up invitation says (decision 018); never the plan or the person cared for.
          emailLine: `${inviter} has invited you to join their care team on Tavara as ${TEAM_ROLE_LABELS[input.teamRole].toLowerCase()}. Nobody is added to a care team without accepting.`,
          body: input.note ?? '',
          link: input.kind === 'professional' ? PRO_SCHEDULE : '/family/care-management',
          // Shown in the app every time; e-mailed once per plan and address in 24 hours.
          noEmail: mailedRecently,
        });
      }
      return { row: inserted, mailedRecently };
    });
    const mail: InviteMail = {
      to: email,
      inviterName: inviter,
      teamRole: input.teamRole,
      hasAccount: Boolean(target),
      kind: input.kind,
      mailedRecently,
      note: input.note ?? null,
    };
    return { memberId: row!.id, mail };
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', M.alreadyInvited);
    throw error;
  }
}

/**
 * Issue 32: refuses an invitation over the daily limits (INVITATION_LIMITS) and says whether
 * `email` was already invited to the plan within the mail window. Counted from the invitation rows
 * themselves (history is kept, withdrawn ones included), under a transaction-scoped lock per
 * inviter, so parallel invitations cannot both slip under a limit on any number of instances.
 */
async function checkInvitationLimits(
  tx: NotifyWriter & Pick<Database, 'execute'>,
  inviterId: string,
  planId: string,
  email: string,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`care-team-invitations:${inviterId}`}))`);
  const since = sql`now() - interval '24 hours'`;
  const [counts] = await tx
    .select({
      byInviter: sql<number>`count(*)::int`,
      byPlan: sql<number>`(count(*) filter (where ${careTeamMembers.planId} = ${planId}))::int`,
      toAddress: sql<number>`(count(*) filter (where ${careTeamMembers.planId} = ${planId} and ${careTeamMembers.invitedEmail} = ${email} and ${careTeamMembers.invitedAt} > now() - make_interval(hours => ${INVITATION_LIMITS.mailPerAddressPerPlanHours})))::int`,
    })
    .from(careTeamMembers)
    .where(and(eq(careTeamMembers.invitedById, inviterId), gt(careTeamMembers.invitedAt, since)));
  if ((counts?.byPlan ?? 0) >= INVITATION_LIMITS.perPlanPerDay) {
    throw new RateLimitedError(M.invitationsPerPlanReached, await secondsUntilSlotFrees(tx, inviterId, planId));
  }
  if ((counts?.byInviter ?? 0) >= INVITATION_LIMITS.perInviterPerDay) {
    throw new RateLimitedError(M.invitationsPerInviterReached, await secondsUntilSlotFrees(tx, inviterId));
  }
  return (counts?.toAddress ?? 0) > 0;
}

/** Seconds until the oldest invitation of the last 24 hours (of the plan, or all) leaves the window. */
async function secondsUntilSlotFrees(tx: NotifyWriter, inviterId: string, planId?: string): Promise<number> {
  const [row] = await tx
    .select({
      seconds: sql<number>`ceil(extract(epoch from (min(${careTeamMembers.invitedAt}) + interval '24 hours' - now())))::int`,
    })
    .from(careTeamMembers)
    .where(
      and(
        eq(careTeamMembers.invitedById, inviterId),
        gt(careTeamMembers.invitedAt, sql`now() - interval '24 hours'`),
        ...(planId ? [eq(careTeamMembers.planId, planId)] : []),
      ),
    );
  return Math.max(1, row?.seconds ?? 60);
}

/** Invitations for `viewer`: by account, or by their verified e-mail before they had one. */
function invitedToViewer(viewer: Viewer) {
  const byAccount = eq(careTeamMembers.userId, viewer.id);
  if (!viewer.emailVerified) return byAccount;
  return or(
    byAccount,
    and(isNull(careTeamMembers.userId), eq(careTeamMembers.invitedEmail, viewer.email.toLowerCase())),
  )!;
}

export async function listMyInvitations(db: Database, viewer: Viewer) {
  const rows = await db
    .select({ member: careTeamMembers, planTitle: carePlans.title, familyId: carePlans.familyId })
    .from(careTeamMembers)
    .innerJoin(carePlans, eq(carePlans.id, careTeamMembers.planId))
    .where(and(eq(careTeamMembers.status, 'invited'), isNull(carePlans.archivedAt), invitedToViewer(viewer)))
    .orderBy(asc(careTeamMembers.invitedAt));
  const families = await peopleByIds(
    db,
    rows.map((r) => r.familyId),
  );
  return rows.map((r) => ({
    id: r.member.id,
    planId: r.member.planId,
    planTitle: r.planTitle,
    familyName: families.get(r.familyId)?.name ?? null,
    kind: r.member.kind as MemberKind,
    teamRole: r.member.teamRole as TeamRole,
    note: r.member.note,
    invitedAt: r.member.invitedAt.toISOString(),
  }));
}

/** Accepting or declining is the invitee's alone; the row records the answer. */
export async function answerInvitation(
  db: Database,
  viewer: Viewer,
  memberId: string,
  answer: 'accepted' | 'declined',
) {
  if (!UUID.test(memberId)) throw new AppError('not_found', M.invitationGone);
  const kinds: MemberKind[] = viewer.role === 'professional' ? ['professional', 'family'] : ['family'];
  try {
    const name = (await peopleByIds(db, [viewer.id])).get(viewer.id)?.name ?? 'Someone';
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(careTeamMembers)
        .set({ status: answer, userId: viewer.id, respondedAt: new Date() })
        .where(
          and(
            eq(careTeamMembers.id, memberId),
            eq(careTeamMembers.status, 'invited'),
            inArray(careTeamMembers.kind, kinds),
            invitedToViewer(viewer),
          ),
        )
        .returning();
      if (!updated) throw new AppError('not_found', M.invitationGone);
      const [plan] = await tx
        .select({ familyId: carePlans.familyId, title: carePlans.title })
        .from(carePlans)
        .where(eq(carePlans.id, updated.planId));
      if (plan) {
        await notify(tx, {
          kind: answer === 'accepted' ? 'invitation_accepted' : 'invitation_declined',
          recipients: [plan.familyId],
          actorId: viewer.id,
          title: `${name} ${answer === 'accepted' ? 'accepted' : 'declined'} your invitation to ${plan.title}`,
          link: ownerPlanLink(updated.planId, 'team'),
        });
      }
      return updated;
    });
    return { id: row.id, planId: row.planId, status: row.status as MemberStatus };
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', M.alreadyInvited);
    throw error;
  }
}

/**
 * The owner removes a member (or withdraws an invitation); a member leaves. The row stays as
 * history; the person's upcoming shifts on this plan go back to open, for someone else to take.
 */
export async function endMembership(db: Database, viewer: Viewer, planId: string, memberId: string) {
  if (!UUID.test(memberId)) throw noAccess();
  const [member] = await db
    .select()
    .from(careTeamMembers)
    .where(and(eq(careTeamMembers.id, memberId), eq(careTeamMembers.planId, planId)));
  const isSelf = member?.userId === viewer.id && member.status === 'accepted';
  if (!isSelf) await loadOwnedPlan(db, viewer, planId);
  if (!member || (member.status !== 'accepted' && member.status !== 'invited')) {
    throw new AppError('not_found', 'This person is no longer on the team.');
  }
  const status: MemberStatus = isSelf ? 'left' : 'removed';
  return db.transaction(async (tx) => {
    const [ended] = await tx
      .update(careTeamMembers)
      .set({ status, endedAt: new Date() })
      .where(and(eq(careTeamMembers.id, memberId), inArray(careTeamMembers.status, ['accepted', 'invited'])))
      .returning();
    if (!ended) throw new AppError('not_found', 'This person is no longer on the team.');
    let reopened = 0;
    if (member.userId) {
      const rows = await tx
        .update(shifts)
        .set({ status: 'open', assigneeId: null, offeredToId: null })
        .where(
          and(
            eq(shifts.planId, planId),
            gte(shifts.startsAt, new Date()),
            or(
              and(eq(shifts.assigneeId, member.userId), eq(shifts.status, 'assigned')),
              and(eq(shifts.offeredToId, member.userId), eq(shifts.status, 'offered')),
            ),
          ),
        )
        .returning({ id: shifts.id });
      reopened = rows.length;
    }
    return { id: ended.id, status, reopenedShifts: reopened };
  });
}

/**
 * Registered professionals a family can invite, by name, region (location) and care type, each
 * with "Tavara training completed" from the certificate record (lib/training-completed.ts).
 */
export async function searchProfessionals(db: Database, query: { q?: string; region?: string; careType?: string }) {
  const { professionalDetails } = await import('../../db/schema/registration');
  const conditions = [eq(user.role, 'professional')];
  if (query.q) conditions.push(sql`${displayName} ilike ${'%' + query.q.replace(/[%_\\]/g, '\\$&') + '%'}`);
  if (query.region)
    conditions.push(sql`${profiles.location} ilike ${'%' + query.region.replace(/[%_\\]/g, '\\$&') + '%'}`);
  if (query.careType) conditions.push(sql`${query.careType} = any(${professionalDetails.care_services})`);
  const rows = await db
    .select({
      id: user.id,
      name: displayName,
      location: profiles.location,
      photoFile: profiles.photoFile,
      professionalRole: professionalDetails.professional_role,
      careServices: professionalDetails.care_services,
      yearsExperience: professionalDetails.years_experience,
      trainingCompleted: trainingCompletedSql(user.id),
    })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(professionalDetails, eq(professionalDetails.userId, user.id))
    .where(and(...conditions))
    .orderBy(asc(displayName))
    .limit(20);
  return rows.map(({ photoFile, ...r }) => ({
    ...r,
    careServices: r.careServices ?? [],
    photoUrl: photoFile ? profilePhotoUrl(r.id, photoFile) : null,
  }));
}

// ——— shifts ———

type GenerateInput = z.output<typeof generateShiftsInputSchema>;

function assertActive(plan: PlanRow) {
  if (plan.status !== 'active' || plan.archivedAt) throw new AppError('conflict', M.planNotActive);
}

/**
 * Generates the plan's shifts for a plan-local date range (default: 4 weeks from today or the
 * plan's start), clamped to the plan's dates. Idempotent: the unique (plan, code, day) key makes
 * a second run insert nothing, and shifts edited or cancelled since are left as they are.
 */
export async function generateShifts(db: Database, viewer: Viewer, planId: string, input: GenerateInput) {
  const plan = await loadOwnedPlan(db, viewer, planId);
  assertActive(plan);
  const zone = plan.timeZone;
  const fallback = defaultGenerateRange(plan);
  let from = input.from ?? fallback.from;
  let to = input.to ?? (input.from ? addLocalDays(from, 27, zone) : fallback.to);
  if (from < plan.startDate) from = plan.startDate;
  if (plan.endDate && to > plan.endDate) to = plan.endDate;
  if (to < from) throw new AppError('validation_failed', M.rangeOutsidePlan, { from: M.rangeOutsidePlan });
  if (addLocalDays(from, MAX_GENERATE_DAYS - 1, zone) < to) {
    throw new AppError('validation_failed', M.rangeTooLong, { to: M.rangeTooLong });
  }
  const codes = [...plan.weekdayCoverage, ...plan.weekendCoverage, ...plan.extraShifts];
  const times = generateShiftTimes(codes, from, to, zone);
  let created = 0;
  // Batches keep each statement well under the parameter limit.
  for (let i = 0; i < times.length; i += 500) {
    const rows = await db
      .insert(shifts)
      .values(times.slice(i, i + 500).map((t) => ({ planId, ...t, generatedDate: t.localDate })))
      .onConflictDoNothing({ target: [shifts.planId, shifts.shiftCode, shifts.generatedDate] })
      .returning({ id: shifts.id });
    created += rows.length;
  }
  return { from, to, created, existing: times.length - created };
}

/** The range generation uses when none is chosen: 4 weeks from today or the plan's start, within its dates. */
export function defaultGenerateRange(plan: PlanRow) {
  const today = localDateOf(new Date(), plan.timeZone);
  const from = today > plan.startDate ? today : plan.startDate;
  const to = addLocalDays(from, 27, plan.timeZone);
  return { from, to: plan.endDate && to > plan.endDate ? plan.endDate : to };
}

function assertWithinPlan(plan: PlanRow, start: string, field: string) {
  const day = start.slice(0, 10);
  if (day < plan.startDate || (plan.endDate && day > plan.endDate)) {
    throw new AppError('validation_failed', M.shiftOutsidePlan, { [field]: M.shiftOutsidePlan });
  }
}

export async function addOneOffShift(
  db: Database,
  viewer: Viewer,
  planId: string,
  input: { start: string; end: string; note: string | null },
) {
  const plan = await loadOwnedPlan(db, viewer, planId);
  assertActive(plan);
  assertWithinPlan(plan, input.start, 'start');
  const [row] = await db
    .insert(shifts)
    .values({
      planId,
      shiftCode: null,
      localDate: input.start.slice(0, 10),
      startsAt: localToInstant(input.start, plan.timeZone),
      endsAt: localToInstant(input.end, plan.timeZone),
      note: input.note,
    })
    .returning();
  return (await shiftViews(db, [row!], () => plan.timeZone))[0]!;
}

async function loadShiftFor(db: Database, viewer: Viewer, shiftId: string) {
  if (!UUID.test(shiftId)) throw new AppError('not_found', M.shiftNotFound);
  const [row] = await db.select().from(shifts).where(eq(shifts.id, shiftId));
  if (!row) throw new AppError('not_found', M.shiftNotFound);
  // Every rule below sees the status people see: a shift that ended unattended is missed.
  const shift = { ...row, status: effectiveShiftStatus(row) };
  try {
    return { shift, ...(await loadPlanFor(db, viewer, shift.planId)) };
  } catch (error) {
    // Someone who may not see the plan learns nothing about its shifts either. Only that refusal
    // becomes "not found": a database that went away mid-request stays a 503 the client retries.
    if (error instanceof AppError) throw new AppError('not_found', M.shiftNotFound);
    throw error;
  }
}

/** Conditions of a row that may still change: open, offered or assigned, and not yet over. */
function liveShift() {
  return and(inArray(shifts.status, ['open', 'offered', 'assigned']), gt(shifts.endsAt, new Date()));
}

/** The clashing booked shift of `assigneeId` around [start, end), named only if on the same plan. */
async function overlapError(
  db: Database,
  assigneeId: string,
  start: Date,
  end: Date,
  planId: string,
  excludeId: string,
) {
  const [clash] = await db
    .select({
      id: shifts.id,
      planId: shifts.planId,
      startsAt: shifts.startsAt,
      endsAt: shifts.endsAt,
      title: carePlans.title,
      zone: carePlans.timeZone,
    })
    .from(shifts)
    .innerJoin(carePlans, eq(carePlans.id, shifts.planId))
    .where(
      and(
        eq(shifts.assigneeId, assigneeId),
        inArray(shifts.status, [...BOOKED_SHIFT_STATUSES]),
        lt(shifts.startsAt, end),
        sql`${shifts.endsAt} > ${start.toISOString()}`,
        sql`${shifts.id} <> ${excludeId}`,
      ),
    )
    .limit(1);
  if (!clash) return new AppError('conflict', 'This caregiver already has a shift at that time.');
  // In the clashing plan's zone, worded as the schedule shows shifts ("Thu 4 Mar, 6 PM–8 AM").
  const clashStart = instantToLocal(clash.startsAt, clash.zone);
  const when = `${formatPlanShortDay(clashStart)}, ${formatPlanTimeRange(clashStart, instantToLocal(clash.endsAt, clash.zone))}`;
  const planTitle = clash.planId === planId ? clash.title : 'another care plan';
  return new AppError('conflict', overlapMessage({ planTitle, when }), { userId: overlapMessage({ planTitle, when }) });
}

async function bookingUpdate<T>(db: Database, shift: ShiftRow, assigneeId: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (pgErrorCode(error) === EXCLUSION_VIOLATION) {
      throw await overlapError(db, assigneeId, shift.startsAt, shift.endsAt, shift.planId, shift.id);
    }
    throw error;
  }
}

export async function editShift(
  db: Database,
  viewer: Viewer,
  shiftId: string,
  input: { start: string; end: string; reason: string },
) {
  const { shift, plan, access } = await loadShiftFor(db, viewer, shiftId);
  if (access !== 'owner') throw new AppError('forbidden', M.ownerOnly);
  if (!isShiftEditable(shift)) throw new AppError('conflict', M.wrongStatus);
  assertWithinPlan(plan, input.start, 'start');
  const startsAt = localToInstant(input.start, plan.timeZone);
  const endsAt = localToInstant(input.end, plan.timeZone);
  const person = shift.assigneeId ?? shift.offeredToId;
  const link = person ? await memberLink(db, plan.id, person) : null;
  const run = () =>
    db.transaction(async (tx) => {
      const rows = await tx
        .update(shifts)
        // The day it is listed under follows the new start, in the plan's zone.
        .set({
          startsAt,
          endsAt,
          localDate: localDateOf(startsAt, plan.timeZone),
          changeReason: input.reason,
          editedAt: new Date(),
        })
        .where(and(eq(shifts.id, shiftId), liveShift()))
        .returning();
      const updated = rows[0];
      const who = updated ? (updated.assigneeId ?? updated.offeredToId) : null;
      if (updated && who) {
        await notify(tx, {
          kind: 'shift_changed',
          recipients: [who],
          actorId: viewer.id,
          title: `Your shift on ${plan.title} now starts ${shiftStartLabel(updated.startsAt, plan.timeZone)}`,
          body: `Reason: ${input.reason}`,
          link: who === person && link ? link : PRO_SCHEDULE,
        });
      }
      return rows;
    });
  try {
    const [row] = await run();
    if (!row) throw new AppError('conflict', M.wrongStatus);
    return (await shiftViews(db, [row], () => plan.timeZone))[0]!;
  } catch (error) {
    if (pgErrorCode(error) === EXCLUSION_VIOLATION && shift.assigneeId) {
      throw await overlapError(db, shift.assigneeId, startsAt, endsAt, plan.id, shift.id);
    }
    throw error;
  }
}

export async function cancelShift(db: Database, viewer: Viewer, shiftId: string, reason: string) {
  const { shift, plan, access } = await loadShiftFor(db, viewer, shiftId);
  if (access !== 'owner') throw new AppError('forbidden', M.ownerOnly);
  if (!isShiftEditable(shift)) throw new AppError('conflict', M.wrongStatus);
  const event = await shiftEvent(
    db,
    'shift_cancelled',
    plan,
    { ...shift, changeReason: reason },
    shift.assigneeId ?? shift.offeredToId,
    viewer.id,
  );
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(shifts)
      .set({ status: 'cancelled', changeReason: reason, offeredToId: null })
      .where(and(eq(shifts.id, shift.id), liveShift()))
      .returning();
    if (!updated) throw new AppError('conflict', M.wrongStatus);
    // The person who was on it (read just before; the UPDATE's status check is the guard).
    await notifyEach(tx, [event]);
    await resolveNotifications(tx, [`shift_not_checked_in:${shift.id}`], () => 'The shift was cancelled');
    return updated;
  });
  return (await shiftViews(db, [row], () => plan.timeZone))[0]!;
}

async function acceptedMember(db: Database, planId: string, userId: string) {
  const [row] = await db
    .select()
    .from(careTeamMembers)
    .where(
      and(
        eq(careTeamMembers.planId, planId),
        eq(careTeamMembers.userId, userId),
        eq(careTeamMembers.status, 'accepted'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The owner assigns (books at once), offers (the member takes it by claiming) or reopens a shift. */
export async function assignShift(
  db: Database,
  viewer: Viewer,
  shiftId: string,
  input: { userId: string | null; mode: 'assign' | 'offer'; reassign?: boolean },
) {
  const { shift, plan, access } = await loadShiftFor(db, viewer, shiftId);
  if (access !== 'owner') throw new AppError('forbidden', M.ownerOnly);
  if (!isShiftEditable(shift)) throw new AppError('conflict', M.wrongStatus);
  const keepsAssignee = input.mode === 'assign' && input.userId !== null;
  // Without an explicit reassign, only a shift nobody has (or the same person has) changes: the
  // condition is part of the UPDATE, so a claim that lands first is never overwritten.
  const editable = and(
    eq(shifts.id, shift.id),
    liveShift(),
    input.reassign
      ? undefined
      : keepsAssignee
        ? or(isNull(shifts.assigneeId), eq(shifts.assigneeId, input.userId!))
        : isNull(shifts.assigneeId),
  );
  let rows: ShiftRow[];
  const before = shift.assigneeId ?? shift.offeredToId;
  if (input.userId === null) {
    // Whoever had it is told it is off their schedule.
    const event = await shiftEvent(db, 'shift_changed', plan, shift, before, viewer.id);
    if (event)
      event.title = `A shift on ${plan.title} (${shiftStartLabel(shift.startsAt, plan.timeZone)}) is no longer yours`;
    rows = await db.transaction(async (tx) => {
      const updated = await tx
        .update(shifts)
        .set({ status: 'open', assigneeId: null, offeredToId: null })
        .where(editable)
        .returning();
      if (updated[0]) await notifyEach(tx, [event]);
      return updated;
    });
  } else {
    assertActive(plan);
    const member = await acceptedMember(db, plan.id, input.userId);
    if (!member || member.kind !== 'professional') {
      throw new AppError('validation_failed', M.notMember, { userId: M.notMember });
    }
    const userId = input.userId;
    const events = [
      await shiftEvent(db, input.mode === 'offer' ? 'shift_offered' : 'shift_assigned', plan, shift, userId, viewer.id),
      // Someone else had it: it is off their schedule now.
      before && before !== userId ? await shiftEvent(db, 'shift_changed', plan, shift, before, viewer.id) : null,
    ];
    if (events[1])
      events[1].title = `A shift on ${plan.title} (${shiftStartLabel(shift.startsAt, plan.timeZone)}) is no longer yours`;
    rows =
      input.mode === 'offer'
        ? await db.transaction(async (tx) => {
            const updated = await tx
              .update(shifts)
              .set({ status: 'offered', assigneeId: null, offeredToId: userId })
              .where(editable)
              .returning();
            if (updated[0]) await notifyEach(tx, events);
            return updated;
          })
        : await bookingUpdate(db, shift, userId, () =>
            db.transaction(async (tx) => {
              const updated = await tx
                .update(shifts)
                .set({ status: 'assigned', assigneeId: userId, offeredToId: null, assignedAt: new Date() })
                .where(editable)
                .returning();
              if (updated[0]) await notifyEach(tx, events);
              return updated;
            }),
          );
  }
  if (!rows[0]) {
    const [now] = await db.select().from(shifts).where(eq(shifts.id, shift.id));
    if (now && now.status === 'assigned' && now.assigneeId && !input.reassign) {
      const name = (await peopleByIds(db, [now.assigneeId])).get(now.assigneeId)?.name ?? null;
      const message = alreadyAssignedMessage(name);
      throw new AppError('conflict', message, { userId: message });
    }
    throw new AppError('conflict', M.wrongStatus);
  }
  return (await shiftViews(db, rows, () => plan.timeZone))[0]!;
}

/**
 * An accepted professional takes an open shift (or one offered to them). One conditional UPDATE:
 * of two people claiming at once, the database lets exactly one change the row; the other finds
 * it no longer open.
 */
export async function claimShift(db: Database, viewer: Viewer, shiftId: string) {
  const { shift, plan, membership } = await loadShiftFor(db, viewer, shiftId);
  const self = { userId: viewer.id, role: viewer.role };
  if (membership?.kind !== 'professional') throw new AppError('forbidden', M.notMember);
  assertActive(plan);
  if (!canClaimShift(self, membership, shift)) throw new AppError('conflict', M.notClaimable);
  const name = (await peopleByIds(db, [viewer.id])).get(viewer.id)?.name ?? 'A caregiver';
  const rows = await bookingUpdate(db, shift, viewer.id, () =>
    db.transaction(async (tx) => {
      const updated = await tx
        .update(shifts)
        .set({ status: 'assigned', assigneeId: viewer.id, offeredToId: null, assignedAt: new Date() })
        .where(
          and(
            eq(shifts.id, shift.id),
            gt(shifts.endsAt, new Date()),
            or(eq(shifts.status, 'open'), and(eq(shifts.status, 'offered'), eq(shifts.offeredToId, viewer.id))),
          ),
        )
        .returning();
      if (updated[0]) {
        await notify(tx, {
          kind: 'shift_assigned',
          recipients: [plan.familyId],
          actorId: viewer.id,
          title: `${name} took a shift on ${plan.title}: ${shiftStartLabel(shift.startsAt, plan.timeZone)}`,
          link: ownerPlanLink(plan.id, 'schedule'),
        });
      }
      return updated;
    }),
  );
  if (!rows[0]) throw new AppError('conflict', M.claimLost);
  return (await shiftViews(db, rows, () => plan.timeZone))[0]!;
}

export async function checkIn(db: Database, viewer: Viewer, shiftId: string) {
  const { shift, plan } = await loadShiftFor(db, viewer, shiftId);
  if (shift.assigneeId !== viewer.id) throw new AppError('forbidden', M.notAssignee);
  const name = (await peopleByIds(db, [viewer.id])).get(viewer.id)?.name ?? 'The caregiver';
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(shifts)
      .set({ status: 'in_progress', checkedInAt: new Date() })
      .where(
        and(
          eq(shifts.id, shift.id),
          eq(shifts.assigneeId, viewer.id),
          eq(shifts.status, 'assigned'),
          gt(shifts.endsAt, new Date()),
        ),
      )
      .returning();
    // The "nobody has checked in" alert is no longer true: resolved, its waiting mail and push cancelled.
    if (updated) {
      const at = updated.checkedInAt!;
      await resolveNotifications(
        tx,
        [`shift_not_checked_in:${shift.id}`],
        (zone) => `${name} checked in at ${formatTimeIn(at, zone)}`,
        at,
      );
    }
    return updated;
  });
  if (!row) throw new AppError('conflict', M.wrongStatus);
  return (await shiftViews(db, [row], () => plan.timeZone))[0]!;
}

export async function checkOut(db: Database, viewer: Viewer, shiftId: string, note: string | null) {
  const { shift, plan } = await loadShiftFor(db, viewer, shiftId);
  if (shift.assigneeId !== viewer.id) throw new AppError('forbidden', M.notAssignee);
  const [row] = await db
    .update(shifts)
    .set({ status: 'done', checkedOutAt: new Date(), doneNote: note, doneById: viewer.id })
    .where(and(eq(shifts.id, shift.id), eq(shifts.assigneeId, viewer.id), eq(shifts.status, 'in_progress')))
    .returning();
  if (!row) throw new AppError('conflict', M.wrongStatus);
  return (await shiftViews(db, [row], () => plan.timeZone))[0]!;
}

/** The owner or a relative on the team marks a shift done (e.g. when the caregiver forgot). */
export async function markShiftDone(db: Database, viewer: Viewer, shiftId: string, note: string | null) {
  const { shift, plan, membership } = await loadShiftFor(db, viewer, shiftId);
  if (!canMarkShiftDone({ userId: viewer.id, role: viewer.role }, plan, membership, shift)) {
    throw new AppError(
      shift.status === 'assigned' || shift.status === 'in_progress' ? 'forbidden' : 'conflict',
      shift.status === 'assigned' || shift.status === 'in_progress'
        ? 'Only the family can mark a shift done.'
        : M.wrongStatus,
    );
  }
  const name = (await peopleByIds(db, [viewer.id])).get(viewer.id)?.name ?? 'Someone in the family';
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(shifts)
      .set({ status: 'done', checkedOutAt: shift.checkedOutAt ?? new Date(), doneNote: note, doneById: viewer.id })
      .where(and(eq(shifts.id, shift.id), inArray(shifts.status, ['assigned', 'in_progress'])))
      .returning();
    if (updated) {
      const at = new Date();
      await resolveNotifications(
        tx,
        [`shift_not_checked_in:${shift.id}`],
        (zone) => `${name} marked the shift done at ${formatTimeIn(at, zone)}`,
        at,
      );
    }
    return updated;
  });
  if (!row) throw new AppError('conflict', M.wrongStatus);
  return (await shiftViews(db, [row], () => plan.timeZone))[0]!;
}

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

export { getShiftOption };
