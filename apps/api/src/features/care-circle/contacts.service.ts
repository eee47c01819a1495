import { CARE_PLAN_MESSAGES as M } from '@tavara/shared/care-plans/care-plans';
import { recipientKey } from '@tavara/shared/care-assessment/care-assessment';
import {
  contactCardFor,
  DEFAULT_CONTACT_SHARING,
  type ContactCard,
  type ContactSharing,
} from '@tavara/shared/care-circle/contacts';
import { getCodeLabel } from '@tavara/shared/codes/code-option';
import { RELATIONSHIP_OPTIONS } from '@tavara/shared/codes/relationship';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contactSharing } from '../../db/schema/care-circle';
import { shifts } from '../../db/schema/care-plans';
import { careAssessments } from '../../db/schema/family-stories';
import { loadVillagePlan, type PlanRow } from '../../domain/plan-access';
import type { Viewer } from '../../domain/viewer';
import { AppError } from '../../lib/app-error';

/**
 * The contact card (issue 30, item 5; the rule is `contactCardFor` in packages/shared). The
 * contacts and the care address are read from the recipient's care assessment each time — the
 * family edits them in one place — and the family's choice from `care_plan_contact_sharing`.
 */

async function sharingOf(db: Database, planId: string): Promise<ContactSharing> {
  const [row] = await db.select().from(contactSharing).where(eq(contactSharing.planId, planId));
  return row?.sharing ?? DEFAULT_CONTACT_SHARING;
}

async function sourcesOf(db: Database, plan: PlanRow) {
  const [row] = await db
    .select({ answers: careAssessments.answers })
    .from(careAssessments)
    .where(
      and(
        eq(careAssessments.familyId, plan.familyId),
        eq(careAssessments.recipientKey, recipientKey(plan.recipientName)),
      ),
    );
  const text = (section: string, field: string) => {
    const value = row?.answers[section]?.[field];
    return typeof value === 'string' && value.trim() ? value.trim() : null;
  };
  const relationship = text('emergency', 'contact_relationship');
  return {
    primary: {
      name: text('basic', 'primary_contact_name'),
      phone: text('basic', 'primary_contact_phone'),
      relationship: null,
    },
    emergency: {
      name: text('emergency', 'contact_name'),
      phone: text('emergency', 'contact_phone'),
      relationship: relationship ? (getCodeLabel(RELATIONSHIP_OPTIONS, relationship) ?? null) : null,
    },
    address: text('basic', 'care_address'),
  };
}

/** Whether `userId` has a shift on the plan that is assigned to them and has not ended. */
async function onShift(db: Database, planId: string, userId: string, now: Date) {
  const [row] = await db
    .select({ id: shifts.id })
    .from(shifts)
    .where(
      and(
        eq(shifts.planId, planId),
        eq(shifts.assigneeId, userId),
        inArray(shifts.status, ['assigned', 'in_progress']),
        gt(shifts.endsAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function contactCard(
  db: Database,
  viewer: Viewer,
  planId: string,
  now = new Date(),
): Promise<ContactCard> {
  const { plan, access } = await loadVillagePlan(db, viewer, planId);
  const [sharing, sources, shift] = await Promise.all([
    sharingOf(db, planId),
    sourcesOf(db, plan),
    access === 'member' ? onShift(db, planId, viewer.id, now) : Promise.resolve(false),
  ]);
  return contactCardFor(access, shift, sharing, sources);
}

/** The family's choice; only the owner makes it. One row per plan, replaced whole. */
export async function setContactSharing(db: Database, viewer: Viewer, planId: string, sharing: ContactSharing) {
  const { access } = await loadVillagePlan(db, viewer, planId);
  if (access !== 'owner') throw new AppError('forbidden', M.ownerOnly);
  await db
    .insert(contactSharing)
    .values({ planId, sharing })
    .onConflictDoUpdate({ target: contactSharing.planId, set: { sharing, updatedAt: new Date() } });
  return contactCard(db, viewer, planId);
}
