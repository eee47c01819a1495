import { describe, expect, it } from 'vitest';
import {
  CARE_TIME_ZONE,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatPlanLongDay,
  formatPlanShortDay,
  formatPlanTime,
  formatPlanTimeRange,
  formatPlanWeekday,
  formatTimestamp,
  isoDateIn,
  isTimeZone,
} from './format';

// 03:30 UTC on 1 March is still 23:30 on 28 February in Trinidad (UTC−4).
const NEAR_MIDNIGHT_UTC = '2027-03-01T03:30:00Z';

describe('the date module states its zone', () => {
  it('shows care times in Trinidad and Tobago, a day behind UTC just after midnight UTC', () => {
    expect(CARE_TIME_ZONE).toBe('America/Port_of_Spain');
    expect(formatDate(NEAR_MIDNIGHT_UTC, CARE_TIME_ZONE)).toBe('28 Feb 2027');
    expect(formatDate(NEAR_MIDNIGHT_UTC, 'UTC')).toBe('1 Mar 2027');
    expect(isoDateIn(NEAR_MIDNIGHT_UTC, CARE_TIME_ZONE)).toBe('2027-02-28');
    expect(isoDateIn(new Date(NEAR_MIDNIGHT_UTC), 'UTC')).toBe('2027-03-01');
    expect(formatTimestamp(NEAR_MIDNIGHT_UTC, CARE_TIME_ZONE)).toBe('28 Feb 2027, 23:30:00');
  });

  it('keeps Trinidad at UTC−4 all year (no daylight saving), unlike New York', () => {
    for (const iso of ['2027-01-15T16:00:00Z', '2027-07-15T16:00:00Z']) {
      expect(formatTimestamp(iso, CARE_TIME_ZONE)).toMatch(/, 12:00:00$/);
    }
    expect(formatTimestamp('2027-01-15T16:00:00Z', 'America/New_York')).toMatch(/, 11:00:00$/);
    expect(formatTimestamp('2027-07-15T16:00:00Z', 'America/New_York')).toMatch(/, 12:00:00$/);
  });

  it('writes the day before the month, in the words people read', () => {
    expect(formatDateTime('2026-11-22T20:34:10Z', CARE_TIME_ZONE)).toBe('22 Nov 2026, 4:34 PM');
    expect(formatDateTime('2026-11-22T12:00:00Z', CARE_TIME_ZONE)).toBe('22 Nov 2026, 8 AM');
    expect(formatLongDate(new Date('2026-11-25T15:00:00Z'), CARE_TIME_ZONE)).toBe('25 November 2026');
    expect(formatTimestamp(Date.parse('2026-11-22T08:34:10Z'), CARE_TIME_ZONE)).toBe('22 Nov 2026, 04:34:10');
  });

  it('knows a zone name from a typo', () => {
    expect(isTimeZone(CARE_TIME_ZONE)).toBe(true);
    expect(isTimeZone('America/Port_of_Spian')).toBe(false);
  });

  it('gives back what is not a date rather than breaking the page', () => {
    expect(formatTimestamp('not a date', CARE_TIME_ZONE)).toBe('not a date');
  });
});

describe('plan-local wall times', () => {
  it('words the digits the server sent, never moving them across zones', () => {
    expect(formatPlanShortDay('2027-03-01')).toBe('Mon, 1 Mar');
    expect(formatPlanWeekday('2027-03-01T23:30')).toBe('Monday');
    expect(formatPlanLongDay('2027-03-02T00:15')).toBe('Tuesday, 2 March 2027');
    expect(formatPlanTimeRange('2027-03-02T08:30', '2027-03-02T16:00')).toBe('8:30 AM–4 PM');
    expect(formatPlanTime('2027-03-02T18:00')).toBe('6 PM');
    expect(formatPlanTime('00:05')).toBe('12:05 AM');
  });
});
