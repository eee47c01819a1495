/**
 * A care plan's team (issue 16): roles, a member's history, invitations and their limits. No zod
 * here: the pages that only show a team read these without loading any schema (issue 35); the
 * invitation's input schema is in care-team.ts, which re-exports all of this.
 */
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

/** What the family is told once an invitation (team or circle) is saved. */
export function invitationSavedMessage(result: { emailed: boolean; mailedRecently: boolean }): string {
  if (result.emailed) return 'Invitation sent.';
  return result.mailedRecently
    ? 'Invitation saved. They were e-mailed about this plan in the last 24 hours, so no new e-mail was sent; they will see it when they sign in.'
    : 'Invitation saved. The e-mail could not be sent; they will see it when they sign in.';
}
