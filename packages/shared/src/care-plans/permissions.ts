import type { Role } from '../roles';
import type { MemberKind, MemberStatus } from '../care-team/care-team';
import type { ShiftStatus } from '../shifts/shifts';

/**
 * Who may do what with a care plan, as pure functions the server enforces and the web uses only
 * to hide what the server would refuse (issue 16, "The server decides").
 */
export interface PlanViewer {
  userId: string;
  role: Role | string | null | undefined;
}
export interface PlanOwnerRef {
  familyId: string;
}
/** The viewer's own membership row on the plan, if any. */
export interface MembershipRef {
  status: MemberStatus;
  kind: MemberKind;
}
export interface ShiftRef {
  status: ShiftStatus;
  assigneeId: string | null;
  offeredToId: string | null;
}

export type PlanAccess = 'owner' | 'member' | 'admin' | 'none';

export function planAccess(viewer: PlanViewer, plan: PlanOwnerRef, membership: MembershipRef | null): PlanAccess {
  if (plan.familyId === viewer.userId) return 'owner';
  if (membership?.status === 'accepted') return 'member';
  if (viewer.role === 'admin') return 'admin';
  return 'none';
}

/**
 * Issue 30: the plan's village — its team (owner, accepted members, admins: `planAccess`) plus the
 * accepted members of its care circle. The circle is never more than this: a circle member reaches
 * help requests, updates and shared contacts only, and every route that asks `planAccess` answers
 * them as it answers a stranger. One rule, so a team member is never treated as "only circle".
 */
export type VillageAccess = PlanAccess | 'circle';
export interface CircleMembershipRef {
  status: MemberStatus;
}
export function villageAccess(
  viewer: PlanViewer,
  plan: PlanOwnerRef,
  membership: MembershipRef | null,
  circleMembership: CircleMembershipRef | null,
): VillageAccess {
  const team = planAccess(viewer, plan, membership);
  if (team !== 'none') return team;
  return circleMembership?.status === 'accepted' ? 'circle' : 'none';
}

/** Owner, accepted members and admins see a plan; invited-not-accepted people do not. */
export function canViewPlan(viewer: PlanViewer, plan: PlanOwnerRef, membership: MembershipRef | null): boolean {
  return planAccess(viewer, plan, membership) !== 'none';
}

/** Editing the plan, its team and its shifts is the owner's alone. */
export function canManagePlan(viewer: PlanViewer, plan: PlanOwnerRef): boolean {
  return plan.familyId === viewer.userId;
}

/** Accepted professionals claim open shifts, or shifts offered to them. */
export function canClaimShift(viewer: PlanViewer, membership: MembershipRef | null, shift: ShiftRef): boolean {
  if (membership?.status !== 'accepted' || membership.kind !== 'professional') return false;
  return shift.status === 'open' || (shift.status === 'offered' && shift.offeredToId === viewer.userId);
}

/** Only the assigned caregiver checks in (assigned → in progress) and out (in progress → done). */
export function canCheckIn(viewer: PlanViewer, shift: ShiftRef): boolean {
  return shift.assigneeId === viewer.userId && shift.status === 'assigned';
}
export function canCheckOut(viewer: PlanViewer, shift: ShiftRef): boolean {
  return shift.assigneeId === viewer.userId && shift.status === 'in_progress';
}

/**
 * The owner and relatives on the team mark an assigned or started shift done — also one shown as
 * missed because its caregiver never checked in (they forgot, but came).
 */
export function canMarkShiftDone(
  viewer: PlanViewer,
  plan: PlanOwnerRef,
  membership: MembershipRef | null,
  shift: ShiftRef,
): boolean {
  const family = plan.familyId === viewer.userId || (membership?.status === 'accepted' && membership.kind === 'family');
  const booked =
    shift.status === 'assigned' || shift.status === 'in_progress' || (shift.status === 'missed' && !!shift.assigneeId);
  return family && booked;
}

/** Shifts that are over (done, missed, cancelled) keep their record and are not edited. */
export function isShiftEditable(shift: Pick<ShiftRef, 'status'>): boolean {
  return shift.status === 'open' || shift.status === 'offered' || shift.status === 'assigned';
}
