import { LATE_AFTER_MINUTES, type ReportPeriod } from '@tavara/shared/medications/medications';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { carePlans, careTeamMembers } from '../../db/schema/care-plans';
import { medications } from '../../db/schema/medications';
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
  todayOf,
  expectedOf,
  planMedications,
  currentRecords,
  slotIndex,
  slotKey,
  emptyTally,
  tally,
  reportPeriod,
  planRange,
} from './medication-records';

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
