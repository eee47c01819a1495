import { FORMER_TEAM_MEMBER } from '@tavara/shared/account/account';
import { effectiveShiftStatus } from '@tavara/shared/shifts/shifts';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { perDatabase } from '../db/prepared';
import { shifts } from '../db/schema/care-plans';
import { addLocalDays, instantToLocal, localDateOf, localToInstant, weekStart } from './plan-time';

import { type PlanRow, type ShiftRow } from './plan-access';
import { peopleByIds, personNameOf } from './people';

/** A plan's shifts as people see them: read by the plan, the schedule, the team and the dashboards. */
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

export async function shiftViews(db: Database, rows: ShiftRow[], zoneOf: (row: ShiftRow) => string) {
  const names = await peopleByIds(
    db,
    rows.flatMap((r) => [r.assigneeId, r.offeredToId]).filter((id): id is string => id !== null),
  );
  return rows.map((r) => shiftView(r, zoneOf(r), names));
}

/** The plan-local range [from, to] as instants: from's midnight to the midnight after `to`. */
export function rangeInstants(from: string, to: string, zone: string) {
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

/**
 * A shift with the names of whoever has it and whoever it is offered to, as columns of the
 * statement that reads it (`personNameOf`): select these, then `namedShiftViews`.
 */
export const shiftWithNames = {
  shift: shifts,
  assigneeName: personNameOf(sql`${shifts}.${sql.identifier('assignee_id')}`, 'assignee'),
  offeredToName: personNameOf(sql`${shifts}.${sql.identifier('offered_to_id')}`, 'offered_to'),
};

export function namedShiftViews(
  rows: Array<{ shift: ShiftRow; assigneeName: string | null; offeredToName: string | null }>,
  zoneOf: (row: ShiftRow) => string,
) {
  const names = new Map<string, { name: string }>();
  for (const { shift, assigneeName, offeredToName } of rows) {
    if (shift.assigneeId && assigneeName !== null) names.set(shift.assigneeId, { name: assigneeName });
    if (shift.offeredToId && offeredToName !== null) names.set(shift.offeredToId, { name: offeredToName });
  }
  return rows.map(({ shift }) => shiftView(shift, zoneOf(shift), names));
}

/**
 * A plan's shifts that overlap [start, end) with their people's names, one prepared statement
 * (`perDatabase`): the plan's and the team's daily read.
 */
const planShiftsRead = perDatabase((db) =>
  db
    .select(shiftWithNames)
    .from(shifts)
    .where(
      and(
        eq(shifts.planId, sql.placeholder('planId')),
        lt(shifts.startsAt, sql.placeholder('end')),
        gte(shifts.endsAt, sql.placeholder('start')),
      ),
    )
    .orderBy(asc(shifts.startsAt))
    .prepare('tavara_plan_shifts_in_range'),
);

export async function listPlanShifts(db: Database, plan: Pick<PlanRow, 'id' | 'timeZone'>, from: string, to: string) {
  const { start, end } = rangeInstants(from, to, plan.timeZone);
  const rows = await planShiftsRead(db).execute({
    planId: plan.id,
    start: start.toISOString(),
    end: end.toISOString(),
  });
  return namedShiftViews(rows, () => plan.timeZone);
}

/** "Tuesday 6 PM–8 AM: nobody assigned" for each upcoming shift in the list that has nobody. */
export function coverageGaps(list: ShiftView[], now = new Date()) {
  return list
    .filter((s) => (s.status === 'open' || s.status === 'offered') && new Date(s.endsAt) > now)
    .map((s) => ({ shiftId: s.id, start: s.start, end: s.end, status: s.status }));
}

/** The range generation uses when none is chosen: 4 weeks from today or the plan's start, within its dates. */
export function defaultGenerateRange(plan: PlanRow) {
  const today = localDateOf(new Date(), plan.timeZone);
  const from = today > plan.startDate ? today : plan.startDate;
  const to = addLocalDays(from, 27, plan.timeZone);
  return { from, to: plan.endDate && to > plan.endDate ? plan.endDate : to };
}
