import { recipientKey } from '@tavara/shared/care-assessment/care-assessment';
import { planAccess } from '@tavara/shared/care-plans/permissions';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { carePlans, careTeamMembers } from '../../db/schema/care-plans';
import { profiles } from '../../db/schema/profiles';
import { familyDetails } from '../../db/schema/registration';
import { AppError } from '../../lib/app-error';

/**
 * Who a family cares for, and who may read a recipient's assessment and story through a plan.
 * There is no recipients table: the family's registration names one person and each care plan
 * names its recipient; assessments and stories are keyed by the same normalised name.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Viewer {
  id: string;
  role?: string | null;
}

export interface KnownRecipient {
  name: string;
  key: string;
  planIds: string[];
}

/** The family's registration row and profile (the assessment's prefill), or nulls. */
export async function loadRegistration(db: Database, familyId: string) {
  const [[details], [profile]] = await Promise.all([
    db.select().from(familyDetails).where(eq(familyDetails.userId, familyId)),
    db.select().from(profiles).where(eq(profiles.id, familyId)),
  ]);
  return { details: details ?? null, profile: profile ?? null };
}

/**
 * The people this family cares for, by key: the registration's recipient first, then each plan's
 * (not archived), then names only saved rows know (`extraNames`). Same key, one person.
 */
export async function knownRecipients(
  db: Database,
  familyId: string,
  registrationName: string | null | undefined,
  extraNames: readonly string[],
): Promise<KnownRecipient[]> {
  const plans = await db
    .select({ id: carePlans.id, recipientName: carePlans.recipientName })
    .from(carePlans)
    .where(and(eq(carePlans.familyId, familyId), isNull(carePlans.archivedAt)))
    .orderBy(carePlans.createdAt);
  const byKey = new Map<string, KnownRecipient>();
  const add = (name: string | null | undefined, planId?: string) => {
    if (!name?.trim()) return;
    const key = recipientKey(name);
    const known = byKey.get(key) ?? { name: name.trim().replace(/\s+/g, ' '), key, planIds: [] };
    if (planId) known.planIds.push(planId);
    byKey.set(key, known);
  };
  add(registrationName);
  for (const plan of plans) add(plan.recipientName, plan.id);
  for (const name of extraNames) add(name);
  return [...byKey.values()];
}

const noPlan = () => new AppError('not_found', 'This care plan was not found, or you do not have access to it.');

/**
 * The plan's family and recipient key, when `viewer` may read the plan: its owner, its accepted
 * members, admins (as for the plan itself). Everyone else is told it does not exist.
 */
export async function planRecipientFor(db: Database, viewer: Viewer, planId: string) {
  if (!UUID.test(planId)) throw noPlan();
  const [plan] = await db
    .select({ familyId: carePlans.familyId, recipientName: carePlans.recipientName })
    .from(carePlans)
    .where(eq(carePlans.id, planId));
  if (!plan) throw noPlan();
  const [membership] = await db
    .select({ status: careTeamMembers.status, kind: careTeamMembers.kind })
    .from(careTeamMembers)
    .where(
      and(
        eq(careTeamMembers.planId, planId),
        eq(careTeamMembers.userId, viewer.id),
        eq(careTeamMembers.status, 'accepted'),
      ),
    )
    .limit(1);
  if (planAccess({ userId: viewer.id, role: viewer.role }, plan, membership ?? null) === 'none') throw noPlan();
  return { familyId: plan.familyId, recipientName: plan.recipientName, key: recipientKey(plan.recipientName) };
}
