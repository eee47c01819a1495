import { z } from 'zod';
import { localDateTimeSchema } from '../time/date-params';
import { optionalText } from '../validation/optional-text';
import { HELP_KINDS, MAX_HELPERS } from './circle-codes';

export * from './circle-codes';

/**
 * A plan's care circle (issue 30): the relatives, friends and neighbours who help beside the care
 * team. Circle members see the plan's help requests (and, later, its updates and shared contacts),
 * never its medications, doses, assessment or care details. Invitations follow the team's rules
 * (care-team.ts: INVITATION_LIMITS, one e-mail per address and plan in 24 hours).
 */

export const circleInvitationInputSchema = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid e-mail address.').max(254),
  note: optionalText(500),
});
export type CircleInvitationInput = z.input<typeof circleInvitationInputSchema>;

/** Times are plan-local `YYYY-MM-DDTHH:MM`; the server turns them into instants in the plan's zone. */
export const helpRequestInputSchema = z
  .object({
    kind: z.enum(HELP_KINDS, { message: 'Choose the kind of help.' }),
    title: z.string().trim().min(1, 'Say in a few words what is needed.').max(120, 'Use at most 120 characters.'),
    start: localDateTimeSchema,
    end: localDateTimeSchema,
    place: optionalText(300),
    notes: optionalText(1000),
    helpersNeeded: z.coerce
      .number({ message: 'Enter how many helpers are needed.' })
      .int('Enter a whole number.')
      .min(1, 'At least one helper.')
      .max(MAX_HELPERS, `At most ${MAX_HELPERS} helpers.`),
    /** Made once per form: the same key twice is the same request (a retry), posted once. */
    clientKey: z.uuid().optional(),
  })
  .superRefine((input, ctx) => {
    if (input.end <= input.start) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'The end must be after the start.' });
    }
  });
export type HelpRequestInput = z.input<typeof helpRequestInputSchema>;

export const helpCancelInputSchema = z.object({ note: optionalText(500) });
export const helpThanksInputSchema = z.object({ message: optionalText(300) });
