import {
  adherencePercent,
  CONFLICT_WINDOW_HOURS,
  conflictMessage,
  LATE_AFTER_MINUTES,
  MEDICATION_MESSAGES as M,
  MORNING_ENDS,
  type ConflictChoice,
  type DoseStatus,
  type medicationInputSchema,
  type ReportPeriod,
} from '@tavara/shared/medications/medications';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { carePlans, careTeamMembers } from '../../db/schema/care-plans';
import { doseRecords, medications } from '../../db/schema/medications';
import { AppError } from '../../lib/app-error';
import { loadPlanFor, peopleByIds, pgErrorCode, type PlanContext, type Viewer } from './care-plans.service';
import { doseContext, expectedDoses, localOf, type ExpectedDose } from './medication-doses';
import { resolveDoseAlerts } from './medication-reminders';
import { supplyView, takeFromSupply } from './medication-supply';
import { addLocalDays } from './shift-times';

/**
 * Medications of a care plan and the records of their doses (issue 17). Access follows the plan
 * (decision 018): owner, accepted members and admins see; the owner changes medications; the
 * owner and accepted members (professionals and relatives) record doses. Medication names and
 * notes are health data: nothing here logs them.
 */

type MedicationRow = typeof medications.$inferSelect;
type RecordRow = typeof doseRecords.$inferSelect;
type MedicationValues = z.output<typeof medicationInputSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HOUR = 60 * 60 * 1000;
const UNIQUE_VIOLATION = '23505';

const notFound = () => new AppError('not_found', M.notFound);

function assertOwner(ctx: PlanContext) {
  if (ctx.access !== 'owner') throw new AppError('forbidden', M.ownerOnly);
}
function assertRecorder(ctx: PlanContext) {
  if (ctx.access !== 'owner' && ctx.access !== 'member') throw new AppError('forbidden', M.notRecorder);
}
function recorderRole(ctx: PlanContext): string {
  return ctx.access === 'owner' ? 'owner' : (ctx.membership?.teamRole ?? 'member');
}

function todayOf(zone: string, now = new Date()): string {
  return localOf(now, zone).slice(0, 10);
}

const expectedOf = expectedDoses;

function medicationView(med: MedicationRow) {
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

function recordView(r: RecordRow, zone: string, names: Map<string, { name: string }>) {
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

async function recordViews(db: Database, rows: RecordRow[], zone: string) {
  const names = await peopleByIds(
    db,
    rows.map((r) => r.recordedById).filter((id): id is string => id !== null),
  );
  return rows.map((r) => recordView(r, zone, names));
}

/** The plan's medications (all, stopped ones too), by name. */
async function planMedications(db: Database, planId: string) {
  return db.select().from(medications).where(eq(medications.planId, planId)).orderBy(asc(medications.name));
}

/** Current (not superseded) records of a plan whose expected or given time falls in [start, end). */
async function currentRecords(db: Database, planId: string, start: Date, end: Date) {
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
function slotIndex(records: readonly RecordRow[]) {
  const bySlot = new Map<string, RecordRow>();
  for (const r of records) {
    if (!r.scheduledFor) continue;
    const key = `${r.medicationId}@${r.scheduledFor.getTime()}`;
    if (!bySlot.has(key)) bySlot.set(key, r);
  }
  return bySlot;
}
const slotKey = (medicationId: string, at: Date) => `${medicationId}@${at.getTime()}`;

export interface Tally {
  expected: number;
  given: number;
  missed: number;
  refused: number;
  skipped: number;
  late: number;
  adherence: number | null;
}
const emptyTally = (): Tally => ({
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
function reportPeriod(zone: string, days: ReportPeriod, now = new Date()): { today: string; from: string } {
  const today = todayOf(zone, now);
  return { today, from: addLocalDays(today, -(days - 1), zone) };
}

function planRange(zone: string, from: string, to: string) {
  const ctx = doseContext(from, addLocalDays(to, 1, zone), zone);
  return { ctx, start: ctx.instantOf(`${from}T00:00`), end: ctx.instantOf(`${addLocalDays(to, 1, zone)}T00:00`) };
}

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

// ——— recording ———

export interface RecordInput {
  medicationId: string;
  scheduledFor: string | null;
  status: DoseStatus;
  givenAt: string | null;
  note: string | null;
  reason: string | null;
  conflict: ConflictChoice;
}

async function recorderName(db: Database, userId: string) {
  return (await peopleByIds(db, [userId])).get(userId)?.name ?? 'a team member';
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The time given (given, refused) as an instant: now when empty, never in the future. */
function givenInstant(status: DoseStatus, givenAt: string | null, zone: string, now: Date): Date | null {
  if (status !== 'given' && status !== 'refused') return null;
  if (!givenAt) return now;
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
          `The last dose was given at ${localOf(recent.givenAt!, zone).slice(11)}: less than the minimum of ${schedule.minIntervalHours} hours between doses.`,
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
  if (!UUID.test(input.medicationId)) throw notFound();
  const [med] = await db
    .select()
    .from(medications)
    .where(and(eq(medications.id, input.medicationId), eq(medications.planId, planId)));
  if (!med) throw notFound();
  if (med.stoppedAt) throw new AppError('conflict', M.stopped);
  const at = givenInstant(input.status, input.givenAt, zone, now);
  const scheduledAt = input.scheduledFor ? expectedInstant(med, input.scheduledFor, zone) : null;
  if (!scheduledAt && med.schedule.kind === 'prn' && input.status === 'given' && !input.reason)
    throw new AppError('validation_failed', M.prnReasonRequired, { reason: M.prnReasonRequired });
  let outcome: { kind: 'ask'; check: Warnings } | { kind: 'recorded'; row: RecordRow };
  try {
    outcome = await db.transaction(async (tx) => {
      await lockMedication(tx, med.id);
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
        })
        .returning();
      // Supply: a given dose takes its amount off; a replaced "given" gives its amount back.
      const replacedGiven = supersedesId !== null && check.conflict?.status === 'given';
      await takeFromSupply(tx, med.id, (input.status === 'given' ? 1 : 0) - (replacedGiven ? 1 : 0));
      return { kind: 'recorded' as const, row: row! };
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', M.slotTaken);
    throw error;
  }
  if (outcome.kind === 'ask') {
    return {
      outcome: 'ask' as const,
      conflict: outcome.check.conflict ? await conflictView(db, outcome.check.conflict, zone) : null,
      warnings: outcome.check.warnings,
    };
  }
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

// ——— reports ———

/**
 * Adherence over the last `days` plan-local days (today included) per medication and overall:
 * expected doses only on days the medication was active, given, missed, refused, skipped and late.
 */
export async function adherenceReport(
  db: Database,
  viewer: Viewer,
  planId: string,
  days: ReportPeriod,
  now = new Date(),
) {
  const { plan } = await loadPlanFor(db, viewer, planId);
  const zone = plan.timeZone;
  const { today, from } = reportPeriod(zone, days, now);
  const { ctx, start, end } = planRange(zone, from, today);
  const [meds, records] = await Promise.all([planMedications(db, planId), currentRecords(db, planId, start, end)]);
  const bySlot = slotIndex(records);
  const overall = emptyTally();
  const rows = meds
    .map((med) => {
      const expected = expectedOf(med, ctx).filter((d) => d.localDate <= today);
      const t = tally(expected, med.id, bySlot, now);
      tally(expected, med.id, bySlot, now, overall);
      const asNeededGiven =
        med.schedule.kind === 'prn'
          ? records.filter((r) => r.medicationId === med.id && r.status === 'given').length
          : 0;
      return {
        medicationId: med.id,
        name: med.name,
        dosage: med.dosage,
        asNeeded: med.schedule.kind === 'prn',
        stopped: med.stoppedAt !== null,
        asNeededGiven,
        ...t,
      };
    })
    // Medications that expected nothing in the period and were not given are left out.
    .filter((r) => r.expected > 0 || r.asNeededGiven > 0);
  return {
    plan: { id: plan.id, title: plan.title, recipientName: plan.recipientName, timeZone: zone },
    days,
    from,
    to: today,
    generatedAt: localOf(now, zone),
    overall,
    medications: rows,
  };
}

/** A CSV cell: quoted, and a leading = + - @ made harmless for spreadsheets. */
function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function reportCsv(report: Awaited<ReturnType<typeof adherenceReport>>): string {
  const header = [
    'Medication',
    'Dosage',
    'Expected',
    'Given',
    'Missed',
    'Refused',
    'Skipped',
    'Late',
    'Adherence %',
    'As-needed doses given',
  ];
  const line = (cells: Array<string | number | null>) => cells.map(csvCell).join(',');
  const lines = [
    line([
      `Medication adherence for ${report.plan.recipientName}`,
      `${report.from} to ${report.to}`,
      `${report.days} days`,
    ]),
    line(header),
    ...report.medications.map((m) =>
      line([
        m.name,
        m.dosage,
        m.expected,
        m.given,
        m.missed,
        m.refused,
        m.skipped,
        m.late,
        m.adherence,
        m.asNeeded ? m.asNeededGiven : null,
      ]),
    ),
    line([
      'All medications',
      '',
      report.overall.expected,
      report.overall.given,
      report.overall.missed,
      report.overall.refused,
      report.overall.skipped,
      report.overall.late,
      report.overall.adherence,
      null,
    ]),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

// ——— dashboards ———

/**
 * Dashboard figures: for the family, doses due today and missed in the last 7 days over their
 * plans; for a professional, the next doses to give on the plans they are on.
 */
export async function medicationFigures(db: Database, viewer: Viewer, now = new Date()) {
  const owned = await db
    .select()
    .from(carePlans)
    .where(and(eq(carePlans.familyId, viewer.id), isNull(carePlans.archivedAt), eq(carePlans.status, 'active')));
  const memberOf = await db
    .select({ plan: carePlans })
    .from(careTeamMembers)
    .innerJoin(carePlans, eq(carePlans.id, careTeamMembers.planId))
    .where(
      and(
        eq(careTeamMembers.userId, viewer.id),
        eq(careTeamMembers.status, 'accepted'),
        isNull(carePlans.archivedAt),
        eq(carePlans.status, 'active'),
      ),
    );
  const plans = [...owned, ...memberOf.map((m) => m.plan)];
  const planIds = plans.map((p) => p.id);
  const allMeds =
    planIds.length === 0
      ? []
      : await db
          .select()
          .from(medications)
          .where(and(inArray(medications.planId, planIds), isNull(medications.stoppedAt)));
  let dueToday = 0;
  let givenToday = 0;
  let missedLast7 = 0;
  const next: Array<{
    planId: string;
    planTitle: string;
    medicationId: string;
    name: string;
    dosage: string;
    scheduledFor: string;
    at: number;
  }> = [];
  for (const plan of plans) {
    const meds = allMeds.filter((m) => m.planId === plan.id);
    if (meds.length === 0) continue;
    const zone = plan.timeZone;
    const today = todayOf(zone, now);
    const from = addLocalDays(today, -6, zone);
    const tomorrow = addLocalDays(today, 1, zone);
    const { ctx, start, end } = planRange(zone, from, tomorrow);
    const records = await currentRecords(db, plan.id, start, end);
    const bySlot = slotIndex(records);
    const owner = plan.familyId === viewer.id;
    const graceEnd = now.getTime() - LATE_AFTER_MINUTES * 60_000;
    for (const med of meds) {
      const expected = expectedOf(med, ctx);
      if (owner) {
        const todays = expected.filter((d) => d.localDate === today);
        dueToday += todays.length;
        givenToday += todays.filter((d) => bySlot.get(slotKey(med.id, d.at))?.status === 'given').length;
        missedLast7 += tally(
          expected.filter((d) => d.localDate <= today),
          med.id,
          bySlot,
          now,
        ).missed;
      } else {
        for (const d of expected) {
          if (d.at.getTime() > graceEnd && !bySlot.has(slotKey(med.id, d.at)))
            next.push({
              planId: plan.id,
              planTitle: plan.title,
              medicationId: med.id,
              name: med.name,
              dosage: med.dosage,
              scheduledFor: d.local,
              at: d.at.getTime(),
            });
        }
      }
    }
  }
  next.sort((a, b) => a.at - b.at);
  return {
    family: { dueToday, givenToday, missedLast7 },
    nextDoses: next.slice(0, 5).map(({ at: _at, ...rest }) => rest),
  };
}
