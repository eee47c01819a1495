import {
  currentPlanFor,
  type AdminInterestResponse,
  type MySubscription,
  type PlanCode,
} from '@tavara/shared/subscriptions/subscriptions';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { user } from '../../db/schema/auth';
import { subscriptionInterest } from '../../db/schema/family-stories';

/** The person's plan (always the free one: nothing can be bought yet) and the plans they asked about. */
export async function mySubscription(
  db: Database,
  userId: string,
  role: string | null | undefined,
): Promise<MySubscription> {
  const rows = await db
    .select()
    .from(subscriptionInterest)
    .where(eq(subscriptionInterest.userId, userId))
    .orderBy(subscriptionInterest.createdAt);
  return {
    currentPlan: currentPlanFor(role).code as PlanCode,
    interests: rows.map((r) => ({ planCode: r.planCode as PlanCode, createdAt: r.createdAt.toISOString() })),
  };
}

/** Registers interest once per person and plan (a second click changes nothing). */
export async function registerInterest(db: Database, userId: string, planCode: PlanCode): Promise<boolean> {
  const inserted = await db
    .insert(subscriptionInterest)
    .values({ userId, planCode })
    .onConflictDoNothing()
    .returning({ planCode: subscriptionInterest.planCode });
  return inserted.length > 0;
}

export async function withdrawInterest(db: Database, userId: string, planCode: string): Promise<void> {
  await db
    .delete(subscriptionInterest)
    .where(and(eq(subscriptionInterest.userId, userId), eq(subscriptionInterest.planCode, planCode)));
}

/** For admins: how many asked for each plan, and who (newest first, the latest 200). */
export async function listInterest(db: Database): Promise<AdminInterestResponse> {
  const [counts, entries] = await Promise.all([
    db
      .select({ planCode: subscriptionInterest.planCode, count: count() })
      .from(subscriptionInterest)
      .groupBy(subscriptionInterest.planCode)
      .orderBy(subscriptionInterest.planCode),
    db
      .select({
        planCode: subscriptionInterest.planCode,
        email: user.email,
        name: user.name,
        role: user.role,
        createdAt: subscriptionInterest.createdAt,
      })
      .from(subscriptionInterest)
      .innerJoin(user, eq(user.id, subscriptionInterest.userId))
      .orderBy(desc(subscriptionInterest.createdAt))
      .limit(200),
  ]);
  return {
    counts: counts.map((c) => ({ planCode: c.planCode as PlanCode, count: c.count })),
    entries: entries.map((e) => ({ ...e, planCode: e.planCode as PlanCode, createdAt: e.createdAt.toISOString() })),
  };
}
