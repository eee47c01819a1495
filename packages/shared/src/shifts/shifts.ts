import { z } from 'zod';
import { CARE_PLAN_MESSAGES } from '../care-plans/plan-codes';
import { localDateTimeSchema, isoDateSchema } from '../time/date-params';
import { offlineFieldsSchema } from '../offline/offline-work.schema';
import { optionalText } from '../validation/optional-text';

export * from './shift-status';

/** The schedule's input schemas (issue 16); statuses and messages are in shift-status.ts. */

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
