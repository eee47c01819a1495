import { DEFAULT_TIME_ZONE } from '@tavara/shared/care-plans/care-plans';
import { MEDICATION_MESSAGES as M } from '@tavara/shared/medications/medications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProfessional, createPlan, send } from '../../testing/care-plan-requests';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import { eq } from 'drizzle-orm';
import { medications } from '../../db/schema/medications';
import {
  addedOnStartDate,
  addMedication as requestMedication,
  localToday,
  medicationInput,
  recordDose,
  recorded,
  type RecordAnswer,
} from '../../testing/medication-requests';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { localOf } from './medication-doses';

/**
 * Medications on a real database (PGlite; PostgreSQL with TEST_DATABASE_URL): the 2-hour conflict
 * check (sequential and concurrent), supersede-never-edit, as-needed limits, the morning round,
 * and report figures from records made here, compared with hand counts. Dates are relative to
 * today in Trinidad and Tobago; records are put on past days so the figures do not depend on the
 * hour the test runs.
 */

let t: TestApp;
/** The app the next medication is added on (the log test uses its own). */
let current: TestApp;
/**
 * Medications here stand for ones used since their start date (issue 28: nothing before the
 * instant a medication was added is expected), so past days have doses to record and count.
 */
async function addMedication(...args: Parameters<typeof requestMedication>) {
  const id = await requestMedication(...args);
  await addedOnStartDate(current.database.db, id);
  return id;
}
let family: TestUser;
let pro: TestUser;
let planId: string;

beforeAll(async () => {
  t = await createTestApp();
  current = t;
  family = await createVerifiedUser(t, { role: 'family' });
  pro = await createVerifiedUser(t, { role: 'professional', firstName: 'Marcus', lastName: 'Joseph' });
  planId = await createPlan(family.client, { startDate: localToday(-30) });
  await addProfessional(family.client, planId, pro);
});
afterAll(() => t.close());

const yesterday = () => localToday(-1);
const json = async (res: Response) => (await res.json()) as RecordAnswer;

describe('medications', () => {
  it('adds, lists with last and next dose, edits and stops; bad input is answered per field', async () => {
    const bad = await send(family.client, 'POST', `/api/care-plans/${planId}/medications`, {
      name: '',
      dosage: '',
      medicationType: 'prescription',
      startDate: localToday(),
      endDate: localToday(-1),
      schedule: { kind: 'times', times: [{ time: '25:00' }], repeat: 'weekdays', weekdays: [] },
    });
    expect(bad.status).toBe(422);
    const fields = ((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields;
    expect(fields).toMatchObject({
      name: M.nameRequired,
      dosage: M.dosageRequired,
      endDate: M.endBeforeStart,
      'schedule.times.0.time': M.badTime,
      'schedule.weekdays': M.noDays,
    });

    const id = await addMedication(family.client, planId, { name: 'Lisinopril', startDate: localToday(-2) });
    const given = await recorded(pro.client, planId, {
      medicationId: id,
      scheduledFor: `${yesterday()}T08:00`,
      status: 'given',
      givenAt: `${yesterday()}T08:10`,
    });
    const list = (await (await family.client.get(`/api/care-plans/${planId}/medications?days=7`)).json()) as {
      medications: Array<{
        id: string;
        lastGiven: { id: string; recordedBy: string } | null;
        nextDue: string | null;
        stopped: boolean;
      }>;
      canManage: boolean;
    };
    const row = list.medications.find((m) => m.id === id)!;
    expect(list.canManage).toBe(true);
    expect(row.lastGiven).toMatchObject({ id: given, recordedBy: 'Marcus Joseph' });
    expect(row.nextDue! >= `${localToday()}T00:00`).toBe(true);

    const edit = await send(family.client, 'PUT', `/api/medications/${id}`, {
      name: 'Lisinopril',
      dosage: '10 mg',
      medicationType: 'prescription',
      startDate: localToday(-2),
      schedule: { kind: 'times', times: [{ time: '09:00' }], repeat: 'daily' },
    });
    expect(edit.status).toBe(200);
    expect(await send(pro.client, 'PUT', `/api/medications/${id}`, {})).toHaveProperty('status', 422);
    const proEdit = await send(pro.client, 'POST', `/api/medications/${id}/stop`);
    expect(proEdit.status).toBe(403);
    const stop = await send(family.client, 'POST', `/api/medications/${id}/stop`);
    expect(((await stop.json()) as { medication: { stopped: boolean } }).medication.stopped).toBe(true);
    const afterStop = await recordDose(pro.client, planId, { medicationId: id, status: 'given' });
    expect(afterStop.status).toBe(409);
    // Stopped, never deleted: the record is still there.
    const history = await pro.client.get(`/api/dose-records/${given}/history`);
    expect(((await history.json()) as { records: unknown[] }).records).toHaveLength(1);
  });

  it('refuses a record in the future and a time the schedule does not expect', async () => {
    const id = await addMedication(family.client, planId);
    const future = await recordDose(pro.client, planId, {
      medicationId: id,
      status: 'given',
      givenAt: `${localToday(1)}T08:00`,
    });
    expect(future.status).toBe(422);
    expect(((await future.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      givenAt: M.futureRecord,
    });
    const offSchedule = await recordDose(pro.client, planId, {
      medicationId: id,
      scheduledFor: `${yesterday()}T09:00`,
      status: 'missed',
    });
    expect(offSchedule.status).toBe(422);
    const skipNoReason = await recordDose(pro.client, planId, {
      medicationId: id,
      scheduledFor: `${yesterday()}T08:00`,
      status: 'skipped',
    });
    expect(skipNoReason.status).toBe(422);
  });
});

describe('the 2-hour conflict check', () => {
  it('asks before a second record within 2 hours; "Record both" links, "Replace" supersedes', async () => {
    const id = await addMedication(family.client, planId);
    const first = await recorded(family.client, planId, {
      medicationId: id,
      scheduledFor: `${yesterday()}T08:00`,
      status: 'given',
      givenAt: `${yesterday()}T08:05`,
    });
    // An extra dose 55 minutes later: asked, nothing written.
    const ask = await recordDose(pro.client, planId, {
      medicationId: id,
      status: 'given',
      givenAt: `${yesterday()}T09:00`,
    });
    expect(ask.status).toBe(200);
    const asked = await json(ask);
    expect(asked.outcome).toBe('ask');
    expect(asked.conflict?.record.id).toBe(first);
    expect(asked.conflict?.message).toContain('08:05');
    // Outside the window: no question.
    const later = await recordDose(pro.client, planId, {
      medicationId: id,
      status: 'given',
      givenAt: `${yesterday()}T10:06`,
    });
    expect(later.status).toBe(201);

    const both = await json(
      await recordDose(pro.client, planId, {
        medicationId: id,
        status: 'given',
        givenAt: `${yesterday()}T09:00`,
        conflict: 'both',
      }),
    );
    expect(both.record).toMatchObject({ linkedToId: expect.any(String) });

    // The same expected dose again: asked too, even as "missed".
    const again = await json(
      await recordDose(pro.client, planId, {
        medicationId: id,
        scheduledFor: `${yesterday()}T08:00`,
        status: 'missed',
      }),
    );
    expect(again).toMatchObject({ outcome: 'ask', conflict: { record: { id: first } } });
    const replaced = await json(
      await recordDose(pro.client, planId, {
        medicationId: id,
        scheduledFor: `${yesterday()}T08:00`,
        status: 'refused',
        givenAt: `${yesterday()}T08:00`,
        conflict: 'replace',
      }),
    );
    expect(replaced.record).toMatchObject({ status: 'refused', supersedesId: first });
    const day = (await (await family.client.get(`/api/care-plans/${planId}/doses?date=${yesterday()}`)).json()) as {
      doses: Array<{ medicationId: string; scheduledFor: string; state: string }>;
    };
    expect(day.doses.find((d) => d.medicationId === id && d.scheduledFor.endsWith('08:00'))?.state).toBe('refused');
  });

  it('two caregivers recording the same medication at the same moment: one records, the other is asked', async () => {
    for (let round = 0; round < 4; round++) {
      const id = await addMedication(family.client, planId, { schedule: { kind: 'prn' } });
      const body = { medicationId: id, status: 'given', reason: 'Pain', givenAt: `${yesterday()}T14:00` };
      const answers = await Promise.all([
        recordDose(family.client, planId, body).then(json),
        recordDose(pro.client, planId, body).then(json),
        recordDose(pro.client, planId, { ...body, givenAt: `${yesterday()}T14:30` }).then(json),
      ]);
      expect(answers.map((a) => a.outcome).sort()).toEqual(['ask', 'ask', 'recorded']);
    }
  });

  it('the same expected dose recorded at once by two people: one wins', async () => {
    const id = await addMedication(family.client, planId);
    const body = { medicationId: id, scheduledFor: `${yesterday()}T20:00`, status: 'missed' };
    const [a, b] = await Promise.all([recordDose(family.client, planId, body), recordDose(pro.client, planId, body)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
  });
});

describe('records are superseded, never edited', () => {
  it('a correction is a new record; the earlier stays as history; a record is corrected once', async () => {
    const id = await addMedication(family.client, planId);
    const first = await recorded(pro.client, planId, {
      medicationId: id,
      scheduledFor: `${yesterday()}T08:00`,
      status: 'missed',
    });
    const [a, b] = await Promise.all([
      send(pro.client, 'POST', `/api/dose-records/${first}/correct`, {
        status: 'given',
        givenAt: `${yesterday()}T08:30`,
        note: 'Found the blister pack open',
      }),
      send(family.client, 'POST', `/api/dose-records/${first}/correct`, {
        status: 'refused',
        givenAt: `${yesterday()}T08:30`,
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const winner = (await (a.status === 201 ? a : b).json()) as { record: { id: string; supersedesId: string } };
    expect(winner.record.supersedesId).toBe(first);
    const history = (await (await family.client.get(`/api/dose-records/${winner.record.id}/history`)).json()) as {
      records: Array<{ id: string }>;
    };
    expect(history.records.map((r) => r.id)).toEqual([winner.record.id, first]);
    const twice = await send(pro.client, 'POST', `/api/dose-records/${first}/correct`, { status: 'missed' });
    expect(twice.status).toBe(409);
  });
});

describe('as-needed limits and the morning round', () => {
  it('warns when the minimum interval or the daily maximum would be broken', async () => {
    const id = await addMedication(family.client, planId, {
      name: 'Paracetamol',
      schedule: { kind: 'prn', minIntervalHours: 6, maxPerDay: 2 },
    });
    const noReason = await recordDose(pro.client, planId, {
      medicationId: id,
      status: 'given',
      givenAt: `${yesterday()}T08:00`,
    });
    expect(noReason.status).toBe(422);
    await recorded(pro.client, planId, {
      medicationId: id,
      status: 'given',
      reason: 'Headache',
      givenAt: `${yesterday()}T08:00`,
    });
    const tooSoon = await json(
      await recordDose(pro.client, planId, {
        medicationId: id,
        status: 'given',
        reason: 'Still aching',
        givenAt: `${yesterday()}T11:00`,
      }),
    );
    expect(tooSoon.outcome).toBe('ask');
    expect(tooSoon.conflict).toBeNull();
    expect(tooSoon.warnings).toEqual([expect.stringContaining('minimum of 6 hours')]);
    await recorded(pro.client, planId, {
      medicationId: id,
      status: 'given',
      reason: 'Still aching',
      givenAt: `${yesterday()}T11:00`,
      conflict: 'both',
    });
    const third = await json(
      await recordDose(pro.client, planId, {
        medicationId: id,
        status: 'given',
        reason: 'Fever',
        givenAt: `${yesterday()}T18:00`,
      }),
    );
    expect(third.warnings).toEqual([expect.stringContaining('the most in a day is 2')]);
  });

  it('"mark all morning doses given" records the morning doses without a record, once', async () => {
    const plan = await createPlan(family.client, { startDate: localToday(-30) });
    await addProfessional(family.client, plan, pro);
    await addMedication(family.client, plan, {
      schedule: { kind: 'times', times: [{ time: '07:00' }, { time: '21:00' }] },
    });
    const b = await addMedication(family.client, plan, { schedule: { kind: 'times', times: [{ time: '10:00' }] } });
    await recorded(family.client, plan, {
      medicationId: b,
      scheduledFor: `${yesterday()}T10:00`,
      status: 'refused',
      givenAt: `${yesterday()}T10:00`,
    });
    const round = await send(pro.client, 'POST', `/api/care-plans/${plan}/doses/bulk`, {
      date: yesterday(),
      period: 'morning',
    });
    expect(await round.json()).toEqual({ recorded: 1, left: [] });
    const again = await send(pro.client, 'POST', `/api/care-plans/${plan}/doses/bulk`, {
      date: yesterday(),
      period: 'morning',
    });
    expect(await again.json()).toEqual({ recorded: 0, left: [] });
    const future = await send(pro.client, 'POST', `/api/care-plans/${plan}/doses/bulk`, {
      date: localToday(1),
      period: 'morning',
    });
    expect(future.status).toBe(422);
  });
});

describe('adherence report', () => {
  it('counts expected, given, missed, refused, skipped and late as a person would by hand', async () => {
    const plan = await createPlan(family.client, { startDate: localToday(-30) });
    await addProfessional(family.client, plan, pro);
    const start = localToday(-6);
    const end = localToday(-1);
    // Twice a day for 6 finished days: 12 expected doses.
    const twice = await addMedication(family.client, plan, { name: 'Amlodipine', startDate: start, endDate: end });
    const days = [-6, -5, -4, -3, -2, -1].map((n) => localToday(n));
    const give = (date: string, time: string, at: string) =>
      recorded(pro.client, plan, {
        medicationId: twice,
        scheduledFor: `${date}T${time}`,
        status: 'given',
        givenAt: `${date}T${at}`,
      });
    await give(days[0]!, '08:00', '08:10');
    await give(days[0]!, '20:00', '20:30');
    await give(days[1]!, '08:00', '08:00');
    await give(days[1]!, '20:00', '20:59');
    await give(days[2]!, '08:00', '07:45');
    await give(days[2]!, '20:00', '23:15'); // late (more than an hour after)
    await recorded(pro.client, plan, {
      medicationId: twice,
      scheduledFor: `${days[3]}T08:00`,
      status: 'refused',
      givenAt: `${days[3]}T08:05`,
    });
    await recorded(pro.client, plan, {
      medicationId: twice,
      scheduledFor: `${days[3]}T20:00`,
      status: 'skipped',
      reason: 'Doctor said to hold it',
    });
    await recorded(family.client, plan, { medicationId: twice, scheduledFor: `${days[4]}T08:00`, status: 'missed' });
    // days[4] 20:00, days[5] 08:00 and 20:00: no record, so missed. An extra dose does not count.
    await recorded(pro.client, plan, { medicationId: twice, status: 'given', givenAt: `${days[5]}T12:00` });
    // Every 2 days from the start: days 0, 2 and 4 → 3 expected, all given.
    const everyOther = await addMedication(family.client, plan, {
      name: 'Vitamin D',
      medicationType: 'vitamin',
      startDate: start,
      endDate: end,
      schedule: { kind: 'times', times: [{ time: '09:00' }], repeat: 'interval', intervalDays: 2 },
    });
    for (const d of [days[0], days[2], days[4]])
      await recorded(pro.client, plan, {
        medicationId: everyOther,
        scheduledFor: `${d}T09:00`,
        status: 'given',
        givenAt: `${d}T09:00`,
      });
    const prn = await addMedication(family.client, plan, { name: 'Paracetamol', schedule: { kind: 'prn' } });
    await recorded(pro.client, plan, {
      medicationId: prn,
      status: 'given',
      reason: 'Headache',
      givenAt: `${days[1]}T15:00`,
    });

    const report = (await (await family.client.get(`/api/care-plans/${plan}/medications/report?days=7`)).json()) as {
      overall: Record<string, number>;
      medications: Array<Record<string, unknown>>;
    };
    const byName = Object.fromEntries(report.medications.map((m) => [m.name, m]));
    expect(byName.Amlodipine).toMatchObject({
      expected: 12,
      given: 6,
      late: 1,
      refused: 1,
      skipped: 1,
      missed: 4,
      adherence: 50,
    });
    expect(byName['Vitamin D']).toMatchObject({ expected: 3, given: 3, missed: 0, adherence: 100 });
    expect(byName.Paracetamol).toMatchObject({ expected: 0, asNeeded: true, asNeededGiven: 1, adherence: null });
    expect(report.overall).toMatchObject({
      expected: 15,
      given: 9,
      missed: 4,
      refused: 1,
      skipped: 1,
      late: 1,
      adherence: 60,
    });

    // The list shows the same adherence for the period; 90 days is the same (nothing earlier).
    const ninety = (await (await family.client.get(`/api/care-plans/${plan}/medications/report?days=90`)).json()) as {
      overall: Record<string, number>;
    };
    expect(ninety.overall).toMatchObject({ expected: 15, given: 9 });
    const bad = await family.client.get(`/api/care-plans/${plan}/medications/report?days=8`);
    expect(bad.status).toBe(400);

    const csv = await pro.client.get(`/api/care-plans/${plan}/medications/report.csv?days=7`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).not.toContain('Amlodipine');
    const text = await csv.text();
    expect(text).toContain('"Amlodipine","500 mg","12","6","4","1","1","1","50",""');
    expect(text).toContain('"All medications","","15","9","4","1","1","1","60",""');
  });

  it('editing a schedule changes what is expected from now on, never what was expected before', async () => {
    const plan = await createPlan(family.client, { startDate: localToday(-30) });
    await addProfessional(family.client, plan, pro);
    // Twice a day for the last 3 days (6 doses expected), 3 of them given.
    const input = { name: 'Metoprolol', startDate: localToday(-3), endDate: localToday(-1) };
    const id = await addMedication(family.client, plan, input);
    for (const n of [-3, -2, -1])
      await recorded(pro.client, plan, {
        medicationId: id,
        scheduledFor: `${localToday(n)}T08:00`,
        status: 'given',
        givenAt: `${localToday(n)}T08:05`,
      });
    const figures = async () =>
      (
        (await (await family.client.get(`/api/care-plans/${plan}/medications/report?days=7`)).json()) as {
          medications: Array<Record<string, unknown>>;
        }
      ).medications.find((m) => m.name === 'Metoprolol');
    expect(await figures()).toMatchObject({ expected: 6, given: 3, missed: 3, adherence: 50 });

    // Now once a day at 09:00: the past evenings stay missed, and yesterday still shows both doses.
    const edit = await send(family.client, 'PUT', `/api/medications/${id}`, {
      ...medicationInput(input),
      schedule: { kind: 'times', times: [{ time: '09:00' }], repeat: 'daily' },
    });
    expect(edit.status).toBe(200);
    expect(await figures()).toMatchObject({ expected: 6, given: 3, missed: 3, adherence: 50 });
    const day = (await (await family.client.get(`/api/care-plans/${plan}/doses?date=${localToday(-1)}`)).json()) as {
      doses: Array<{ medicationId: string; scheduledFor: string; state: string }>;
    };
    expect(day.doses.filter((d) => d.medicationId === id).map((d) => [d.scheduledFor.slice(11), d.state])).toEqual([
      ['08:00', 'given'],
      ['20:00', 'missed'],
    ]);
    // A late record of a slot of the earlier schedule is still accepted as that dose.
    const late = await recordDose(pro.client, plan, {
      medicationId: id,
      scheduledFor: `${localToday(-1)}T20:00`,
      status: 'given',
      givenAt: `${localToday(-1)}T20:10`,
    });
    expect(late.status).toBe(201);

    // A schedule that has not begun is simply replaced: it expected nothing yet.
    const future = await addMedication(family.client, plan, { name: 'Later', startDate: localToday(2) });
    const replaced = await send(family.client, 'PUT', `/api/medications/${future}`, {
      ...medicationInput({ name: 'Later', startDate: localToday(2) }),
      schedule: { kind: 'times', times: [{ time: '10:00' }], repeat: 'daily' },
    });
    expect(replaced.status).toBe(200);
    const [row] = await t.database.db.select().from(medications).where(eq(medications.id, future));
    expect(row!.scheduleHistory).toEqual([]);
  });

  it('dashboard figures: the family’s doses today and missed this week; the professional’s next doses', async () => {
    const fam = await createVerifiedUser(t, { role: 'family' });
    const nurse = await createVerifiedUser(t, { role: 'professional' });
    const plan = await createPlan(fam.client, { startDate: localToday(-30) });
    await addProfessional(fam.client, plan, nurse);
    const med = await addMedication(fam.client, plan, {
      startDate: localToday(-2),
      schedule: { kind: 'times', times: [{ time: '08:00' }, { time: '20:00' }] },
    });
    await recorded(nurse.client, plan, {
      medicationId: med,
      scheduledFor: `${localToday(-2)}T08:00`,
      status: 'given',
      givenAt: `${localToday(-2)}T08:00`,
    });
    const figures = (await (await fam.client.get('/api/medications/figures')).json()) as {
      family: { dueToday: number; missedLast7: number };
    };
    // Two doses today. Of the four on the last two days one was given: three missed; today's
    // count as missed once more than an hour overdue.
    const clock = localOf(new Date(), DEFAULT_TIME_ZONE).slice(11, 16);
    const missedToday = (clock > '09:00' ? 1 : 0) + (clock > '21:00' ? 1 : 0);
    expect(figures.family).toEqual({ dueToday: 2, givenToday: 0, missedLast7: 3 + missedToday });
    const proFigures = (await (await nurse.client.get('/api/medications/figures')).json()) as {
      nextDoses: Array<{ planId: string; name: string }>;
    };
    expect(proFigures.nextDoses[0]).toMatchObject({ planId: plan, name: 'Metformin' });
  });
});

describe('health data stays out of the logs', () => {
  it('medication names, dosages, notes and reasons never reach a log line', async () => {
    const logLines: string[] = [];
    const logged = await createTestApp({ LOG_LEVEL: 'debug' }, { logLines });
    current = logged;
    try {
      const owner = await createVerifiedUser(logged, { role: 'family' });
      const plan = await createPlan(owner.client, { startDate: localToday(-30) });
      const secret = {
        name: 'Zyloprimex-Secret',
        dosage: '777 mg',
        note: 'Confided-note-Q7',
        reason: 'Private-reason-K2',
      };
      const med = await addMedication(owner.client, plan, { name: secret.name, dosage: secret.dosage });
      await recorded(owner.client, plan, {
        medicationId: med,
        scheduledFor: `${yesterday()}T08:00`,
        status: 'skipped',
        reason: secret.reason,
        note: secret.note,
      });
      // A bad request and a refused one are logged too: still nothing personal.
      await recordDose(owner.client, plan, {
        medicationId: med,
        status: 'given',
        givenAt: `${localToday(2)}T08:00`,
        note: secret.note,
      });
      await owner.client.get(`/api/care-plans/${plan}/medications/report.csv?days=7`);
      await owner.client.get(`/api/care-plans/${plan}/doses?date=${yesterday()}`);
      expect(logLines.length).toBeGreaterThan(0);
      for (const word of Object.values(secret)) expect(logLines.filter((line) => line.includes(word))).toEqual([]);
    } finally {
      current = t;
      await logged.close();
    }
  });
});
