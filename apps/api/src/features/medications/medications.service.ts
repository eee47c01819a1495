import {
  LATE_AFTER_MINUTES,
  MORNING_ENDS,
  type DoseStatus,
  type ReportPeriod,
} from '@tavara/shared/medications/medications';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { carePlans } from '../../db/schema/care-plans';
import { doseRecords, medications } from '../../db/schema/medications';
import { loadPlanFor } from '../../domain/plan-access';
import { type Viewer } from '../../domain/viewer';
import { localOf } from './medication-doses';
import { addLocalDays } from '../../domain/plan-time';

/**
 * Medications of a care plan and the records of their doses (issue 17). Access follows the plan
 * (decision 018): owner, accepted members and admins see; the owner changes medications; the
 * owner and accepted members (professionals and relatives) record doses. Medication names and
 * notes are health data: nothing here logs them.
 */

import {
  type MedicationValues,
  UUID,
  notFound,
  assertOwner,
  todayOf,
  expectedOf,
  medicationView,
  recordViews,
  planMedications,
  currentRecords,
  slotIndex,
  slotKey,
  emptyTally,
  tally,
  reportPeriod,
  planRange,
} from './medication-records';

// ——— medications ———

function medicationValues(input: MedicationValues) {
  return {
    name: input.name,
    dosage: input.dosage,
    medicationType: input.medicationType,
    instructions: input.instructions,
    specialInstructions: input.specialInstructions,
    prescriber: input.prescriber,
    startDate: input.startDate,
    endDate: input.endDate,
    schedule: input.schedule,
  };
}

async function loadMedicationFor(db: Database, viewer: Viewer, medicationId: string) {
  if (!UUID.test(medicationId)) throw notFound();
  const [med] = await db.select().from(medications).where(eq(medications.id, medicationId));
  if (!med) throw notFound();
  // A medication of a plan the viewer cannot see answers as the plan does: no access.
  const ctx = await loadPlanFor(db, viewer, med.planId);
  return { med, ctx };
}

/**
 * Adds a medication. Its schedule starts at `now` (issue 28): doses whose time has passed are not
 * expected of it, so adding at 9:49 a medication taken at 08:00 raises no alert about 08:00.
 */
export async function createMedication(
  db: Database,
  viewer: Viewer,
  planId: string,
  input: MedicationValues,
  now = new Date(),
) {
  const ctx = await loadPlanFor(db, viewer, planId);
  assertOwner(ctx);
  const [row] = await db
    .insert(medications)
    .values({ ...medicationValues(input), planId, createdById: viewer.id, createdAt: now })
    .returning();
  return medicationView(row!);
}

/** The plan's grace period: minutes after a dose's time before the family hears it was not recorded. */
export async function setDoseGrace(db: Database, viewer: Viewer, planId: string, minutes: number) {
  const ctx = await loadPlanFor(db, viewer, planId);
  assertOwner(ctx);
  await db.update(carePlans).set({ doseGraceMinutes: minutes }).where(eq(carePlans.id, planId));
  return { doseGraceMinutes: minutes };
}

export async function updateMedication(
  db: Database,
  viewer: Viewer,
  medicationId: string,
  input: MedicationValues,
  now = new Date(),
) {
  const { ctx } = await loadMedicationFor(db, viewer, medicationId);
  assertOwner(ctx);
  const values = medicationValues(input);
  const row = await db.transaction(async (tx) => {
    // Locked, so two edits at once each keep the schedule the other replaced.
    const [med] = await tx.select().from(medications).where(eq(medications.id, medicationId)).for('update');
    if (!med) throw notFound();
    const timingChanged =
      JSON.stringify(med.schedule) !== JSON.stringify(values.schedule) ||
      med.startDate !== values.startDate ||
      med.endDate !== values.endDate;
    // A schedule that had begun keeps the doses it expected until now; one not begun yet is simply replaced.
    const begun = med.startDate <= todayOf(ctx.plan.timeZone, now);
    const scheduleHistory =
      timingChanged && begun
        ? [
            ...med.scheduleHistory,
            { schedule: med.schedule, startDate: med.startDate, endDate: med.endDate, until: now.toISOString() },
          ]
        : med.scheduleHistory;
    const [updated] = await tx
      .update(medications)
      .set({ ...values, scheduleHistory })
      .where(eq(medications.id, medicationId))
      .returning();
    return updated!;
  });
  return medicationView(row);
}

/** Stops a medication: its records stay, it expects no doses after now and is listed apart. */
export async function stopMedication(db: Database, viewer: Viewer, medicationId: string) {
  const { ctx } = await loadMedicationFor(db, viewer, medicationId);
  assertOwner(ctx);
  const [row] = await db
    .update(medications)
    .set({ stoppedAt: sql`coalesce(${medications.stoppedAt}, now())` })
    .where(eq(medications.id, medicationId))
    .returning();
  return medicationView(row!);
}

/**
 * The plan's medications with, for each, the last dose given, the next dose due and adherence
 * over the last `days` plan-local days (today included).
 */
export async function listMedications(
  db: Database,
  viewer: Viewer,
  planId: string,
  days: ReportPeriod,
  now = new Date(),
) {
  const ctxPlan = await loadPlanFor(db, viewer, planId);
  const { plan } = ctxPlan;
  const zone = plan.timeZone;
  const { today, from } = reportPeriod(zone, days, now);
  const meds = await planMedications(db, planId);
  // Next due doses are looked for in the coming 31 days (an every-30-days schedule has one).
  const { ctx, start } = planRange(zone, from, addLocalDays(today, 31, zone));
  const ids = meds.map((m) => m.id);
  const [records, lastGiven] = await Promise.all([
    currentRecords(db, planId, start, ctx.instantOf(`${addLocalDays(today, 32, zone)}T00:00`)),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .selectDistinctOn([doseRecords.medicationId])
          .from(doseRecords)
          .where(
            and(
              inArray(doseRecords.medicationId, ids),
              isNull(doseRecords.supersededAt),
              eq(doseRecords.status, 'given'),
            ),
          )
          .orderBy(doseRecords.medicationId, desc(doseRecords.givenAt)),
  ]);
  const bySlot = slotIndex(records);
  const lastViews = new Map((await recordViews(db, lastGiven, zone)).map((r) => [r.medicationId, r] as const));
  const overall = emptyTally();
  const list = meds.map((med) => {
    const expected = expectedOf(med, ctx);
    const past = expected.filter((d) => d.localDate <= today);
    const t = tally(past, med.id, bySlot, now);
    if (!med.stoppedAt) tally(past, med.id, bySlot, now, overall);
    const graceEnd = now.getTime() - LATE_AFTER_MINUTES * 60_000;
    const next = expected.find((d) => d.at.getTime() > graceEnd && !bySlot.has(slotKey(med.id, d.at)));
    return {
      ...medicationView(med),
      lastGiven: lastViews.get(med.id) ?? null,
      nextDue: next ? next.local : null,
      adherence: t,
    };
  });
  return {
    plan: {
      id: plan.id,
      title: plan.title,
      recipientName: plan.recipientName,
      timeZone: zone,
      archived: plan.archivedAt !== null,
    },
    access: ctxPlan.access,
    canManage: ctxPlan.access === 'owner',
    canRecord: ctxPlan.access === 'owner' || ctxPlan.access === 'member',
    doseGraceMinutes: plan.doseGraceMinutes,
    today,
    days,
    overall,
    medications: list,
  };
}

// ——— the day's doses ———

/** One plan-local day: every expected dose with its state, the as-needed medications and extra records. */
export async function dayView(
  db: Database,
  viewer: Viewer,
  planId: string,
  date: string | undefined,
  now = new Date(),
) {
  const ctxPlan = await loadPlanFor(db, viewer, planId);
  const { plan } = ctxPlan;
  const zone = plan.timeZone;
  const today = todayOf(zone, now);
  const day = date ?? today;
  const { ctx, start, end } = planRange(zone, day, day);
  const meds = await planMedications(db, planId);
  const records = await currentRecords(db, planId, start, end);
  const views = await recordViews(db, records, zone);
  const viewById = new Map(views.map((v) => [v.id, v]));
  const bySlot = slotIndex(records);
  const graceEnd = now.getTime() - LATE_AFTER_MINUTES * 60_000;
  const medById = new Map(meds.map((m) => [m.id, m]));
  // Every medication, not only those on times now: a past day keeps the timed doses it expected
  // even if the schedule has since become "as needed".
  const doses = meds
    .flatMap((med) =>
      expectedOf(med, ctx)
        .filter((d) => d.localDate === day)
        .map((d) => {
          const record = bySlot.get(slotKey(med.id, d.at));
          const state: DoseStatus | 'due' = record ? record.status : d.at.getTime() < graceEnd ? 'missed' : 'due';
          return {
            medicationId: med.id,
            name: med.name,
            dosage: med.dosage,
            scheduledFor: d.local,
            time: d.time,
            withFood: d.withFood,
            beforeBed: d.beforeBed,
            morning: d.time < MORNING_ENDS,
            /** A stopped medication's earlier doses are shown; no more records are taken for it. */
            stopped: med.stoppedAt !== null,
            state,
            recorded: record !== undefined,
            record: record ? viewById.get(record.id)! : null,
            // "Record both" extras and any other current record of the same expected dose.
            alsoRecorded: records
              .filter((r) => r !== record && r.medicationId === med.id && r.scheduledFor?.getTime() === d.at.getTime())
              .map((r) => viewById.get(r.id)!),
          };
        }),
    )
    .sort((a, b) => a.scheduledFor.localeCompare(b.scheduledFor) || a.name.localeCompare(b.name));
  const dayStartMs = start.getTime();
  const asNeeded = meds
    .filter((m) => m.schedule.kind === 'prn' && !m.stoppedAt && m.startDate <= day && (!m.endDate || m.endDate >= day))
    .map((m) => {
      const given = records.filter(
        (r) => r.medicationId === m.id && r.status === 'given' && r.givenAt!.getTime() >= dayStartMs,
      );
      return { medicationId: m.id, name: m.name, dosage: m.dosage, schedule: m.schedule, givenToday: given.length };
    });
  const extras = records
    .filter((r) => r.scheduledFor === null)
    .map((r) => ({
      ...viewById.get(r.id)!,
      name: medById.get(r.medicationId)?.name ?? '',
      dosage: medById.get(r.medicationId)?.dosage ?? '',
    }));
  return {
    plan: { id: plan.id, title: plan.title, recipientName: plan.recipientName, timeZone: zone },
    canRecord: ctxPlan.access === 'owner' || ctxPlan.access === 'member',
    canManage: ctxPlan.access === 'owner',
    date: day,
    today,
    previous: addLocalDays(day, -1, zone),
    next: addLocalDays(day, 1, zone),
    now: localOf(now, zone),
    doses,
    asNeeded,
    extras,
    recordable: meds
      .filter((m) => !m.stoppedAt && m.startDate <= day && (!m.endDate || m.endDate >= day))
      .map((m) => ({ id: m.id, name: m.name, dosage: m.dosage, prn: m.schedule.kind === 'prn' })),
  };
}
