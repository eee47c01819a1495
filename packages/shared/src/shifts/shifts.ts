import { z } from 'zod';
import { CARE_PLAN_MESSAGES } from '../care-plans/care-plans';
import { localDateTimeSchema, isoDateSchema } from '../time/date-params';
import { offlineFieldsSchema } from '../offline/offline-work.schema';
import { optionalText } from '../validation/optional-text';

/** A care plan's shifts (issue 16): statuses, the schedule's input schemas and their messages. */

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

export const MAX_GENERATE_DAYS = 92;
export const generateShiftsInputSchema = z
  .object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() })
  .superRefine((range, ctx) => {
    if (range.from && range.to && range.to < range.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: CARE_PLAN_MESSAGES.endBeforeStart });
    }
  });

export const shiftTimesInputSchema = z
  .object({ start: localDateTimeSchema, end: localDateTimeSchema, note: optionalText(500) })
  .superRefine((shift, ctx) => {
    if (shift.end <= shift.start) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: CARE_PLAN_MESSAGES.shiftEndBeforeStart });
    }
  });

export const shiftEditInputSchema = z
  .object({
    start: localDateTimeSchema,
    end: localDateTimeSchema,
    reason: z.string().trim().min(1, CARE_PLAN_MESSAGES.reasonRequired).max(500),
  })
  .superRefine((shift, ctx) => {
    if (shift.end <= shift.start) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: CARE_PLAN_MESSAGES.shiftEndBeforeStart });
    }
  });

export const shiftCancelInputSchema = z.object({
  reason: z.string().trim().min(1, CARE_PLAN_MESSAGES.reasonRequired).max(500),
});

export const shiftAssignInputSchema = z.object({
  /** The accepted team member (user id); `null` makes the shift open again. */
  userId: z.string().min(1).max(100).nullable(),
  /** `offer` asks the member to take it; `assign` books them at once. */
  mode: z.enum(['assign', 'offer']).default('assign'),
  /**
   * The owner knowingly replaces the person who has the shift. Without it an assigned shift is
   * left alone, so a claim that just succeeded is never overwritten unseen.
   */
  reassign: z.boolean().default(false),
});

export const shiftDoneInputSchema = z.object({ note: optionalText(1000), ...offlineFieldsSchema.shape });
/** A check-in; from a device that was offline, with its key and the instant it happened (issue 29). */
export const shiftCheckInInputSchema = offlineFieldsSchema;
