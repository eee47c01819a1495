import {
  adherencePercent,
  LATE_AFTER_MINUTES,
  MEDICATION_MESSAGES as M,
  type medicationInputSchema,
  type ReportPeriod,
} from '@tavara/shared/medications/medications';
import { and, asc, eq, gte, isNull, lt, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { doseRecords, medications } from '../../db/schema/medications';
import { AppError } from '../../lib/app-error';
import { type PlanContext } from '../../domain/plan-access';
import { peopleByIds } from '../../domain/people';
import { doseContext, expectedDoses, localOf, type ExpectedDose } from './medication-doses';
import { supplyView } from './medication-supply';
import { addLocalDays } from '../../domain/plan-time';

/**
 * Medications of a care plan and the records of their doses (issue 17). Access follows the plan
 * (decision 018): owner, accepted members and admins see; the owner changes medications; the
 * owner and accepted members (professionals and relatives) record doses. Medication names and
 * notes are health data: nothing here logs them.
 */

/** What the medication services share: rows as people see them, the dose slots and tallies. */
export type MedicationRow = typeof medications.$inferSelect;
export type RecordRow = typeof doseRecords.$inferSelect;
export type MedicationValues = z.output<typeof medicationInputSchema>;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const HOUR = 60 * 60 * 1000;
export const UNIQUE_VIOLATION = '23505';

export const notFound = () => new AppError('not_found', M.notFound);

export function assertOwner(ctx: PlanContext) {
  if (ctx.access !== 'owner') throw new AppError('forbidden', M.ownerOnly);
}
export function assertRecorder(ctx: PlanContext) {
  if (ctx.access !== 'owner' && ctx.access !== 'member') throw new AppError('forbidden', M.notRecorder);
}
export function recorderRole(ctx: PlanContext): string {
  return ctx.access === 'owner' ? 'owner' : (ctx.membership?.teamRole ?? 'member');
}

export function todayOf(zone: string, now = new Date()): string {
  return localOf(now, zone).slice(0, 10);
}

export const expectedOf = expectedDoses;

export function medicationView(med: MedicationRow) {
  return {
    id: med.id,
    name: med.name,
    dosage: med.dosage,
    medicationType: med.medicationType,
    instructions: med.instructions,
    specialInstructions: med.specialInstructions,
    prescriber: med.prescriber,
    startDate: med.startDate,
    endDate: med.endDate,
    schedule: med.schedule,
    stopped: med.stoppedAt !== null,
    stoppedAt: med.stoppedAt?.toISOString() ?? null,
    supply: supplyView(med),
  };
}

export function recordView(r: RecordRow, zone: string, names: Map<string, { name: string }>) {
  return {
    id: r.id,
    medicationId: r.medicationId,
    scheduledFor: r.scheduledFor ? localOf(r.scheduledFor, zone) : null,
    status: r.status,
    givenAt: r.givenAt ? localOf(r.givenAt, zone) : null,
    recordedBy: r.recordedById ? (names.get(r.recordedById)?.name ?? 'A former team member') : 'A former team member',
    recorderRole: r.recorderRole,
    note: r.note,
    reason: r.reason,
    linkedToId: r.linkedToId,
    supersedesId: r.supersedesId,
    recordedAt: localOf(r.createdAt, zone),
  };
}
export type RecordView = ReturnType<typeof recordView>;

export async function recordViews(db: Database, rows: RecordRow[], zone: string) {
  const names = await peopleByIds(
    db,
    rows.map((r) => r.recordedById).filter((id): id is string => id !== null),
  );
  return rows.map((r) => recordView(r, zone, names));
}

/** The plan's medications (all, stopped ones too), by name. */
export async function planMedications(db: Database, planId: string) {
  return db.select().from(medications).where(eq(medications.planId, planId)).orderBy(asc(medications.name));
}

/** Current (not superseded) records of a plan whose expected or given time falls in [start, end). */
export async function currentRecords(db: Database, planId: string, start: Date, end: Date) {
  return db
    .select()
    .from(doseRecords)
    .where(
      and(
        eq(doseRecords.planId, planId),
        isNull(doseRecords.supersededAt),
        or(
          and(gte(doseRecords.scheduledFor, start), lt(doseRecords.scheduledFor, end)),
          and(isNull(doseRecords.scheduledFor), gte(doseRecords.givenAt, start), lt(doseRecords.givenAt, end)),
        ),
      ),
    )
    .orderBy(asc(doseRecords.createdAt));
}

/** The first current record of each expected dose, keyed by medication and instant. */
export function slotIndex(records: readonly RecordRow[]) {
  const bySlot = new Map<string, RecordRow>();
  for (const r of records) {
    if (!r.scheduledFor) continue;
    const key = `${r.medicationId}@${r.scheduledFor.getTime()}`;
    if (!bySlot.has(key)) bySlot.set(key, r);
  }
  return bySlot;
}
export const slotKey = (medicationId: string, at: Date) => `${medicationId}@${at.getTime()}`;

export interface Tally {
  expected: number;
  given: number;
  missed: number;
  refused: number;
  skipped: number;
  late: number;
  adherence: number | null;
}
export const emptyTally = (): Tally => ({
  expected: 0,
  given: 0,
  missed: 0,
  refused: 0,
  skipped: 0,
  late: 0,
  adherence: null,
});

/**
 * Adherence of expected doses against their records, as of `now`: a dose with a record counts as
 * that record says (given more than an hour after it was due is also late); a dose without one
 * counts as missed once it is more than an hour overdue, and not at all before. Adherence is
 * given ÷ expected (product notes).
 */
export function tally(
  expected: readonly ExpectedDose[],
  medicationId: string,
  bySlot: Map<string, RecordRow>,
  now: Date,
  into = emptyTally(),
): Tally {
  const graceEnd = now.getTime() - LATE_AFTER_MINUTES * 60_000;
  for (const dose of expected) {
    const record = bySlot.get(slotKey(medicationId, dose.at));
    if (!record) {
      if (dose.at.getTime() > graceEnd) continue;
      into.expected++;
      into.missed++;
      continue;
    }
    into.expected++;
    into[record.status]++;
    if (record.status === 'given' && record.givenAt!.getTime() - dose.at.getTime() > LATE_AFTER_MINUTES * 60_000)
      into.late++;
  }
  into.adherence = adherencePercent(into.given, into.expected);
  return into;
}

/** The last `days` plan-local days, today included: `from` is the first of them, both `YYYY-MM-DD`. */
export function reportPeriod(zone: string, days: ReportPeriod, now = new Date()): { today: string; from: string } {
  const today = todayOf(zone, now);
  return { today, from: addLocalDays(today, -(days - 1), zone) };
}

export function planRange(zone: string, from: string, to: string) {
  const ctx = doseContext(from, addLocalDays(to, 1, zone), zone);
  return { ctx, start: ctx.instantOf(`${from}T00:00`), end: ctx.instantOf(`${addLocalDays(to, 1, zone)}T00:00`) };
}
