import { z } from 'zod';
import { isoDateSchema } from '../time/date-params';
import { optionalText } from '../validation/optional-text';
import { INVITATION_LIMITS } from '../care-team/care-team';
import { getShiftOption, shiftCodeSchema, type ShiftCode } from '../codes/shifts';
import { CARE_TIME_ZONE, isTimeZone } from '../time/format';

/**
 * Care plans (issue 16): the option sets, the input schemas both sides validate with, and the
 * messages people see about plans, their teams and shifts (care-team/ and shifts/ hold the rest). Shift hours come from the ONE shift list
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
