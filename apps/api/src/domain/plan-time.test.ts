import { describe, expect, it } from 'vitest';
import { addLocalDays, generateShiftTimes, instantToLocal, localToInstant } from './plan-time';

const POS = 'America/Port_of_Spain';

describe('shift times in the plan’s zone', () => {
  it('a day shift is Mon–Fri only, at local hours (UTC−4 in Trinidad)', () => {
    // 2026-03-02 is a Monday.
    const list = generateShiftTimes(['weekday_8am_4pm'], '2026-03-02', '2026-03-08', POS);
    expect(list.map((s) => s.localDate)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
    ]);
    expect(list[0]!.startsAt.toISOString()).toBe('2026-03-02T12:00:00.000Z');
    expect(list[0]!.endsAt.toISOString()).toBe('2026-03-02T20:00:00.000Z');
  });

  it('overnight shifts end the next day, across a month end and a year end', () => {
    const [jan] = generateShiftTimes(['weekday_6pm_8am'], '2026-01-30', '2026-01-30', POS);
    expect(instantToLocal(jan!.startsAt, POS)).toBe('2026-01-30T18:00');
    expect(instantToLocal(jan!.endsAt, POS)).toBe('2026-01-31T08:00');
    const [feb] = generateShiftTimes(['weekday_4pm_8am'], '2028-02-28', '2028-02-29', POS);
    expect(instantToLocal(feb!.endsAt, POS)).toBe('2028-02-29T08:00'); // leap year
    const [dec] = generateShiftTimes(['weekday_6pm_6am'], '2026-12-31', '2026-12-31', POS);
    expect(instantToLocal(dec!.endsAt, POS)).toBe('2027-01-01T06:00');
  });

  it('weekend codes start on Saturday and Sunday only', () => {
    const list = generateShiftTimes(['weekend_8am_6pm'], '2026-03-01', '2026-03-31', POS);
    expect(list).toHaveLength(9); // Sun 1, Sat–Sun 7–8, 14–15, 21–22, 28–29
    expect(new Set(list.map((s) => new Date(`${s.localDate}T12:00Z`).getUTCDay()))).toEqual(new Set([0, 6]));
  });

  it('4 weeks of weekday + weekend coverage; codes without hours make nothing', () => {
    const list = generateShiftTimes(
      ['weekday_8am_4pm', 'weekend_6am_6pm', 'flexible', 'live_in', 'other'],
      '2026-03-02',
      '2026-03-29',
      POS,
    );
    expect(list).toHaveLength(20 + 8);
  });

  it('in a zone with daylight saving, wall-clock hours stay and the instant moves', () => {
    const zone = 'America/New_York'; // DST starts 2026-03-08
    const list = generateShiftTimes(['weekend_8am_6pm'], '2026-03-07', '2026-03-08', zone);
    expect(list.map((s) => instantToLocal(s.startsAt, zone))).toEqual(['2026-03-07T08:00', '2026-03-08T08:00']);
    expect(list[0]!.startsAt.toISOString()).toBe('2026-03-07T13:00:00.000Z');
    expect(list[1]!.startsAt.toISOString()).toBe('2026-03-08T12:00:00.000Z');
    // An ordinary overnight shift after the change is still 14 wall-clock hours.
    const [night] = generateShiftTimes(['weekday_6pm_8am'], '2026-11-02', '2026-11-02', zone);
    expect(night!.endsAt.getTime() - night!.startsAt.getTime()).toBe(14 * 3600_000);
  });

  it('round-trips local times and adds days across month ends', () => {
    expect(instantToLocal(localToInstant('2026-04-30T23:30', POS), POS)).toBe('2026-04-30T23:30');
    expect(addLocalDays('2026-01-31', 1, POS)).toBe('2026-02-01');
    expect(addLocalDays('2026-03-01', -1, POS)).toBe('2026-02-28');
  });
});

describe('weeks', () => {
  it('start on Monday, across month and year ends', async () => {
    const { weekStart } = await import('./plan-time');
    expect(weekStart('2027-03-07', POS)).toBe('2027-03-01');
    expect(weekStart('2027-01-01', POS)).toBe('2026-12-28');
    expect(weekStart('2027-03-01', POS)).toBe('2027-03-01');
  });
});

describe('calendar views', () => {
  it('day, week and month ranges with their neighbours, across month ends and leap years', async () => {
    const { viewRange } = await import('./plan-time');
    expect(viewRange('day', '2027-02-28', POS)).toEqual({
      from: '2027-02-28',
      to: '2027-02-28',
      previous: '2027-02-27',
      next: '2027-03-01',
    });
    expect(viewRange('week', '2027-03-03', POS)).toEqual({
      from: '2027-03-01',
      to: '2027-03-07',
      previous: '2027-02-22',
      next: '2027-03-08',
    });
    expect(viewRange('month', '2028-02-15', POS)).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
      previous: '2028-01-01',
      next: '2028-03-01',
    });
    expect(viewRange('month', '2026-12-31', POS)).toMatchObject({
      from: '2026-12-01',
      to: '2026-12-31',
      next: '2027-01-01',
    });
  });
});
