import { INVITATION_LIMITS } from '../care-team/team-members';
import { CARE_TIME_ZONE } from '../time/format';

/**
 * Care plans (issue 16): the option sets and the messages people see about plans, their teams and
 * shifts. No zod here: a page that shows plans reads these without loading any schema (issue 35);
 * the input schemas are in care-plans.ts, which re-exports all of this.
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
