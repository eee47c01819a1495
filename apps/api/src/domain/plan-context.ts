import type { PlanAccess } from '@tavara/shared/care-plans/permissions';
import type { carePlans, careTeamMembers } from '../db/schema/care-plans';

export type PlanRow = typeof carePlans.$inferSelect;
export type MemberRow = typeof careTeamMembers.$inferSelect;

/** A plan the viewer may see, how (owner, member, admin) and their accepted membership. */
export interface PlanContext {
  plan: PlanRow;
  access: Exclude<PlanAccess, 'none'>;
  membership: MemberRow | null;
}
