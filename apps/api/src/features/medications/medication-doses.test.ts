import { WEEKDAYS, type Weekday } from '@tavara/shared/codes/shifts';
import {
  MEDICATION_MESSAGES as M,
  medicationInputSchema,
  medicationScheduleSchema,
  type MedicationSchedule,
} from '@tavara/shared/medications/medications';
import { toFieldErrors } from '@tavara/shared/validation/field-errors';
import { describe, expect, it } from 'vitest';
import { doseContext, dosesIn, generateDoses } from './medication-doses';
import { addLocalDays } from '../../domain/plan-time';

const POS = 'America/Port_of_Spain';
const NY = 'America/New_York';

const daily = (times: string[]): MedicationSchedule =>
  medicationScheduleSchema.parse({ kind: 'times', times: times.map((time) => ({ time })), repeat: 'daily' });

function fieldsOf(input: unknown) {
  const result = medicationInputSchema.safeParse(input);
  return result.success ? {} : toFieldErrors(result.error.issues);
}
const valid = {
  name: 'Metformin',
  dosage: '500 mg',
  medicationType: 'prescription',
  startDate: '2027-03-01',
  schedule: { kind: 'times', times: [{ time: '08:00' }, { time: '20:00' }], repeat: 'daily' },
};

describe('the schedule schema', () => {
  it('accepts a valid medication and normalises its schedule (sorted times, unused fields dropped)', () => {
    const parsed = medicationInputSchema.parse({
      ...valid,
      schedule: { ...valid.schedule, times: [{ time: '20:00' }, { time: '08:00', withFood: true }], weekdays: ['mon'] },
    });
    expect(parsed.schedule).toEqual({
      kind: 'times',
      times: [
        { time: '08:00', withFood: true, beforeBed: false },
        { time: '20:00', withFood: false, beforeBed: false },
      ],
      repeat: 'daily',
      weekdays: [],
      intervalDays: null,
    });
    expect(medicationScheduleSchema.parse({ kind: 'prn', times: [{ time: '08:00' }], maxPerDay: '4' })).toEqual({
      kind: 'prn',
      minIntervalHours: null,
      maxPerDay: 4,
    });
  });

  it('answers each bad input beside its field', () => {
    expect(fieldsOf({ ...valid, name: ' ', dosage: '' })).toMatchObject({
      name: M.nameRequired,
      dosage: M.dosageRequired,
    });
    expect(fieldsOf({ ...valid, endDate: '2027-02-28' })).toEqual({ endDate: M.endBeforeStart });
    expect(fieldsOf({ ...valid, schedule: { kind: 'times', times: [{ time: '25:00' }] } })).toEqual({
      'schedule.times.0.time': M.badTime,
    });
    expect(fieldsOf({ ...valid, schedule: { kind: 'times', times: [] } })).toEqual({ 'schedule.times': M.noTimes });
    expect(
      fieldsOf({ ...valid, schedule: { kind: 'times', times: [{ time: '08:00' }], repeat: 'weekdays', weekdays: [] } }),
    ).toEqual({ 'schedule.weekdays': M.noDays });
    expect(fieldsOf({ ...valid, schedule: { kind: 'times', times: [{ time: '08:00' }], repeat: 'interval' } })).toEqual(
      { 'schedule.intervalDays': M.badInterval },
    );
    expect(fieldsOf({ ...valid, schedule: { kind: 'times', times: [{ time: '08:00' }, { time: '08:00' }] } })).toEqual({
      'schedule.times.1.time': M.duplicateTime,
    });
  });
});

describe('dose generation', () => {
  it('makes each time of each day in the plan’s zone (UTC−4 in Trinidad)', () => {
    const doses = generateDoses(
      daily(['08:00', '20:00']),
      { startDate: '2027-03-01', endDate: null },
      '2027-03-01',
      '2027-03-02',
      POS,
    );
    expect(doses.map((d) => d.local)).toEqual([
      '2027-03-01T08:00',
      '2027-03-01T20:00',
      '2027-03-02T08:00',
      '2027-03-02T20:00',
    ]);
    expect(doses[0]!.at.toISOString()).toBe('2027-03-01T12:00:00.000Z');
    expect(doses[1]!.at.toISOString()).toBe('2027-03-02T00:00:00.000Z');
  });

  it('stops at the end date and starts at the start date, whatever range is asked', () => {
    const doses = generateDoses(
      daily(['09:00']),
      { startDate: '2027-03-03', endDate: '2027-03-05' },
      '2027-03-01',
      '2027-03-31',
      POS,
    );
    expect(doses.map((d) => d.localDate)).toEqual(['2027-03-03', '2027-03-04', '2027-03-05']);
    expect(
      generateDoses(
        daily(['09:00']),
        { startDate: '2027-03-03', endDate: '2027-03-05' },
        '2027-03-06',
        '2027-03-31',
        POS,
      ),
    ).toEqual([]);
  });

  it('every N days counts from the start date across month and year ends', () => {
    const every3 = medicationScheduleSchema.parse({
      kind: 'times',
      times: [{ time: '07:30' }],
      repeat: 'interval',
      intervalDays: 3,
    });
    const doses = generateDoses(every3, { startDate: '2027-01-28', endDate: null }, '2027-02-01', '2027-03-10', POS);
    // From 28 January: 31 Jan, 3 Feb, …, 28 Feb, 3 Mar (February 2027 has 28 days).
    expect(doses.map((d) => d.localDate)).toEqual([
      '2027-02-03',
      '2027-02-06',
      '2027-02-09',
      '2027-02-12',
      '2027-02-15',
      '2027-02-18',
      '2027-02-21',
      '2027-02-24',
      '2027-02-27',
      '2027-03-02',
      '2027-03-05',
      '2027-03-08',
    ]);
    const yearEnd = generateDoses(every3, { startDate: '2026-12-30', endDate: null }, '2026-12-30', '2027-01-06', POS);
    expect(yearEnd.map((d) => d.localDate)).toEqual(['2026-12-30', '2027-01-02', '2027-01-05']);
  });

  it('chosen weekdays only', () => {
    const monWedFri = medicationScheduleSchema.parse({
      kind: 'times',
      times: [{ time: '10:00' }],
      repeat: 'weekdays',
      weekdays: ['fri', 'mon', 'wed'],
    });
    // 2027-03-01 is a Monday.
    const doses = generateDoses(monWedFri, { startDate: '2027-03-01', endDate: null }, '2027-03-01', '2027-03-07', POS);
    expect(doses.map((d) => d.localDate)).toEqual(['2027-03-01', '2027-03-03', '2027-03-05']);
  });

  it('as needed expects no doses; the time of a dose follows daylight saving in other zones', () => {
    expect(
      generateDoses(
        { kind: 'prn', minIntervalHours: 4, maxPerDay: 3 },
        { startDate: '2027-03-01', endDate: null },
        '2027-03-01',
        '2027-03-31',
        POS,
      ),
    ).toEqual([]);
    // New York moves to UTC−4 on 14 March 2027: 8 AM is 13:00Z before and 12:00Z after.
    const doses = generateDoses(
      daily(['08:00']),
      { startDate: '2027-03-13', endDate: null },
      '2027-03-13',
      '2027-03-14',
      NY,
    );
    expect(doses.map((d) => d.at.toISOString())).toEqual(['2027-03-13T13:00:00.000Z', '2027-03-14T12:00:00.000Z']);
  });

  it('property: every dose is inside the range, on an allowed day, in order, never duplicated', () => {
    // A small seeded generator, so a failure is reproducible.
    let seed = 17;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let run = 0; run < 300; run++) {
      const times = [
        ...new Set(
          Array.from({ length: 1 + rand(4) }, () => `${String(rand(24)).padStart(2, '0')}:${rand(2) ? '00' : '30'}`),
        ),
      ];
      const repeat = (['daily', 'weekdays', 'interval'] as const)[rand(3)]!;
      const weekdays = WEEKDAYS.filter(() => rand(2) === 1);
      const schedule = medicationScheduleSchema.parse({
        kind: 'times',
        times: times.map((time) => ({ time })),
        repeat,
        weekdays: weekdays.length > 0 ? weekdays : ['tue'],
        intervalDays: 2 + rand(10),
      });
      const startDate = addLocalDays('2027-01-01', rand(400), POS);
      const endDate = rand(2) ? addLocalDays(startDate, rand(120), POS) : null;
      const from = addLocalDays('2027-01-01', rand(450), POS);
      const to = addLocalDays(from, rand(95), POS);
      const zone = rand(2) ? POS : NY;
      const doses = generateDoses(schedule, { startDate, endDate }, from, to, zone);
      const keys = doses.map((d) => d.local);
      expect(new Set(keys).size).toBe(keys.length);
      for (let i = 0; i < doses.length; i++) {
        const d = doses[i]!;
        expect(d.localDate >= from && d.localDate <= to).toBe(true);
        expect(d.localDate >= startDate && (endDate === null || d.localDate <= endDate)).toBe(true);
        if (schedule.kind === 'times' && schedule.repeat === 'weekdays') {
          const day = WEEKDAYS[new Date(`${d.localDate}T00:00:00Z`).getUTCDay()] as Weekday;
          expect(schedule.weekdays).toContain(day);
        }
        if (i > 0) expect(d.at.getTime()).toBeGreaterThan(doses[i - 1]!.at.getTime());
      }
    }
  });

  // Its speed (budget 5 ms) is measured by `npm run bench` (medications), never timed in a test:
  // a loaded machine made a timed assertion fail now and then.
  it('20 medications × 90 days give every dose, day by day', () => {
    const schedules = Array.from({ length: 20 }, (_, i) =>
      daily(i % 2 ? ['08:00', '20:00'] : ['07:00', '13:00', '21:00']),
    );
    const ctx = doseContext('2027-01-01', '2027-03-31', POS);
    let n = 0;
    for (const s of schedules) n += dosesIn(s, { startDate: '2027-01-01', endDate: null }, ctx).length;
    expect(n).toBe(90 * 50);
  });
});
