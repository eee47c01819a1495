import { formatTimeIn } from '@tavara/shared/time/relative';
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { carePlans, careTeamMembers, shifts } from '../../db/schema/care-plans';
import { doseRecords, medications } from '../../db/schema/medications';
import { notifications } from '../../db/schema/notifications';
import { notifyAll, resolveNotifications, type NotificationEvent } from '../../lib/notifications/notify';
import { doseContext, expectedDoses, localOf } from './medication-doses';

/**
 * Dose reminders (issues 18 and 28), found by the notification worker's scan on every instance:
 *
 * - `dose_due` at the dose's time: the person on shift then (an assigned or checked-in shift of
 *   the plan covering it), or with nobody on shift the plan's people who record doses (the owner
 *   and accepted members);
 * - `dose_missed` when it is still not recorded after the plan's grace period (default 60
 *   minutes): the family (the owner and accepted family members).
 *
 * Doses come from `expectedDoses`, the one schedule reader the screens use, so a dose whose time
 * passed before its medication was added (or edited to new times) is never due or missed here.
 * The doses of one plan due at one instant are ONE message per person ("3 doses due at 8 AM for
 * Mum: Aspirin, Metformin, Warfarin"), keyed `dose_due:{plan}:{instant}` so every instance and
 * every repeat of the scan tells each person once.
 */

/** A due reminder is sent for doses due up to this long ago (a restart does not lose one). */
const DUE_LOOK_BACK_MS = 60 * 60_000;
/** Older unrecorded doses are history (the adherence report shows them), not reminders. */
const MISSED_LOOK_BACK_MS = 12 * 60 * 60_000;
/** Rows per IN (…) list. */
const CHUNK = 5_000;

type Kind = 'dose_due' | 'dose_missed';

export const doseAlertKey = (kind: Kind, planId: string, at: Date) => `${kind}:${planId}:${at.getTime()}`;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** "Aspirin, Metformin, Warfarin": a bundle's medicines in alphabetical order. */
function namesInWords(names: string[]): string {
  return [...new Set(names)].sort((a, b) => a.localeCompare(b)).join(', ');
}

export async function scanDoseReminders(db: Database, now = new Date()): Promise<number> {
  const meds = await db
    .select({
      id: medications.id,
      planId: medications.planId,
      name: medications.name,
      schedule: medications.schedule,
      scheduleHistory: medications.scheduleHistory,
      startDate: medications.startDate,
      endDate: medications.endDate,
      stoppedAt: medications.stoppedAt,
      createdAt: medications.createdAt,
      zone: carePlans.timeZone,
      graceMinutes: carePlans.doseGraceMinutes,
      familyId: carePlans.familyId,
      title: carePlans.title,
      recipientName: carePlans.recipientName,
    })
    .from(medications)
    .innerJoin(carePlans, eq(carePlans.id, medications.planId))
    .where(and(isNull(medications.stoppedAt), isNull(carePlans.archivedAt), eq(carePlans.status, 'active')));
  if (meds.length === 0) return 0;

  const earliest = new Date(now.getTime() - MISSED_LOOK_BACK_MS);
  type Med = (typeof meds)[number];
  type Dose = { med: Med; at: Date };
  const found: Array<Dose & { kind: Kind }> = [];
  const contexts = new Map<string, ReturnType<typeof doseContext>>();
  for (const med of meds) {
    if (med.schedule.kind !== 'times' && med.scheduleHistory.length === 0) continue;
    const from = localOf(earliest, med.zone).slice(0, 10);
    const to = localOf(now, med.zone).slice(0, 10);
    const ctxKey = `${med.zone} ${from} ${to}`;
    let ctx = contexts.get(ctxKey);
    if (!ctx) contexts.set(ctxKey, (ctx = doseContext(from, to, med.zone)));
    for (const dose of expectedDoses(med, ctx)) {
      const age = now.getTime() - dose.at.getTime();
      if (age < 0 || age >= MISSED_LOOK_BACK_MS) continue;
      if (age < DUE_LOOK_BACK_MS) found.push({ med, at: dose.at, kind: 'dose_due' });
      if (age >= med.graceMinutes * 60_000) found.push({ med, at: dose.at, kind: 'dose_missed' });
    }
  }
  if (found.length === 0) return 0;
  const keyOf = (f: { kind: Kind; med: Med; at: Date }) => doseAlertKey(f.kind, f.med.planId, f.at);

  // Skip what was already told (the common case on every scan after the first) and doses that
  // have a record (given early, or recorded before the grace period ran out).
  const keys = [...new Set(found.map(keyOf))];
  const medIds = [...new Set(found.map((f) => f.med.id))];
  const [told, records] = await Promise.all([
    Promise.all(
      chunks(keys).map((part) =>
        db
          .selectDistinct({ key: notifications.dedupeKey })
          .from(notifications)
          .where(inArray(notifications.dedupeKey, part)),
      ),
    ),
    Promise.all(
      chunks(medIds).map((part) =>
        db
          .select({ medicationId: doseRecords.medicationId, at: doseRecords.scheduledFor })
          .from(doseRecords)
          .where(
            and(
              inArray(doseRecords.medicationId, part),
              isNull(doseRecords.supersededAt),
              sql`${doseRecords.scheduledFor} >= ${earliest.toISOString()}`,
            ),
          ),
      ),
    ),
  ]);
  const toldKeys = new Set(told.flat().map((t) => t.key));
  const recorded = new Set(records.flat().map((r) => `${r.medicationId}:${r.at?.getTime()}`));
  const pending = found.filter((f) => !toldKeys.has(keyOf(f)) && !recorded.has(`${f.med.id}:${f.at.getTime()}`));
  if (pending.length === 0) return 0;

  // One message per plan, instant and kind.
  const bundles = new Map<string, { kind: Kind; at: Date; med: Med; names: string[] }>();
  for (const f of pending) {
    const key = keyOf(f);
    const bundle = bundles.get(key);
    if (bundle) bundle.names.push(f.med.name);
    else bundles.set(key, { kind: f.kind, at: f.at, med: f.med, names: [f.med.name] });
  }
  const planIds = [...new Set(pending.map((f) => f.med.planId))];

  // Who is on shift at each due instant, and each plan's team: a query per 5,000 plans, not per dose.
  const [shiftRows, teamRows] = await Promise.all([
    Promise.all(
      chunks(planIds).map((part) =>
        db
          .select({
            planId: shifts.planId,
            assigneeId: shifts.assigneeId,
            startsAt: shifts.startsAt,
            endsAt: shifts.endsAt,
          })
          .from(shifts)
          .where(
            and(
              inArray(shifts.planId, part),
              inArray(shifts.status, ['assigned', 'in_progress']),
              lte(shifts.startsAt, now),
              gt(shifts.endsAt, earliest),
            ),
          ),
      ),
    ),
    Promise.all(
      chunks(planIds).map((part) =>
        db
          .select({ planId: careTeamMembers.planId, userId: careTeamMembers.userId, kind: careTeamMembers.kind })
          .from(careTeamMembers)
          .where(and(inArray(careTeamMembers.planId, part), eq(careTeamMembers.status, 'accepted'))),
      ),
    ),
  ]);
  const shiftsOf = new Map<string, Array<(typeof shiftRows)[number][number]>>();
  for (const s of shiftRows.flat()) shiftsOf.set(s.planId, [...(shiftsOf.get(s.planId) ?? []), s]);
  const teamOf = new Map<string, Array<(typeof teamRows)[number][number]>>();
  for (const m of teamRows.flat()) teamOf.set(m.planId, [...(teamOf.get(m.planId) ?? []), m]);

  const events: NotificationEvent[] = [];
  for (const [key, b] of bundles) {
    const { med, at, names } = b;
    const count = names.length;
    const list = namesInWords(names);
    const team = teamOf.get(med.planId) ?? [];
    const doses = count === 1 ? list : `${count} doses`;
    if (b.kind === 'dose_due') {
      const carer = shiftsOf
        .get(med.planId)
        ?.find((s) => s.assigneeId && s.startsAt <= at && s.endsAt > at)?.assigneeId;
      const recorders = carer ? [carer] : [med.familyId, ...team.map((m) => m.userId)];
      for (const userId of new Set(recorders)) {
        const isPro = userId !== med.familyId && team.some((m) => m.userId === userId && m.kind === 'professional');
        events.push({
          kind: 'dose_due',
          recipients: [userId],
          title: (zone) =>
            `${count === 1 ? `${list} is` : `${doses}`} due at ${formatTimeIn(at, zone)} for ${med.recipientName}${count === 1 ? '' : `: ${list}`}`,
          body: `Record ${count === 1 ? 'it' : 'them'} on ${med.title} once given.`,
          link: isPro ? `/professional/assignments/${med.planId}` : `/family/care-management/${med.planId}/medications`,
          dedupeKey: key,
          eventAt: at,
          itemCount: count,
          about: med.recipientName,
        });
      }
    } else {
      const family = [med.familyId, ...team.filter((m) => m.kind === 'family').map((m) => m.userId)];
      events.push({
        kind: 'dose_missed',
        recipients: family,
        title: (zone) =>
          `${count === 1 ? list : `${doses} (${list})`} due at ${formatTimeIn(at, zone)} for ${med.recipientName} ${count === 1 ? 'has' : 'have'} not been recorded`,
        body: `Check with the person on shift, then record ${count === 1 ? 'it' : 'them'} on ${med.title}.`,
        link: `/family/care-management/${med.planId}/medications`,
        dedupeKey: key,
        eventAt: at,
        itemCount: count,
        about: med.recipientName,
      });
    }
  }
  return db.transaction((tx) => notifyAll(tx, events, now));
}

/**
 * After a record: when no dose of the plan due at `at` is left unrecorded, its "due" and "missed"
 * alerts are no longer true — resolved, and their waiting e-mail and push cancelled.
 */
export async function resolveDoseAlerts(
  db: Database,
  planId: string,
  at: Date,
  recorderName: string,
  now = new Date(),
) {
  const keys = [doseAlertKey('dose_due', planId, at), doseAlertKey('dose_missed', planId, at)];
  const open = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(inArray(notifications.dedupeKey, keys), isNull(notifications.resolvedAt)))
    .limit(1);
  if (open.length === 0) return 0;
  const [zoneRow] = await db.select({ zone: carePlans.timeZone }).from(carePlans).where(eq(carePlans.id, planId));
  const zone = zoneRow?.zone ?? 'America/Port_of_Spain';
  const meds = await db.select().from(medications).where(eq(medications.planId, planId));
  const day = localOf(at, zone).slice(0, 10);
  const ctx = doseContext(day, day, zone);
  const expectedIds = meds
    .filter((m) => expectedDoses(m, ctx).some((d) => d.at.getTime() === at.getTime()))
    .map((m) => m.id);
  if (expectedIds.length > 0) {
    const rows = await db
      .select({ medicationId: doseRecords.medicationId })
      .from(doseRecords)
      .where(
        and(
          inArray(doseRecords.medicationId, expectedIds),
          eq(doseRecords.scheduledFor, at),
          isNull(doseRecords.supersededAt),
        ),
      );
    const done = new Set(rows.map((r) => r.medicationId));
    if (expectedIds.some((id) => !done.has(id))) return 0;
  }
  return db.transaction((tx) =>
    resolveNotifications(tx, keys, (z) => `Recorded by ${recorderName} at ${formatTimeIn(now, z)}`, now),
  );
}
