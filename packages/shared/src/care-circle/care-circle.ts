import { z } from 'zod';
import { localDateTimeSchema } from '../time/date-params';
import { optionalText } from '../validation/optional-text';

/**
 * A plan's care circle (issue 30): the relatives, friends and neighbours who help beside the care
 * team. Circle members see the plan's help requests (and, later, its updates and shared contacts),
 * never its medications, doses, assessment or care details. Invitations follow the team's rules
 * (care-team.ts: INVITATION_LIMITS, one e-mail per address and plan in 24 hours).
 */

export const CIRCLE_STATUSES = ['invited', 'accepted', 'declined', 'left', 'removed'] as const;
export type CircleStatus = (typeof CIRCLE_STATUSES)[number];
export const CIRCLE_STATUS_LABELS: Record<CircleStatus, string> = {
  invited: 'Invited',
  accepted: 'In the circle',
  declined: 'Declined',
  left: 'Left the circle',
  removed: 'Removed',
};

export const CIRCLE_MESSAGES = {
  invitationGone: 'This invitation is no longer open.',
  alreadyInvited: 'This person is already invited to the circle or in it.',
  alreadyOnTeam: 'This person is already on the care team, which sees everything the circle sees.',
  notInCircle: 'This person is no longer in the circle.',
  requestGone: 'This help request is no longer open.',
  slotsFull: 'Enough helpers have signed up already. Thank you for offering.',
  alreadySignedUp: 'You have already signed up for this.',
  signupGone: 'This sign-up is no longer active.',
  requestOver: 'This help request is over.',
} as const;

export const circleInvitationInputSchema = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid e-mail address.').max(254),
  note: optionalText(500),
});
export type CircleInvitationInput = z.input<typeof circleInvitationInputSchema>;

// ——— help requests ———

export const HELP_KINDS = ['meal', 'ride', 'visit', 'errand', 'pharmacy', 'home_help', 'other'] as const;
export type HelpKind = (typeof HELP_KINDS)[number];
export const HELP_KIND_LABELS: Record<HelpKind, string> = {
  meal: 'Meal',
  ride: 'Ride to an appointment',
  visit: 'Visit or company',
  errand: 'Errand or shopping',
  pharmacy: 'Pharmacy pick-up',
  home_help: 'Home help',
  other: 'Other',
};

export const HELP_REQUEST_STATUSES = ['open', 'cancelled'] as const;
export type HelpRequestStatus = (typeof HELP_REQUEST_STATUSES)[number];
export const SIGNUP_STATUSES = ['coming', 'cancelled', 'done'] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];
export const SIGNUP_STATUS_LABELS: Record<SignupStatus, string> = {
  coming: 'Coming',
  cancelled: 'Cancelled',
  done: 'Done',
};
export const MAX_HELPERS = 10;

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
