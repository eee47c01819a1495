import { z } from 'zod';
import { CARE_PLAN_MESSAGES } from '@tavara/shared/care-plans/plan-codes';
import { isoDateSchema } from '@tavara/shared/time/date-params';

/**
 * The shift dialogs' own checks (shift-dialogs.tsx), beside the shared schemas they also use: a
 * module the dialogs download with their form's first use, so zod and the schedule's schemas are
 * no part of a plan page's or the schedule's start (issue 35).
 */
export {
  generateShiftsInputSchema,
  shiftCancelInputSchema,
  shiftDoneInputSchema,
  shiftEditInputSchema,
  shiftTimesInputSchema,
} from '@tavara/shared/shifts/shifts';

export const assignFormSchema = z.object({
  userId: z.string({ message: 'Choose a team member.' }).min(1, 'Choose a team member.'),
  mode: z.enum(['assign', 'offer']),
});

export const generateFormSchema = z.object({ from: isoDateSchema, to: isoDateSchema }).superRefine((range, ctx) => {
  if (range.to < range.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: CARE_PLAN_MESSAGES.endBeforeStart });
  }
});
