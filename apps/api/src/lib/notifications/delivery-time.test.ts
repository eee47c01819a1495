import { describe, expect, it } from 'vitest';
import { emailSendAt, inQuietHours, nextDigest } from './delivery-time';

/** Quiet hours (21:00–07:00 in the person's zone) on both sides of midnight, and across DST (issue 28). */
describe('quiet hours across midnight', () => {
  const tt = 'America/Port_of_Spain';
  const ny = 'America/New_York';
  const notUrgent = { quietHours: true, urgent: false };

  it('holds a non-urgent message from 23:30 and from 00:30 to the same 07:00; urgent ones go at once', () => {
    const lateEvening = new Date('2026-11-28T03:30:00Z'); // 23:30 on the 27th in Port of Spain
    const afterMidnight = new Date('2026-11-28T04:30:00Z'); // 00:30 on the 28th
    const seven = new Date('2026-11-28T11:00:00Z'); // 07:00 on the 28th
    expect(inQuietHours(lateEvening, tt)).toBe(true);
    expect(inQuietHours(afterMidnight, tt)).toBe(true);
    expect(emailSendAt(lateEvening, tt, notUrgent)).toEqual(seven);
    expect(emailSendAt(afterMidnight, tt, notUrgent)).toEqual(seven);
    expect(emailSendAt(afterMidnight, tt, { quietHours: true, urgent: true })).toEqual(afterMidnight);
    expect(emailSendAt(afterMidnight, tt, { quietHours: false, urgent: false })).toEqual(afterMidnight);
    expect(inQuietHours(new Date('2026-11-28T11:00:00Z'), tt)).toBe(false);
  });

  it('counts quiet hours in the person’s own zone, daylight saving included', () => {
    // 02:00 UTC is 21:00 in New York in winter (EST, quiet) but 22:00 in summer (EDT, quiet too);
    // 01:30 UTC is 20:30 in winter (not quiet) and 21:30 in summer (quiet).
    expect(inQuietHours(new Date('2027-01-15T01:30:00Z'), ny)).toBe(false);
    expect(inQuietHours(new Date('2027-07-15T01:30:00Z'), ny)).toBe(true);
    // The morning the clocks go forward (14 March 2027) 07:00 EDT is 11:00 UTC; the day before 12:00 UTC.
    expect(emailSendAt(new Date('2027-03-14T05:00:00Z'), ny, notUrgent)).toEqual(new Date('2027-03-14T11:00:00Z'));
    expect(emailSendAt(new Date('2027-03-13T05:00:00Z'), ny, notUrgent)).toEqual(new Date('2027-03-13T12:00:00Z'));
    expect(nextDigest(new Date('2027-03-14T05:00:00Z'), ny)).toEqual({
      at: new Date('2027-03-14T11:00:00Z'),
      localDate: '2027-03-14',
    });
  });
});
