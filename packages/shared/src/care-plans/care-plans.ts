import { z } from 'zod';
import { isoDateSchema, localDateTimeSchema } from '../time/date-params';
import { getShiftOption, shiftCodeSchema, type ShiftCode } from '../codes/shifts';
import { CARE_TIME_ZONE, isTimeZone } from '../time/format';

/**
 * Care plans, care teams and shifts (issue 16): the option sets, the input schemas both sides
 * validate with, and the messages people see. Shift hours come from the ONE shift list
 * (`codes/shifts.ts`); nothing here repeats them.
 */

/** Where a plan's times are shown and its shifts generated unless the family chooses another. */
export const DEFAULT_TIME_ZONE = CARE_TIME_ZONE;

export const PLAN_TYPES = ['scheduled', 'on_demand', 'both'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];
export const PLAN_TYPE_LABELS: Record<PlanType, string> = {
  scheduled: 'Scheduled',
  on_demand: 'On-demand',
  both: 'Scheduled and on-demand',
};

export const PLAN_STATUSES = ['active', 'paused', 'completed'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
export const PLAN_STATUS_LABELS: Record<PlanStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  completed: 'Completed',
};

export const TEAM_ROLES = ['caregiver', 'nurse', 'therapist', 'doctor', 'other', 'family_member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
/** The roles a professional can be invited with; relatives join as `family_member`. */
export const PROFESSIONAL_TEAM_ROLES = ['caregiver', 'nurse', 'therapist', 'doctor', 'other'] as const;
export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  caregiver: 'Caregiver',
  nurse: 'Nurse',
  therapist: 'Therapist',
  doctor: 'Doctor',
  other: 'Other',
  family_member: 'Family member',
};

/** A team member's history: nobody is ever on a team without having accepted. */
export const MEMBER_STATUSES = ['invited', 'accepted', 'declined', 'left', 'removed'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = {
  invited: 'Invited',
  accepted: 'On the team',
  declined: 'Declined',
  left: 'Left the team',
  removed: 'Removed',
};

export const MEMBER_KINDS = ['professional', 'family'] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];

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

/**
 * Issue 32, item 2: how many invitations a family may send in any 24 hours — each can be an
 * e-mail to an address they typed, so without a limit the app sends mail at anyone's will (an
 * audit sent 150 in 2.7 s). A care team is a handful of people; the limits leave room for a
 * family setting up two or three plans in one evening, and withdrawn invitations count too. An
 * address gets at most one invitation e-mail per plan in 24 hours, however often it is withdrawn
 * and invited again (the invitation itself is still made and shown in the app).
 */
export const INVITATION_LIMITS = {
  perPlanPerDay: 20,
  perInviterPerDay: 30,
  mailPerAddressPerPlanHours: 24,
} as const;

export const CARE_PLAN_MESSAGES = {
  noAccess: "You don't have access to this plan",
  notFound: 'This care plan does not exist (any more).',
  shiftNotFound: 'This shift does not exist (any more).',
  ownerOnly: 'Only the family who made this plan can change it.',
  endBeforeStart: 'The end date must be on or after the start date.',
  shiftEndBeforeStart: 'The shift must end after it starts.',
  shiftOutsidePlan: "The shift must fall within the plan's dates.",
  rangeOutsidePlan: "The dates must overlap the plan's dates.",
  rangeTooLong: 'Choose at most 92 days at a time.',
  noCoverage: 'Choose at least one shift in weekday or weekend coverage, or extra shifts.',
  claimLost: 'Someone else took this shift a moment ago.',
  notClaimable: 'This shift is no longer open.',
  notMember: 'Only accepted team members can do this.',
  alreadyInvited: 'This person already has an invitation or is on the team.',
  invitationGone: 'This invitation is no longer open.',
  notAssignee: 'Only the person assigned to this shift can do this.',
  wrongStatus: 'This shift cannot be changed in its current state.',
  planNotActive: 'This plan is not active, so shifts cannot be added or taken.',
  reasonRequired: 'Please give a reason.',
  professionalNotFound: 'We could not find that professional.',
  cannotInviteSelf: 'You are already the owner of this plan.',
  invitationsPerPlanReached: `You have sent ${INVITATION_LIMITS.perPlanPerDay} invitations for this plan in the last 24 hours. Please wait until tomorrow to invite more people.`,
  invitationsPerInviterReached: `You have sent ${INVITATION_LIMITS.perInviterPerDay} invitations in the last 24 hours. Please wait until tomorrow to invite more people.`,
  notFamilyAccount: 'Care plans are made by family accounts.',
} as const;

/** Refusal of an owner's assignment that would silently replace someone who already has the shift. */
export function alreadyAssignedMessage(name: string | null): string {
  return `${name ?? 'Someone'} already has this shift. To give it to someone else, choose Reassign.`;
}

/** Message for an assignment refused because the caregiver already has `clash` at that time. */
export function overlapMessage(clash: { planTitle: string; when: string }): string {
  return `This caregiver already has a shift at that time: ${clash.planTitle}, ${clash.when}.`;
}

// The shared date schemas (issue 32): one supported range for every date the API takes.
export { isoDateSchema, localDateTimeSchema } from '../time/date-params';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));

/** Shift codes a plan can cover on the given days: those whose days fall in them. */
export function shiftCodesFor(days: 'weekday' | 'weekend' | 'any'): ShiftCode[] {
  return shiftCodeSchema.options.filter((code) => {
    const shift = getShiftOption(code)!;
    if (days === 'any') return true;
    if (shift.kind !== 'fixed') return false;
    return days === 'weekend'
      ? shift.days.every((d) => d === 'sat' || d === 'sun')
      : shift.days.every((d) => d !== 'sat' && d !== 'sun');
  });
}

const weekdayCode = z.enum(shiftCodesFor('weekday') as [ShiftCode, ...ShiftCode[]], {
  message: 'Choose a weekday shift from the list.',
});
const weekendCode = z.enum(shiftCodesFor('weekend') as [ShiftCode, ...ShiftCode[]], {
  message: 'Choose a weekend shift from the list.',
});

export const carePlanInputSchema = z
  .object({
    title: z.string().trim().min(1, 'Give the plan a title.').max(120, 'Use at most 120 characters.'),
    description: optionalText(2000),
    recipientName: z
      .string()
      .trim()
      .min(1, 'Enter the name of the person receiving care.')
      .max(120, 'Use at most 120 characters.'),
    planType: z.enum(PLAN_TYPES, { message: 'Choose a plan type.' }),
    weekdayCoverage: z.array(weekdayCode).max(10).default([]),
    weekendCoverage: z.array(weekendCode).max(10).default([]),
    extraShifts: z.array(shiftCodeSchema).max(12).default([]),
    /** The hours, when `other` (custom hours) is among the extra shifts. */
    customHours: optionalText(200),
    startDate: isoDateSchema,
    /** Empty (the form's blank field) or null: care continues. */
    endDate: z
      .union([z.literal(''), isoDateSchema])
      .nullish()
      .transform((value) => value || null),
    notes: optionalText(2000),
    timeZone: z.string().default(DEFAULT_TIME_ZONE).refine(isTimeZone, 'Choose a valid time zone.'),
  })
  .superRefine((plan, ctx) => {
    if (plan.endDate && plan.endDate < plan.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: CARE_PLAN_MESSAGES.endBeforeStart });
    }
    const scheduled = plan.planType !== 'on_demand';
    const fixed = [...plan.weekdayCoverage, ...plan.weekendCoverage, ...plan.extraShifts];
    if (scheduled && fixed.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['weekdayCoverage'], message: CARE_PLAN_MESSAGES.noCoverage });
    }
    if (plan.extraShifts.includes('other') && !plan.customHours) {
      ctx.addIssue({ code: 'custom', path: ['customHours'], message: 'Describe the custom hours.' });
    }
  });
export type CarePlanInput = z.input<typeof carePlanInputSchema>;
export type CarePlan = z.output<typeof carePlanInputSchema>;

export const planStatusInputSchema = z.object({ status: z.enum(PLAN_STATUSES, { message: 'Choose a status.' }) });

export const invitationInputSchema = z
  .object({
    kind: z.enum(MEMBER_KINDS).default('professional'),
    professionalId: z.string().min(1).max(100).optional(),
    email: z.string().trim().toLowerCase().email('Enter a valid e-mail address.').max(254).optional(),
    teamRole: z.enum(TEAM_ROLES, { message: 'Choose a role on the team.' }),
    note: optionalText(500),
  })
  .superRefine((input, ctx) => {
    if (!input.professionalId && !input.email) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'Choose a professional or enter an e-mail address.' });
    }
    if (input.kind === 'family' && input.teamRole !== 'family_member') {
      ctx.addIssue({ code: 'custom', path: ['teamRole'], message: 'Relatives join as family members.' });
    }
    if (input.kind === 'professional' && input.teamRole === 'family_member') {
      ctx.addIssue({ code: 'custom', path: ['teamRole'], message: 'Choose the professional’s role on the team.' });
    }
    if (input.kind === 'family' && input.professionalId) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'Invite a relative by e-mail.' });
    }
  });
export type InvitationInput = z.input<typeof invitationInputSchema>;

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

export const shiftDoneInputSchema = z.object({ note: optionalText(1000) });
