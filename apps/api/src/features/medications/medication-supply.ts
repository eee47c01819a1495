import { daysOfSupply, MEDICATION_MESSAGES as M, type SupplyInput } from '@tavara/shared/medications/medications';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { carePlans } from '../../db/schema/care-plans';
import { medications } from '../../db/schema/medications';
import { AppError } from '../../lib/app-error';
import { notifyAll, type NotificationEvent } from '../../lib/notifications/notify';
import { loadPlanFor } from '../../domain/plan-access';
import { type Viewer } from '../../domain/viewer';

/**
 * Supply and refills (issue 28). A medication may carry how many units are on hand; every dose
 * recorded as given takes `units_per_dose` off (a correction away from "given" puts it back), in
 * the record's own transaction under the medication's row lock. When the supply falls below
 * `refill_threshold_days` days at the schedule's pace, the plan's medication manager (the owner)
 * gets ONE refill reminder: `refill_reminded_at` is claimed by a conditional UPDATE, so two
 * instances scanning at once send one, and recording a refill clears it for the next fall.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Takes `doses` doses off the count (negative gives them back); nothing when it is not counted. */
export async function takeFromSupply(tx: Tx | Database, medicationId: string, doses: number) {
  if (doses === 0) return;
  await tx
    .update(medications)
    .set({
      supplyOnHand: sql`greatest(${medications.supplyOnHand} - ${medications.unitsPerDose} * ${doses}, 0)`,
    })
    .where(and(eq(medications.id, medicationId), isNotNull(medications.supplyOnHand)));
}

/** The owner records what is on hand (a refill, or counting the box): the reminder may come again. */
export async function recordSupply(db: Database, viewer: Viewer, medicationId: string, input: SupplyInput) {
  const [med] = await db
    .select({ planId: medications.planId })
    .from(medications)
    .where(eq(medications.id, medicationId));
  if (!med) throw new AppError('not_found', M.notFound);
  const ctx = await loadPlanFor(db, viewer, med.planId);
  if (ctx.access !== 'owner') throw new AppError('forbidden', M.ownerOnly);
  const [row] = await db
    .update(medications)
    .set({
      supplyOnHand: input.onHand,
      unitsPerDose: input.unitsPerDose,
      refillThresholdDays: input.refillThresholdDays,
      refillRemindedAt: null,
    })
    .where(eq(medications.id, medicationId))
    .returning();
  return supplyView(row!);
}

export function supplyView(med: typeof medications.$inferSelect) {
  return {
    onHand: med.supplyOnHand,
    unitsPerDose: med.unitsPerDose,
    refillThresholdDays: med.refillThresholdDays,
    daysLeft: daysOfSupply(med.supplyOnHand, med.unitsPerDose, med.schedule),
  };
}

/** The scan: counted medications below their threshold, not yet reminded since the last refill. */
export async function scanRefills(db: Database, now = new Date()): Promise<number> {
  const rows = await db
    .select({ med: medications, familyId: carePlans.familyId, recipientName: carePlans.recipientName })
    .from(medications)
    .innerJoin(carePlans, eq(carePlans.id, medications.planId))
    .where(
      and(
        isNotNull(medications.supplyOnHand),
        isNull(medications.refillRemindedAt),
        isNull(medications.stoppedAt),
        isNull(carePlans.archivedAt),
      ),
    );
  const low = rows.filter((r) => {
    const days = daysOfSupply(r.med.supplyOnHand, r.med.unitsPerDose, r.med.schedule);
    return days !== null && days < r.med.refillThresholdDays;
  });
  if (low.length === 0) return 0;
  return db.transaction(async (tx) => {
    const events: NotificationEvent[] = [];
    for (const { med, familyId, recipientName } of low) {
      // One winner per fall: the reminder is claimed before it is written.
      const claimed = await tx
        .update(medications)
        .set({ refillRemindedAt: now })
        .where(and(eq(medications.id, med.id), isNull(medications.refillRemindedAt)))
        .returning({ id: medications.id });
      if (claimed.length === 0) continue;
      const days = daysOfSupply(med.supplyOnHand, med.unitsPerDose, med.schedule)!;
      events.push({
        kind: 'refill_due',
        recipients: [familyId],
        title: `${med.name} for ${recipientName} runs out in about ${days} day${days === 1 ? '' : 's'}: time to refill`,
        body: 'Record the refill on the medications page when you have it.',
        link: `/family/care-management/${med.planId}/medications?tab=medications`,
        about: recipientName,
      });
    }
    return notifyAll(tx, events, now);
  });
}
