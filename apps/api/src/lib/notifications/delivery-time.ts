import { TZDate } from '@date-fns/tz';
import { DEFAULT_QUIET_HOURS, DIGEST_LOCAL_TIME } from '@tavara/shared/notifications/notifications';
import { isTimeZone } from '@tavara/shared/time/format';
import { addDays, format } from 'date-fns';

/**
 * When a notification's e-mail may go out, in the recipient's own zone, through date-fns and
 * @date-fns/tz (no hand-written calendar arithmetic). Quiet hours run from 21:00 to 07:00 local
 * time: non-urgent mail created then waits for 07:00.
 */

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** The instant of the next `hhmm` wall-clock time in `zone` strictly after `now` (or at it). */
export function nextLocalTime(now: Date, zone: string, hhmm: string): Date {
  const local = new TZDate(now.getTime(), zone);
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  let candidate = new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), h, m, 0, 0, zone);
  if (candidate.getTime() < now.getTime()) {
    const tomorrow = addDays(candidate, 1);
    candidate = new TZDate(tomorrow.getFullYear(), tomorrow.getMonth(), tomorrow.getDate(), h, m, 0, 0, zone);
  }
  return new Date(candidate.getTime());
}

/** Whether `now` falls within quiet hours (21:00–07:00 by default) in `zone`. */
export function inQuietHours(now: Date, zone: string, hours: { start: string; end: string } = DEFAULT_QUIET_HOURS) {
  const local = new TZDate(now.getTime(), zone);
  const minute = local.getHours() * 60 + local.getMinutes();
  const start = minutesOf(hours.start);
  const end = minutesOf(hours.end);
  return start > end ? minute >= start || minute < end : minute >= start && minute < end;
}

/** When a single e-mail may be sent: now, or when quiet hours end for a non-urgent kind. */
export function emailSendAt(now: Date, zone: string, options: { quietHours: boolean; urgent: boolean }): Date {
  if (!options.quietHours || options.urgent || !inQuietHours(now, zone)) return now;
  return nextLocalTime(now, zone, DEFAULT_QUIET_HOURS.end);
}

/** The next daily digest: at 07:00 in `zone`, with its local date (one digest per person per day). */
export function nextDigest(now: Date, zone: string): { at: Date; localDate: string } {
  const at = nextLocalTime(now, zone, DIGEST_LOCAL_TIME);
  return { at, localDate: format(new TZDate(at.getTime(), zone), 'yyyy-MM-dd') };
}

/** A zone name the runtime knows, or the default: a bad stored zone must never stop delivery. */
export function safeZone(zone: string | null | undefined, fallback: string): string {
  return zone && isTimeZone(zone) ? zone : fallback;
}
