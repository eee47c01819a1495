import { describe, expect, it } from 'vitest';
import { coverageSummary, gapLabel, initials } from './display';

describe('care-plan display words', () => {
  it('says a coverage gap as the issue words it', () => {
    expect(gapLabel('2027-03-02T18:00', '2027-03-03T08:00')).toBe('Tuesday 6 PM–8 AM: nobody assigned');
  });
  it('summarises coverage by the one shift list’s labels', () => {
    expect(coverageSummary(['weekday_8am_4pm'])).toBe('Monday – Friday, 8 AM – 4 PM');
    expect(coverageSummary([])).toBe('No fixed shifts');
    expect(initials('Keisha Ramdass')).toBe('KR');
  });
});
