import type { MembershipRef } from '@tavara/shared/care-plans/permissions';
import type { PlanDetail } from './plan-queries';

/**
 * How the viewer stands to a plan, as its page shows it (the server checks every request; these
 * only decide what the page offers). One place for the tabs of care-plans, care-team and shifts.
 */
type PlanAccess = Pick<PlanDetail, 'access' | 'myMembership'>;

/** The family who made the plan: edits it, invites, makes and changes shifts. */
export const isPlanOwner = (data: Pick<PlanDetail, 'access'>): boolean => data.access === 'owner';

/** A relative on the team (not the owner): may mark a shift done. */
export const isPlanRelative = (data: PlanAccess): boolean => !isPlanOwner(data) && data.myMembership?.kind === 'family';

/** The viewer's accepted membership in the shape the shared permission rules take, or null. */
export const membershipOf = (data: PlanAccess): MembershipRef | null =>
  data.myMembership ? { status: 'accepted', kind: data.myMembership.kind } : null;
