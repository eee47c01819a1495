import { z } from 'zod';
import { isoDateSchema } from '../time/date-params';
import { optionalText } from '../validation/optional-text';
import { getShiftOption, shiftCodeSchema, type ShiftCode } from '../codes/shifts';
import { isTimeZone } from '../time/format';
import { CARE_PLAN_MESSAGES, DEFAULT_TIME_ZONE, PLAN_STATUSES, PLAN_TYPES } from './plan-codes';

export * from './plan-codes';

/**
 * Care plans (issue 16): the input schemas both sides validate with; the option sets and the
 * messages people see are in plan-codes.ts (re-exported here). Shift hours come from the ONE shift
 * list (`codes/shift-options.ts`); nothing here repeats them.
 */

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
