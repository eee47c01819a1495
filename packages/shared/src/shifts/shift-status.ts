/**
 * A care plan's shifts (issue 16): statuses and their messages. No zod here: the pages that show
 * shifts read these without loading any schema (issue 35); the schedule's input schemas are in
 * shifts.ts, which re-exports all of this.
 */
export const SHIFT_STATUSES = ['open', 'offered', 'assigned', 'in_progress', 'done', 'missed', 'cancelled'] as const;
export type ShiftStatus = (typeof SHIFT_STATUSES)[number];
export const SHIFT_STATUS_LABELS: Record<ShiftStatus, string> = {
  open: 'Open',
  offered: 'Offered',
  assigned: 'Assigned',
  in_progress: 'In progress',
  done: 'Done',
  missed: 'Missed',
  cancelled: 'Cancelled',
};
/** Statuses of a shift that is still to happen (or happening): it can be taken, edited or cancelled. */
const LIVE_SHIFT_STATUSES: readonly ShiftStatus[] = ['open', 'offered', 'assigned'];

/**
 * A shift's status as everyone sees it: one whose end has passed while it was still open, offered
 * or assigned (nobody checked in) is missed. Derived on every read instead of written by a job, so
 * the plan, the schedule, the dashboards and the calendar feed can never disagree or lag.
 */
export function effectiveShiftStatus(
  shift: { status: ShiftStatus; endsAt: Date | string },
  now: Date = new Date(),
): ShiftStatus {
  if (!LIVE_SHIFT_STATUSES.includes(shift.status)) return shift.status;
  return new Date(shift.endsAt).getTime() <= now.getTime() ? 'missed' : shift.status;
}

/** Statuses in which a shift occupies its caregiver: the database refuses two that overlap. */
export const BOOKED_SHIFT_STATUSES = ['assigned', 'in_progress', 'done'] as const satisfies readonly ShiftStatus[];

/** Refusal of an owner's assignment that would silently replace someone who already has the shift. */
export function alreadyAssignedMessage(name: string | null): string {
  return `${name ?? 'Someone'} already has this shift. To give it to someone else, choose Reassign.`;
}

/** Message for an assignment refused because the caregiver already has `clash` at that time. */
export function overlapMessage(clash: { planTitle: string; when: string }): string {
  return `This caregiver already has a shift at that time: ${clash.planTitle}, ${clash.when}.`;
}
