import { CARE_PLAN_MESSAGES as M } from '@tavara/shared/care-plans/care-plans';
import { planAccess, villageAccess, type VillageAccess } from '@tavara/shared/care-plans/permissions';
import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { careCircleMembers } from '../db/schema/care-circle';
import { carePlans, careTeamMembers, type shifts } from '../db/schema/care-plans';
import { perDatabase } from '../db/prepared';
import { AppError } from '../lib/app-error';

import type { MemberRow, PlanContext, PlanRow } from './plan-context';
import { type Viewer } from './viewer';

export type { MemberRow, PlanContext, PlanRow };

/**
 * Plan access and membership (issue 33, domain layer): who may see or change a plan. Every feature
 * that reads through a plan (care plans, team, shifts, medications, the people cared for) asks here.
 */

export type ShiftRow = typeof shifts.$inferSelect;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The same answer whether the plan does not exist or the viewer may not see it: no leaks. */
export const noAccess = () => new AppError('not_found', M.noAccess);

/**
 * The reads behind every plan route's access check, prepared (`perDatabase`). `planAccessRead` is
 * the plan with the viewer's accepted team and circle memberships in one statement — the
 * live-membership unique indexes make each join at most one row — so a plan route starts with one
 * round trip, not three. `teamRead` and `circleRead` answer "is this person on it" for others.
 */
/** `table`'s accepted membership of the plan `planId` for the `userId` placeholder. */
const accepted = (table: typeof careTeamMembers | typeof careCircleMembers, planId: SQLWrapper) =>
  and(eq(table.planId, planId), eq(table.userId, sql.placeholder('userId')), eq(table.status, 'accepted'));
const planAccessRead = perDatabase((db) =>
  db
    .select({ plan: carePlans, team: careTeamMembers, circle: careCircleMembers })
    .from(carePlans)
    .leftJoin(careTeamMembers, accepted(careTeamMembers, carePlans.id))
    .leftJoin(careCircleMembers, accepted(careCircleMembers, carePlans.id))
    .where(eq(carePlans.id, sql.placeholder('planId')))
    .limit(1)
    .prepare('tavara_plan_access'),
);
const memberRead = (table: typeof careTeamMembers | typeof careCircleMembers, name: string) =>
  perDatabase((db) =>
    db
      .select()
      .from(table)
      .where(accepted(table, sql.placeholder('planId')))
      .limit(1)
      .prepare(name),
  );
const teamRead = memberRead(careTeamMembers, 'tavara_accepted_team_member');
const circleRead = memberRead(careCircleMembers, 'tavara_accepted_circle_member');

/** The plan by id with `userId`'s accepted team and circle memberships (each null if none), or undefined. */
async function planWithMemberships(db: Database, planId: string, userId: string) {
  const [row] = await planAccessRead(db).execute({ planId, userId });
  return row;
}

/** `userId`'s accepted membership of the plan, or null: the one query behind every "is on the team". */
export async function acceptedMembership(db: Database, planId: string, userId: string): Promise<MemberRow | null> {
  const [row] = await teamRead(db).execute({ planId, userId });
  return (row as MemberRow | undefined) ?? null;
}

/**
 * The plan if `viewer` may see it (owner, accepted member, admin); otherwise "no access". A route
 * declared `plan.member()` / `plan.owner()` (auth/allow.ts) checked this before its handler and
 * the viewer carries the answer: the same plan is not asked for twice in one request.
 */
export async function loadPlanFor(db: Database, viewer: Viewer, planId: string): Promise<PlanContext> {
  if (viewer.checkedPlan?.plan.id === planId) return viewer.checkedPlan;
  if (!UUID.test(planId)) throw noAccess();
  const row = await planWithMemberships(db, planId, viewer.id);
  if (!row) throw noAccess();
  const { plan, team: membership } = row;
  const access = planAccess({ userId: viewer.id, role: viewer.role }, plan, membership);
  if (access === 'none') throw noAccess();
  return { plan, access, membership };
}

export type CircleMemberRow = typeof careCircleMembers.$inferSelect;

/** `userId`'s accepted membership of the plan's care circle (issue 30), or null. */
export async function acceptedCircleMembership(
  db: Database,
  planId: string,
  userId: string,
): Promise<CircleMemberRow | null> {
  const [row] = await circleRead(db).execute({ planId, userId });
  return (row as CircleMemberRow | undefined) ?? null;
}

export interface VillageContext {
  plan: PlanRow;
  access: Exclude<VillageAccess, 'none'>;
  membership: MemberRow | null;
  circleMembership: CircleMemberRow | null;
}

/**
 * The plan if `viewer` is in its village (issue 30): its team as `loadPlanFor` has it, or an
 * accepted member of its care circle. Only the circle's routes (help requests, updates, shared
 * contacts) ask this; everything else asks `loadPlanFor`, which answers a circle member as it
 * answers a stranger.
 */
export async function loadVillagePlan(db: Database, viewer: Viewer, planId: string): Promise<VillageContext> {
  if (!UUID.test(planId)) throw noAccess();
  const row = await planWithMemberships(db, planId, viewer.id);
  if (!row) throw noAccess();
  const { plan, team: membership } = row;
  // A team member is answered as one, whatever else they are.
  const circleMembership = membership ? null : row.circle;
  const access = villageAccess({ userId: viewer.id, role: viewer.role }, plan, membership, circleMembership);
  // An archived plan stays with its family (and admins), as in loadPlanFor's list; its village is closed.
  if (access === 'none' || (plan.archivedAt && access !== 'owner' && access !== 'admin')) throw noAccess();
  return { plan, access, membership, circleMembership };
}

/** The plan if `viewer` owns it; others who may see it are told only the owner can change it. */
export async function loadOwnedPlan(db: Database, viewer: Viewer, planId: string): Promise<PlanRow> {
  const ctx = await loadPlanFor(db, viewer, planId);
  if (ctx.access !== 'owner') throw new AppError('forbidden', M.ownerOnly);
  return ctx.plan;
}
