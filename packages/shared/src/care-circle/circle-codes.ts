/**
 * A plan's care circle (issue 30): statuses, help kinds and messages. No zod here: the pages that
 * show circles and help requests read these without loading any schema (issue 35); the input
 * schemas are in care-circle.ts, which re-exports all of this.
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
