import { TZDate } from '@date-fns/tz';
import { addDays, format, startOfWeek } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  addLocalDays,
  generateShiftTimes,
  instantToLocal,
  localDateOf,
  localDaysBetween,
  localToInstant,
  weekStart,
} from './plan-time';

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

describe('the fast paths agree with date-fns in the zone (issue 35)', () => {
  // A seeded generator: the same instants every run.
  let seed = 35;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const zones = [POS, 'America/New_York', 'Europe/London', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC'];

  it("an instant's wall clock and date, around the clock and across daylight-saving changes", () => {
    for (let i = 0; i < 3000; i++) {
      const zone = zones[i % zones.length]!;
      // 2025–2029, to the minute, with extra weight on midnights and the DST changes' hours.
      const instant = new Date(Date.UTC(2025 + rand(5), rand(12), 1 + rand(28), rand(24), i % 3 === 0 ? 0 : rand(60)));
      const viaTz = new TZDate(instant.getTime(), zone);
      expect(instantToLocal(instant, zone)).toBe(format(viaTz, "yyyy-MM-dd'T'HH:mm"));
      expect(localDateOf(instant, zone)).toBe(format(viaTz, 'yyyy-MM-dd'));
    }
    // Every 15 minutes for three hours either side of real changes (New York, London, Lord Howe's half hour).
    const changes: Array<[string, string]> = [
      ['America/New_York', '2026-03-08T07:00Z'],
      ['America/New_York', '2026-11-01T06:00Z'],
      ['Europe/London', '2026-03-29T01:00Z'],
      ['Europe/London', '2026-10-25T01:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T15:00Z'],
      ['Australia/Lord_Howe', '2026-10-03T15:30Z'],
    ];
    for (const [zone, at] of changes) {
      for (let minutes = -180; minutes <= 180; minutes += 15) {
        const instant = new Date(Date.parse(at) + minutes * 60_000);
        expect(instantToLocal(instant, zone)).toBe(format(new TZDate(instant.getTime(), zone), "yyyy-MM-dd'T'HH:mm"));
      }
    }
  });

  it("date arithmetic: days added, weeks' Mondays and runs of days, as date-fns gives them in the zone", () => {
    for (let i = 0; i < 500; i++) {
      const zone = zones[i % zones.length]!;
      const date = format(new Date(Date.UTC(2025 + rand(5), rand(12), 1 + rand(28), 12)), 'yyyy-MM-dd');
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      const local = new TZDate(y, m - 1, d, zone);
      const days = rand(120) - 60;
      expect(addLocalDays(date, days, zone)).toBe(format(addDays(local, days), 'yyyy-MM-dd'));
      expect(weekStart(date, zone)).toBe(format(startOfWeek(local, { weekStartsOn: 1 }), 'yyyy-MM-dd'));
      const run = localDaysBetween(date, addLocalDays(date, 40, zone), zone);
      expect(run).toHaveLength(41);
      expect(run.at(-1)).toBe(format(addDays(local, 40), 'yyyy-MM-dd'));
    }
    expect(localDaysBetween('2026-03-02', '2026-03-01', POS)).toEqual([]);
  });
});
