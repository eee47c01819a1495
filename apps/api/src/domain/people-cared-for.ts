import { recipientKey } from '@tavara/shared/care-assessment/care-assessment';
import { planAccess } from '@tavara/shared/care-plans/permissions';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { carePlans } from '../db/schema/care-plans';
import { profiles } from '../db/schema/profiles';
import { familyDetails } from '../db/schema/registration';
import { AppError } from '../lib/app-error';
import { acceptedMembership, UUID } from './plan-access';
import type { Viewer as FullViewer } from './viewer';

/**
 * Who a family cares for, and who may read a recipient's assessment and story through a plan.
 * There is no recipients table: the family's registration names one person and each care plan
 * names its recipient; assessments and stories are keyed by the same normalised name.
 */

/** Who asks, as far as the people cared for need to know. */
export type Viewer = Pick<FullViewer, 'id' | 'role'>;

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
  const membership = await acceptedMembership(db, planId, viewer.id);
  if (planAccess({ userId: viewer.id, role: viewer.role }, plan, membership) === 'none') throw noPlan();
  return { familyId: plan.familyId, recipientName: plan.recipientName, key: recipientKey(plan.recipientName) };
}
