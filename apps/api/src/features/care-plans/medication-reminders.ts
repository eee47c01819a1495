import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { carePlans, shifts } from '../../db/schema/care-plans';
import { doseRecords, medications } from '../../db/schema/medications';
import { notifications } from '../../db/schema/notifications';
import { notifyAll, type NotificationEvent } from '../../lib/notifications/notify';
import { doseContext, dosesIn, localOf } from './medication-doses';

/**
 * Dose reminders (issue 18 on the medications of issue 17), found by the notification worker's
 * scan on every instance: a dose due now tells the person on shift at that moment (or the family
 * owner when nobody is); a dose with no record 30 minutes after it was due tells the family
 * owner. Each dose's dedupe key (`dose_due:{medication}:{instant}`) makes it once per person,
 * however many instances scan and however often.
 */

/** A due reminder is sent for doses due up to this long ago (a restart does not lose one). */
const DUE_LOOK_BACK_MS = 60 * 60_000;
export const MISSED_AFTER_MS = 30 * 60_000;
/** Older unrecorded doses are history (the adherence report shows them), not reminders. */
const MISSED_LOOK_BACK_MS = 12 * 60 * 60_000;

export async function scanDoseReminders(db: Database, now = new Date()): Promise<number> {
  const meds = await db
    .select({
      id: medications.id,
      planId: medications.planId,
      name: medications.name,
      schedule: medications.schedule,
      startDate: medications.startDate,
      endDate: medications.endDate,
      zone: carePlans.timeZone,
      familyId: carePlans.familyId,
      title: carePlans.title,
    })
    .from(medications)
    .innerJoin(carePlans, eq(carePlans.id, medications.planId))
    .where(and(isNull(medications.stoppedAt), isNull(carePlans.archivedAt), eq(carePlans.status, 'active')));
  if (meds.length === 0) return 0;

  const earliest = new Date(now.getTime() - MISSED_LOOK_BACK_MS);
  type Found = { med: (typeof meds)[number]; at: Date; local: string; kind: 'dose_due' | 'dose_missed' };
  const found: Found[] = [];
  for (const med of meds) {
    if (med.schedule.kind !== 'times') continue;
    const from = localOf(earliest, med.zone).slice(0, 10);
    const to = localOf(now, med.zone).slice(0, 10);
    for (const dose of dosesIn(med.schedule, med, doseContext(from, to, med.zone))) {
      const age = now.getTime() - dose.at.getTime();
      if (age >= 0 && age < DUE_LOOK_BACK_MS) found.push({ med, at: dose.at, local: dose.local, kind: 'dose_due' });
      if (age >= MISSED_AFTER_MS && age < MISSED_LOOK_BACK_MS)
        found.push({ med, at: dose.at, local: dose.local, kind: 'dose_missed' });
    }
  }
  if (found.length === 0) return 0;
  const keyOf = (f: Found) => `${f.kind}:${f.med.id}:${f.at.getTime()}`;

  // Skip what was already told (the common case on every scan after the first) and missed doses
  // that have a record after all.
  const [told, records] = await Promise.all([
    db
      .select({ key: notifications.dedupeKey })
      .from(notifications)
      .where(inArray(notifications.dedupeKey, [...new Set(found.map(keyOf))])),
    db
      .select({ medicationId: doseRecords.medicationId, at: doseRecords.scheduledFor })
      .from(doseRecords)
      .where(
        and(
          inArray(doseRecords.medicationId, [...new Set(found.map((f) => f.med.id))]),
          isNull(doseRecords.supersededAt),
          sql`${doseRecords.scheduledFor} >= ${earliest.toISOString()}`,
        ),
      ),
  ]);
  const toldKeys = new Set(told.map((t) => t.key));
  const recorded = new Set(records.map((r) => `${r.medicationId}:${r.at?.getTime()}`));
  const pending = found.filter(
    (f) => !toldKeys.has(keyOf(f)) && !(f.kind === 'dose_missed' && recorded.has(`${f.med.id}:${f.at.getTime()}`)),
  );
  if (pending.length === 0) return 0;

  // Who is on shift at each due dose: an assigned or checked-in shift of the plan covering it.
  const due = pending.filter((f) => f.kind === 'dose_due');
  const onShift = new Map<string, string>();
  for (const f of due) {
    const [shift] = await db
      .select({ assigneeId: shifts.assigneeId })
      .from(shifts)
      .where(
        and(
          eq(shifts.planId, f.med.planId),
          inArray(shifts.status, ['assigned', 'in_progress']),
          lte(shifts.startsAt, f.at),
          sql`${shifts.endsAt} > ${f.at.toISOString()}`,
        ),
      )
      .limit(1);
    if (shift?.assigneeId) onShift.set(keyOf(f), shift.assigneeId);
  }

  const time = (f: Found) => f.local.slice(11, 16);
  const events: NotificationEvent[] = pending.map((f) => {
    const carer = onShift.get(keyOf(f));
    if (f.kind === 'dose_due') {
      return {
        kind: 'dose_due',
        recipients: [carer ?? f.med.familyId],
        title: `${f.med.name} is due at ${time(f)} (${f.med.title})`,
        body: 'Record it on the plan’s medications page once it is given.',
        link: carer
          ? `/professional/assignments/${f.med.planId}`
          : `/family/care-management/${f.med.planId}/medications`,
        dedupeKey: keyOf(f),
      };
    }
    return {
      kind: 'dose_missed',
      recipients: [f.med.familyId],
      title: `${f.med.name} due at ${time(f)} has not been recorded (${f.med.title})`,
      body: 'It was due 30 minutes ago. Check with the person on shift, then record it.',
      link: `/family/care-management/${f.med.planId}/medications`,
      dedupeKey: keyOf(f),
    };
  });
  return db.transaction((tx) => notifyAll(tx, events, now));
}
