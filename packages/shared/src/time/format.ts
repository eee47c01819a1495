/**
 * Every date and time the app shows, formatted in one place (issue 15), each function stating
 * the zone it speaks in. Intl does the calendar work (no hand arithmetic); the locale is
 * Trinidad and Tobago English everywhere: day before month, "22 Nov 2026", "8 AM".
 *
 * Three kinds of time, three kinds of function:
 * - an instant shown in a named zone — `formatDate(at, CARE_TIME_ZONE)`, or a plan's own zone;
 * - an instant shown in the zone of the device reading it — only where that is meant (an
 *   admin's audit log, a developer's outbox): pass `VIEWER_TIME_ZONE`, so the call says so;
 * - a plan-local wall time the server already sends in the plan's zone (`YYYY-MM-DDTHH:MM`):
 *   the `formatPlan…` functions, which only put it into words and never move it across zones.
 *
 * Formatters are built on first use and kept, so importing this module costs nothing at load.
 */

/** Trinidad and Tobago: the zone of care times (shifts, doses, plans) unless a plan says otherwise. No DST. */
export const CARE_TIME_ZONE = 'America/Port_of_Spain';

/** "Whatever zone the reading device is set to": only where the viewer's own clock is meant. */
export const VIEWER_TIME_ZONE = 'viewer';

/** An IANA zone name, or VIEWER_TIME_ZONE. */
export type TimeZone = string;

/** A moment: a Date, an ISO string from the API, or epoch milliseconds. */
export type Instant = Date | string | number;

import { LOCALE } from './locale';

/** Whether the runtime knows `zone` as an IANA zone name (a stored or typed zone is checked before use). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat(LOCALE, { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: TimeZone, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const timeZone = zone === VIEWER_TIME_ZONE ? undefined : zone;
  const key = `${timeZone ?? ''}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

/** Formats `at`; a value that is no date comes back as written rather than breaking the page. */
function format(at: Instant, zone: TimeZone, options: Intl.DateTimeFormatOptions): string {
  const date = at instanceof Date ? at : new Date(at);
  return Number.isNaN(date.getTime()) ? String(at) : formatter(zone, options).format(date);
}

/** "22 Nov 2026": the date of `at` in `zone`. */
export function formatDate(at: Instant, zone: TimeZone): string {
  return format(at, zone, { dateStyle: 'medium' });
}

/** "22 November 2026": the date of `at` in `zone`, written out (certificates). */
export function formatLongDate(at: Instant, zone: TimeZone): string {
  return format(at, zone, { dateStyle: 'long' });
}

/**
 * "22 Nov 2026, 4:34 PM": date and time of day in `zone`, the time written as everywhere else
 * (formatPlanTime's "8 AM", "4:34 PM"; issue 31, item 8), not Intl's "4:34 pm".
 */
export function formatDateTime(at: Instant, zone: TimeZone): string {
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return String(at);
  const clock = formatter(zone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
  return `${formatDate(date, zone)}, ${formatPlanTime(clock)}`;
}

/** "22 Nov 2026, 16:34:10": to the second on a 24-hour clock in `zone`, for traces and logs read in order. */
export function formatTimestamp(at: Instant, zone: TimeZone): string {
  return format(at, zone, { dateStyle: 'medium', timeStyle: 'medium', hourCycle: 'h23' });
}

/** "2026-11-22": the calendar date of `at` in `zone` (a form's date field, a day's key). */
export function isoDateIn(at: Instant, zone: TimeZone): string {
  const date = at instanceof Date ? at : new Date(at);
  const parts = formatter(zone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

// Plan-local wall times: the server sends `YYYY-MM-DDTHH:MM` already in the plan's zone. Read as
// UTC and formatted in UTC, the words are exactly those digits, on any device in any zone.
function wallClock(local: string): Date {
  return new Date(`${local.length === 10 ? `${local}T00:00` : local}:00Z`);
}
const WALL = 'UTC';

/** "8 AM", "6:30 PM": the time of a plan-local `YYYY-MM-DDTHH:MM` (or `HH:MM`). */
export function formatPlanTime(local: string): string {
  const value = /^\d{2}:\d{2}$/.test(local) ? `1970-01-01T${local}` : local;
  return format(wallClock(value), WALL, { hour: 'numeric', minute: '2-digit', hour12: true })
    .replace(':00', '')
    .replace(/\s?am/i, ' AM')
    .replace(/\s?pm/i, ' PM');
}
/** "Tuesday": the weekday of a plan-local date or date-time. */
export function formatPlanWeekday(local: string): string {
  return format(wallClock(local), WALL, { weekday: 'long' });
}
/** "Tue, 3 Mar": a plan-local date, short. */
export function formatPlanShortDay(local: string): string {
  return format(wallClock(local), WALL, { weekday: 'short', day: 'numeric', month: 'short' });
}
/** "Tuesday, 3 March 2027": a plan-local date, in full. */
export function formatPlanLongDay(local: string): string {
  return format(wallClock(local), WALL, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}
/** "6 PM–8 AM": two plan-local times. */
export function formatPlanTimeRange(start: string, end: string): string {
  return `${formatPlanTime(start)}–${formatPlanTime(end)}`;
}
