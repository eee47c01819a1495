import {
  alreadyAssignedMessage,
  BOOKED_SHIFT_STATUSES,
  effectiveShiftStatus,
  MAX_GENERATE_DAYS,
  overlapMessage,
  type generateShiftsInputSchema,
} from '@tavara/shared/shifts/shifts';
import { CARE_PLAN_MESSAGES as M } from '@tavara/shared/care-plans/care-plans';
import { canClaimShift, canMarkShiftDone, isShiftEditable } from '@tavara/shared/care-plans/permissions';
import { formatPlanShortDay, formatPlanTimeRange } from '@tavara/shared/time/format';
import { formatTimeIn } from '@tavara/shared/time/relative';
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { carePlans, shifts } from '../../db/schema/care-plans';
import { AppError } from '../../lib/app-error';
import { notify, resolveNotifications, type NotificationEvent } from '../../lib/notifications/notify';
import {
  addLocalDays,
  generateShiftTimes,
  instantToLocal,
  localDateOf,
  localToInstant,
  shiftStartLabel,
} from '../../domain/plan-time';

import { type Viewer } from '../../domain/viewer';
import {
  UUID,
  loadPlanFor,
  loadOwnedPlan,
  acceptedMembership,
  type PlanRow,
  type ShiftRow,
} from '../../domain/plan-access';
import { peopleByIds } from '../../domain/people';
import { ownerPlanLink, PRO_SCHEDULE, memberLink, notifyEach } from '../../domain/plan-notifications';
import { shiftViews, defaultGenerateRange } from '../../domain/plan-shifts';
import { pgErrorCode, EXCLUSION_VIOLATION } from '../../lib/pg-error';
import { occurredInstant } from '../../domain/offline-work';
import { OFFLINE_MESSAGES } from '@tavara/shared/offline/offline-work';

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
    const member = await acceptedMembership(db, plan.id, input.userId);
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

/** Sent from a device that was offline (issue 29): its key for this step and when it happened. */
export interface OfflineStep {
  clientKey?: string | undefined;
  occurredAt?: string | undefined;
}

/**
 * Why the assignee cannot check in or out of this shift any more, in words a carer whose phone
 * was offline can act on: cancelled, or given to someone else meanwhile.
 */
function assertStillAssignee(shift: { status: string; assigneeId: string | null }, viewer: Viewer) {
  if (shift.status === 'cancelled') throw new AppError('conflict', OFFLINE_MESSAGES.shiftCancelled);
  if (shift.assigneeId !== viewer.id)
    throw new AppError('forbidden', shift.assigneeId ? OFFLINE_MESSAGES.shiftReassigned : M.notAssignee);
}

/**
 * Checks the assignee in, at `occurredAt` when it was recorded on a device without a connection.
 * A replay of the same device key answers with the shift as that check-in left it.
 */
export async function checkIn(db: Database, viewer: Viewer, shiftId: string, step: OfflineStep = {}, now = new Date()) {
  const { shift, plan } = await loadShiftFor(db, viewer, shiftId);
  if (step.clientKey && shift.checkInKey === step.clientKey && shift.assigneeId === viewer.id)
    return (await shiftViews(db, [shift], () => plan.timeZone))[0]!;
  assertStillAssignee(shift, viewer);
  const at = occurredInstant(step.occurredAt, now);
  const name = (await peopleByIds(db, [viewer.id])).get(viewer.id)?.name ?? 'The caregiver';
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(shifts)
      .set({ status: 'in_progress', checkedInAt: at, checkInKey: step.clientKey ?? null })
      .where(
        and(
          eq(shifts.id, shift.id),
          eq(shifts.assigneeId, viewer.id),
          eq(shifts.status, 'assigned'),
          // Offline, the check-in counts when it happened: before the shift ended.
          gt(shifts.endsAt, at),
        ),
      )
      .returning();
    // The "nobody has checked in" alert is no longer true: resolved, its waiting mail and push cancelled.
    if (updated) {
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

export async function checkOut(
  db: Database,
  viewer: Viewer,
  shiftId: string,
  note: string | null,
  step: OfflineStep = {},
  now = new Date(),
) {
  const { shift, plan } = await loadShiftFor(db, viewer, shiftId);
  if (step.clientKey && shift.checkOutKey === step.clientKey && shift.assigneeId === viewer.id)
    return (await shiftViews(db, [shift], () => plan.timeZone))[0]!;
  assertStillAssignee(shift, viewer);
  const at = occurredInstant(step.occurredAt, now);
  const [row] = await db
    .update(shifts)
    .set({ status: 'done', checkedOutAt: at, doneNote: note, doneById: viewer.id, checkOutKey: step.clientKey ?? null })
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
