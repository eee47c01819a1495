import { CARE_PLAN_MESSAGES as M } from '@tavara/shared/care-plans/care-plans';
import { planAccess, villageAccess, type VillageAccess } from '@tavara/shared/care-plans/permissions';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { careCircleMembers } from '../db/schema/care-circle';
import { carePlans, careTeamMembers, type shifts } from '../db/schema/care-plans';
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
 * The three reads behind every plan route's access check — the plan, the viewer's team membership,
 * their circle membership — built once per database handle and prepared once per connection
 * (named statements): drizzle otherwise builds each statement anew, about half a millisecond of
 * CPU apiece on a 2-core machine, and PostgreSQL parses and plans it again (decision 044). A
 * transaction gets its own, so its reads stay on its connection.
 */
const ACCESS_READS = {
  plan: (db: Database) =>
    db
      .select()
      .from(carePlans)
      .where(eq(carePlans.id, sql.placeholder('planId')))
      .prepare('tavara_plan_by_id'),
  team: (db: Database) =>
    db
      .select()
      .from(careTeamMembers)
      .where(
        and(
          eq(careTeamMembers.planId, sql.placeholder('planId')),
          eq(careTeamMembers.userId, sql.placeholder('userId')),
          eq(careTeamMembers.status, 'accepted'),
        ),
      )
      .limit(1)
      .prepare('tavara_accepted_team_member'),
  circle: (db: Database) =>
    db
      .select()
      .from(careCircleMembers)
      .where(
        and(
          eq(careCircleMembers.planId, sql.placeholder('planId')),
          eq(careCircleMembers.userId, sql.placeholder('userId')),
          eq(careCircleMembers.status, 'accepted'),
        ),
      )
      .limit(1)
      .prepare('tavara_accepted_circle_member'),
};
type AccessReads = { [K in keyof typeof ACCESS_READS]?: ReturnType<(typeof ACCESS_READS)[K]> };

const accessReadsByDb = new WeakMap<Database, AccessReads>();
/** `db`'s prepared `name`, built at its first use on that handle. */
function accessRead<K extends keyof typeof ACCESS_READS>(db: Database, name: K): ReturnType<(typeof ACCESS_READS)[K]> {
  let reads = accessReadsByDb.get(db);
  if (!reads) accessReadsByDb.set(db, (reads = {}));
  return (reads[name] ??= ACCESS_READS[name](db) as AccessReads[K]) as ReturnType<(typeof ACCESS_READS)[K]>;
}

/** The plan by id, or undefined. */
async function planById(db: Database, planId: string): Promise<PlanRow | undefined> {
  const [plan] = await accessRead(db, 'plan').execute({ planId });
  return plan;
}

/** `userId`'s accepted membership of the plan, or null: the one query behind every "is on the team". */
export async function acceptedMembership(db: Database, planId: string, userId: string): Promise<MemberRow | null> {
  const [row] = await accessRead(db, 'team').execute({ planId, userId });
  return row ?? null;
}

/**
 * The plan if `viewer` may see it (owner, accepted member, admin); otherwise "no access". A route
 * declared `plan.member()` / `plan.owner()` (auth/allow.ts) checked this before its handler and
 * the viewer carries the answer: the same plan is not asked for twice in one request.
 */
export async function loadPlanFor(db: Database, viewer: Viewer, planId: string): Promise<PlanContext> {
  if (viewer.checkedPlan?.plan.id === planId) return viewer.checkedPlan;
  if (!UUID.test(planId)) throw noAccess();
  const plan = await planById(db, planId);
  if (!plan) throw noAccess();
  const membership = await acceptedMembership(db, planId, viewer.id);
  const access = planAccess({ userId: viewer.id, role: viewer.role }, plan, membership ?? null);
  if (access === 'none') throw noAccess();
  return { plan, access, membership: membership ?? null };
}

export type CircleMemberRow = typeof careCircleMembers.$inferSelect;

/** `userId`'s accepted membership of the plan's care circle (issue 30), or null. */
export async function acceptedCircleMembership(
  db: Database,
  planId: string,
  userId: string,
): Promise<CircleMemberRow | null> {
  const [row] = await accessRead(db, 'circle').execute({ planId, userId });
  return row ?? null;
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
  const plan = await planById(db, planId);
  if (!plan) throw noAccess();
  const membership = await acceptedMembership(db, planId, viewer.id);
  const circleMembership = membership ? null : await acceptedCircleMembership(db, planId, viewer.id);
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
