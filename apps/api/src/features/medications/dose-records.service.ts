import {
  CONFLICT_WINDOW_HOURS,
  conflictMessage,
  MEDICATION_MESSAGES as M,
  MORNING_ENDS,
  type ConflictChoice,
  type DoseStatus,
} from '@tavara/shared/medications/medications';
import { and, asc, eq, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { doseRecords, medications } from '../../db/schema/medications';
import { AppError } from '../../lib/app-error';
import { loadPlanFor } from '../../domain/plan-access';
import { peopleByIds } from '../../domain/people';
import { pgErrorCode } from '../../lib/pg-error';
import { type Viewer } from '../../domain/viewer';
import { doseContext, localOf } from './medication-doses';
import { resolveDoseAlerts } from './medication-reminders';
import { takeFromSupply } from './medication-supply';
import { addLocalDays } from '../../domain/plan-time';
import { formatTimeIn } from '@tavara/shared/time/relative';
import { OFFLINE_MESSAGES } from '@tavara/shared/offline/offline-work';
import { occurredInstant } from '../../domain/offline-work';

/**
 * Medications of a care plan and the records of their doses (issue 17). Access follows the plan
 * (decision 018): owner, accepted members and admins see; the owner changes medications; the
 * owner and accepted members (professionals and relatives) record doses. Medication names and
 * notes are health data: nothing here logs them.
 */

import {
  type MedicationRow,
  type RecordRow,
  UUID,
  HOUR,
  UNIQUE_VIOLATION,
  notFound,
  assertRecorder,
  recorderRole,
  todayOf,
  expectedOf,
  recordViews,
  planMedications,
} from './medication-records';

// ——— recording ———

export interface RecordInput {
  medicationId: string;
  scheduledFor: string | null;
  status: DoseStatus;
  givenAt: string | null;
  note: string | null;
  reason: string | null;
  conflict: ConflictChoice;
  /** The device's key for this record (issue 29): a replay answers with the record already made. */
  clientKey?: string | undefined;
  /** When it happened on the device (ISO instant), if it was recorded offline and sent later. */
  occurredAt?: string | undefined;
}

/** The record a device key already made, answered as the first request was (a retry, a second tab). */
async function replayed(db: Database, viewer: Viewer, clientKey: string | undefined, zone: string) {
  if (!clientKey) return null;
  const [row] = await db.select().from(doseRecords).where(eq(doseRecords.clientKey, clientKey));
  if (!row) return null;
  if (row.recordedById !== viewer.id) throw new AppError('conflict', OFFLINE_MESSAGES.keyReused);
  return { outcome: 'recorded' as const, record: (await recordViews(db, [row], zone))[0]! };
}

async function recorderName(db: Database, userId: string) {
  return (await peopleByIds(db, [userId])).get(userId)?.name ?? 'a team member';
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The time given (given, refused) as an instant, never in the future: when empty, the moment it
 * was recorded (`happened`: now, or when it happened on a device that was offline).
 */
function givenInstant(
  status: DoseStatus,
  givenAt: string | null,
  zone: string,
  now: Date,
  happened: Date = now,
): Date | null {
  if (status !== 'given' && status !== 'refused') return null;
  if (!givenAt) return happened;
  const at = doseContext(givenAt.slice(0, 10), givenAt.slice(0, 10), zone).instantOf(givenAt);
  // A minute's grace for a phone whose clock runs a little ahead.
  if (at.getTime() > now.getTime() + 60_000)
    throw new AppError('validation_failed', M.futureRecord, { givenAt: M.futureRecord });
  return at;
}

/** The instant of an expected dose, or a 422 if the schedule does not expect one then. */
function expectedInstant(med: MedicationRow, scheduledFor: string, zone: string): Date {
  const day = scheduledFor.slice(0, 10);
  const dose = expectedOf(med, doseContext(day, day, zone)).find((d) => d.local === scheduledFor);
  if (!dose) throw new AppError('validation_failed', M.notScheduled, { scheduledFor: M.notScheduled });
  return dose.at;
}

interface Warnings {
  conflict: RecordRow | null;
  warnings: string[];
}

/**
 * Within the write's transaction, with the medication's row locked: the current record of the
 * same expected dose, else the nearest "given" record within 2 hours; and, for as-needed doses,
 * the minimum interval and the daily maximum.
 */
async function checkDose(
  tx: Tx,
  med: MedicationRow,
  status: DoseStatus,
  scheduledAt: Date | null,
  at: Date | null,
  zone: string,
): Promise<Warnings> {
  const warnings: string[] = [];
  let conflict: RecordRow | null = null;
  if (scheduledAt) {
    const [slot] = await tx
      .select()
      .from(doseRecords)
      .where(
        and(
          eq(doseRecords.medicationId, med.id),
          eq(doseRecords.scheduledFor, scheduledAt),
          isNull(doseRecords.supersededAt),
        ),
      )
      .orderBy(asc(doseRecords.createdAt))
      .limit(1);
    conflict = slot ?? null;
  }
  if (!conflict && status === 'given' && at) {
    const window = CONFLICT_WINDOW_HOURS * HOUR;
    const [near] = await tx
      .select()
      .from(doseRecords)
      .where(
        and(
          eq(doseRecords.medicationId, med.id),
          isNull(doseRecords.supersededAt),
          eq(doseRecords.status, 'given'),
          gte(doseRecords.givenAt, new Date(at.getTime() - window)),
          lte(doseRecords.givenAt, new Date(at.getTime() + window)),
        ),
      )
      .orderBy(sql`abs(extract(epoch from (${doseRecords.givenAt} - ${at.toISOString()}::timestamptz)))`)
      .limit(1);
    conflict = near ?? null;
  }
  if (med.schedule.kind === 'prn' && status === 'given' && at) {
    const schedule = med.schedule;
    if (schedule.minIntervalHours) {
      const [recent] = await tx
        .select({ givenAt: doseRecords.givenAt })
        .from(doseRecords)
        .where(
          and(
            eq(doseRecords.medicationId, med.id),
            isNull(doseRecords.supersededAt),
            eq(doseRecords.status, 'given'),
            gte(doseRecords.givenAt, new Date(at.getTime() - schedule.minIntervalHours * HOUR)),
            lte(doseRecords.givenAt, at),
          ),
        )
        .limit(1);
      if (recent)
        warnings.push(
          `The last dose was given at ${formatTimeIn(recent.givenAt!, zone)}: less than the minimum of ${schedule.minIntervalHours} hours between doses.`,
        );
    }
    if (schedule.maxPerDay) {
      const day = localOf(at, zone).slice(0, 10);
      const ctx = doseContext(day, addLocalDays(day, 1, zone), zone);
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(doseRecords)
        .where(
          and(
            eq(doseRecords.medicationId, med.id),
            isNull(doseRecords.supersededAt),
            eq(doseRecords.status, 'given'),
            gte(doseRecords.givenAt, ctx.instantOf(`${day}T00:00`)),
            lt(doseRecords.givenAt, ctx.instantOf(`${addLocalDays(day, 1, zone)}T00:00`)),
          ),
        );
      if (Number(count?.n ?? 0) >= schedule.maxPerDay)
        warnings.push(
          `${Number(count?.n ?? 0)} doses were already given that day: the most in a day is ${schedule.maxPerDay}.`,
        );
    }
  }
  return { conflict, warnings };
}

async function lockMedication(tx: Tx, medicationId: string) {
  // The row lock makes the check and the insert one step: a second recorder of the same
  // medication waits here until the first has committed, then sees its record.
  await tx.execute(sql`select id from ${medications} where ${medications.id} = ${medicationId} for update`);
}

async function conflictView(db: Database, row: RecordRow, zone: string) {
  const [view] = await recordViews(db, [row], zone);
  const time = view!.givenAt ?? view!.scheduledFor ?? view!.recordedAt;
  return {
    record: view!,
    message: conflictMessage({ time: time.replace('T', ' '), by: view!.recordedBy }),
  };
}

/**
 * Records a dose. If it would be a second record of the same medication within 2 hours (or of
 * the same expected dose), or an as-needed dose breaks its limits, and the recorder has not
 * chosen yet (`conflict: 'ask'`), nothing is written and the answer says why; "both" records it
 * linked to the earlier record, "replace" supersedes the earlier record.
 */
export async function recordDose(db: Database, viewer: Viewer, planId: string, input: RecordInput, now = new Date()) {
  const ctxPlan = await loadPlanFor(db, viewer, planId);
  assertRecorder(ctxPlan);
  const zone = ctxPlan.plan.timeZone;
  const again = await replayed(db, viewer, input.clientKey, zone);
  if (again) return again;
  // Recorded offline: the dose's time and the 2-hour check are about when it happened.
  const happened = occurredInstant(input.occurredAt, now);
  if (!UUID.test(input.medicationId)) throw notFound();
  const [med] = await db
    .select()
    .from(medications)
    .where(and(eq(medications.id, input.medicationId), eq(medications.planId, planId)));
  if (!med) throw notFound();
  if (med.stoppedAt) throw new AppError('conflict', M.stopped);
  const at = givenInstant(input.status, input.givenAt, zone, now, happened);
  const scheduledAt = input.scheduledFor ? expectedInstant(med, input.scheduledFor, zone) : null;
  if (!scheduledAt && med.schedule.kind === 'prn' && input.status === 'given' && !input.reason)
    throw new AppError('validation_failed', M.prnReasonRequired, { reason: M.prnReasonRequired });
  let outcome: { kind: 'ask'; check: Warnings } | { kind: 'recorded' | 'replayed'; row: RecordRow };
  try {
    outcome = await db.transaction(async (tx) => {
      await lockMedication(tx, med.id);
      // The same key sent twice at once (two tabs): the second waited for the lock above.
      if (input.clientKey) {
        const [earlier] = await tx.select().from(doseRecords).where(eq(doseRecords.clientKey, input.clientKey));
        if (earlier) return { kind: 'replayed' as const, row: earlier };
      }
      const check = await checkDose(tx, med, input.status, scheduledAt, at, zone);
      const needsAnswer = check.conflict !== null || check.warnings.length > 0;
      if (needsAnswer && input.conflict === 'ask') return { kind: 'ask' as const, check };
      let linkedToId: string | null = null;
      let supersedesId: string | null = null;
      if (check.conflict && input.conflict === 'replace') {
        const [replaced] = await tx
          .update(doseRecords)
          .set({ supersededAt: now })
          .where(and(eq(doseRecords.id, check.conflict.id), isNull(doseRecords.supersededAt)))
          .returning();
        if (!replaced) throw new AppError('conflict', M.alreadyCorrected);
        supersedesId = replaced.id;
      } else if (check.conflict) {
        linkedToId = check.conflict.id;
      }
      const [row] = await tx
        .insert(doseRecords)
        .values({
          medicationId: med.id,
          planId,
          scheduledFor: scheduledAt,
          status: input.status,
          givenAt: at,
          recordedById: viewer.id,
          recorderRole: recorderRole(ctxPlan),
          note: input.note,
          reason: input.reason,
          linkedToId,
          supersedesId,
          clientKey: input.clientKey ?? null,
        })
        .returning();
      // Supply: a given dose takes its amount off; a replaced "given" gives its amount back.
      const replacedGiven = supersedesId !== null && check.conflict?.status === 'given';
      await takeFromSupply(tx, med.id, (input.status === 'given' ? 1 : 0) - (replacedGiven ? 1 : 0));
      return { kind: 'recorded' as const, row: row! };
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) {
      // The same key sent twice at once (two tabs): the one that lost answers with the winner's record.
      const winner = await replayed(db, viewer, input.clientKey, zone);
      if (winner) return winner;
      throw new AppError('conflict', M.slotTaken);
    }
    throw error;
  }
  if (outcome.kind === 'ask') {
    return {
      outcome: 'ask' as const,
      conflict: outcome.check.conflict ? await conflictView(db, outcome.check.conflict, zone) : null,
      warnings: outcome.check.warnings,
    };
  }
  if (outcome.kind === 'replayed') return (await replayed(db, viewer, input.clientKey, zone))!;
  if (scheduledAt) await resolveDoseAlerts(db, planId, scheduledAt, await recorderName(db, viewer.id), now);
  return { outcome: 'recorded' as const, record: (await recordViews(db, [outcome.row], zone))[0]! };
}

/** A correction: a new record superseding `recordId` (the earlier one stays as history). */
export async function correctRecord(
  db: Database,
  viewer: Viewer,
  recordId: string,
  input: { status: DoseStatus; givenAt: string | null; note: string | null; reason: string | null },
  now = new Date(),
) {
  if (!UUID.test(recordId)) throw new AppError('not_found', M.recordNotFound);
  const [earlier] = await db.select().from(doseRecords).where(eq(doseRecords.id, recordId));
  if (!earlier) throw new AppError('not_found', M.recordNotFound);
  const ctxPlan = await loadPlanFor(db, viewer, earlier.planId);
  assertRecorder(ctxPlan);
  const zone = ctxPlan.plan.timeZone;
  const at = givenInstant(input.status, input.givenAt, zone, now);
  try {
    const row = await db.transaction(async (tx) => {
      await lockMedication(tx, earlier.medicationId);
      const [replaced] = await tx
        .update(doseRecords)
        .set({ supersededAt: now })
        .where(and(eq(doseRecords.id, earlier.id), isNull(doseRecords.supersededAt)))
        .returning();
      if (!replaced) throw new AppError('conflict', M.alreadyCorrected);
      const [inserted] = await tx
        .insert(doseRecords)
        .values({
          medicationId: earlier.medicationId,
          planId: earlier.planId,
          scheduledFor: earlier.scheduledFor,
          status: input.status,
          givenAt: at,
          recordedById: viewer.id,
          recorderRole: recorderRole(ctxPlan),
          note: input.note,
          reason: input.reason,
          linkedToId: earlier.linkedToId,
          supersedesId: earlier.id,
        })
        .returning();
      await takeFromSupply(
        tx,
        earlier.medicationId,
        (input.status === 'given' ? 1 : 0) - (replaced.status === 'given' ? 1 : 0),
      );
      return inserted!;
    });
    return { record: (await recordViews(db, [row], zone))[0]! };
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', M.alreadyCorrected);
    throw error;
  }
}

/** A record and the records it superseded, newest first: the audit trail of one dose. */
export async function recordHistory(db: Database, viewer: Viewer, recordId: string) {
  if (!UUID.test(recordId)) throw new AppError('not_found', M.recordNotFound);
  const [latest] = await db.select().from(doseRecords).where(eq(doseRecords.id, recordId));
  if (!latest) throw new AppError('not_found', M.recordNotFound);
  const ctxPlan = await loadPlanFor(db, viewer, latest.planId);
  const chain: RecordRow[] = [latest];
  for (let current = latest; current.supersedesId && chain.length < 50;) {
    const [previous] = await db.select().from(doseRecords).where(eq(doseRecords.id, current.supersedesId));
    if (!previous) break;
    chain.push(previous);
    current = previous;
  }
  return { records: await recordViews(db, chain, ctxPlan.plan.timeZone) };
}

/**
 * "Mark all morning doses given": every morning dose of the day without a record, given now by
 * the caller. A dose that would be a second record within 2 hours is left for the caregiver to
 * decide one by one.
 */
export async function recordMorningRound(db: Database, viewer: Viewer, planId: string, date: string, now = new Date()) {
  const ctxPlan = await loadPlanFor(db, viewer, planId);
  assertRecorder(ctxPlan);
  const zone = ctxPlan.plan.timeZone;
  if (date > todayOf(zone, now))
    throw new AppError('validation_failed', 'Doses of a day that has not come yet cannot be recorded.', {
      date: 'Doses of a day that has not come yet cannot be recorded.',
    });
  const ctx = doseContext(date, date, zone);
  const meds = (await planMedications(db, planId)).filter((m) => !m.stoppedAt && m.schedule.kind === 'times');
  let recorded = 0;
  const resolved = new Set<number>();
  const left: Array<{ medicationId: string; scheduledFor: string }> = [];
  for (const med of meds) {
    const morning = expectedOf(med, ctx).filter((d) => d.time < MORNING_ENDS);
    if (morning.length === 0) continue;
    await db.transaction(async (tx) => {
      await lockMedication(tx, med.id);
      for (const dose of morning) {
        const check = await checkDose(tx, med, 'given', dose.at, now, zone);
        if (check.conflict) {
          // Already recorded (nothing to do), or a given record within 2 hours (ask one by one).
          if (check.conflict.scheduledFor?.getTime() !== dose.at.getTime())
            left.push({ medicationId: med.id, scheduledFor: dose.local });
          continue;
        }
        await tx.insert(doseRecords).values({
          medicationId: med.id,
          planId,
          scheduledFor: dose.at,
          status: 'given',
          givenAt: now,
          recordedById: viewer.id,
          recorderRole: recorderRole(ctxPlan),
        });
        await takeFromSupply(tx, med.id, 1);
        recorded++;
        resolved.add(dose.at.getTime());
      }
    });
  }
  const name = await recorderName(db, viewer.id);
  for (const at of resolved) await resolveDoseAlerts(db, planId, new Date(at), name, now);
  return { recorded, left };
}
