import { TZDate } from '@date-fns/tz';
import { SHIFT_OPTIONS, WEEKDAYS, getShiftOption, type ShiftOption } from '@tavara/shared/codes/shifts';
import { format } from 'date-fns';

/**
 * Calendar work for shifts: plan-local dates and wall-clock times become instants in the plan's
 * zone, and back. No hand-written calendar rules: the zone's offsets come from the runtime's time
 * zone data (Intl, through @date-fns/tz) and the calendar from the engine's own `Date.UTC`.
 *
 * Two kinds of work, kept apart for speed (issue 35: the care plan page's read spent a tenth of
 * its CPU here — each `TZDate` asks Intl for the zone's offset several times, ~100 µs a call):
 * - a plan-local **date** (`YYYY-MM-DD`) has no zone: the day after 31 January is 1 February in
 *   every zone, and a date's weekday is the same everywhere. Date arithmetic runs on UTC
 *   midnights (`utcDay`), with no zone lookups at all; the `zone` arguments stay so every call
 *   reads "in the plan's zone" and nothing changes for callers.
 * - an **instant** ↔ wall clock needs the zone: one cached `Intl.DateTimeFormat` per zone turns an
 *   instant into its wall clock in one call; a wall clock becomes an instant through TZDate
 *   (which resolves daylight-saving gaps and overlaps the way date-fns does everywhere else).
 */

function dateParts(value: string): [number, number, number] {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return [y, m - 1, d];
}

/** A calendar date as the UTC midnight of that date: date arithmetic with no zone involved. */
function utcDay(date: string, plusDays = 0): Date {
  const [y, m, d] = dateParts(date);
  return new Date(Date.UTC(y, m, d + plusDays));
}
const isoDay = (day: Date) => day.toISOString().slice(0, 10);

/** One formatter per zone, built once: `2026-03-02, 08:00` (en-CA writes dates as ISO does). */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
function wallClockParts(instant: Date, zone: string): { readonly date: string; readonly time: string } {
  let formatter = wallClockFormats.get(zone);
  if (!formatter) {
    // eslint-disable-next-line no-restricted-properties -- data, not display: the zone's wall clock, parsed below
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    wallClockFormats.set(zone, formatter);
  }
  const key = `${zone} ${instant.getTime()}`;
  const known = wallClocks.get(key);
  if (known) return known;
  const part: Record<string, string> = {};
  for (const { type, value } of formatter.formatToParts(instant)) part[type] = value;
  const parts = { date: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}` };
  if (wallClocks.size >= WALL_CLOCKS_KEPT) wallClocks.delete(wallClocks.keys().next().value!);
  wallClocks.set(key, parts);
  return parts;
}

/**
 * The wall clocks already worked out, by zone and instant, oldest first. `formatToParts` was a
 * tenth of the professional schedule's CPU (two a shift); the same shifts' starts and ends are
 * shown again and again (schedule, plan, dashboards), and an instant's wall clock in a zone never
 * changes while the process runs. Bounded: the oldest goes first.
 */
const wallClocks = new Map<string, { readonly date: string; readonly time: string }>();
const WALL_CLOCKS_KEPT = 20_000;

/** The instant of wall-clock `YYYY-MM-DDTHH:MM` in `zone`. */
export function localToInstant(local: string, zone: string): Date {
  const [y, m, d] = dateParts(local.slice(0, 10));
  const [hh, mm] = local.slice(11, 16).split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, m, d, hh, mm, 0, 0, zone).getTime());
}

/** `instant` as wall-clock `YYYY-MM-DDTHH:MM` in `zone`. */
export function instantToLocal(instant: Date, zone: string): string {
  const { date, time } = wallClockParts(instant, zone);
  return `${date}T${time}`;
}

/** The plan-local date (`YYYY-MM-DD`) of `instant`. */
export function localDateOf(instant: Date, zone: string): string {
  return wallClockParts(instant, zone).date;
}

/** `days` after plan-local date `date`, as `YYYY-MM-DD` (a date's arithmetic needs no zone). */
export function addLocalDays(date: string, days: number, _zone: string): string {
  return isoDay(utcDay(date, days));
}

/** Every plan-local date from `from` to `to`, both included (none when `to` is before `from`). */
export function localDaysBetween(from: string, to: string, _zone: string): string[] {
  const days: string[] = [];
  for (let day = utcDay(from), end = utcDay(to); day <= end; day = new Date(day.getTime() + DAY_MS)) {
    days.push(isoDay(day));
  }
  return days;
}
/** A UTC day is always 24 hours long (UTC has no daylight saving): the step between UTC midnights. */
const DAY_MS = 86_400_000;

/** The Monday of the plan-local week that holds `date`. */
export function weekStart(date: string, _zone: string): string {
  const sinceMonday = (utcDay(date).getUTCDay() + 6) % 7;
  return isoDay(utcDay(date, -sinceMonday));
}

export type CalendarView = 'day' | 'week' | 'month';

/**
 * The plan-local range a day / week (Monday–Sunday) / month view around `date` shows, with the
 * dates the previous and next views open on.
 */
export function viewRange(view: CalendarView, date: string, zone: string) {
  if (view === 'day')
    return { from: date, to: date, previous: isoDay(utcDay(date, -1)), next: isoDay(utcDay(date, 1)) };
  if (view === 'week') {
    const from = weekStart(date, zone);
    return {
      from,
      to: addLocalDays(from, 6, zone),
      previous: addLocalDays(from, -7, zone),
      next: addLocalDays(from, 7, zone),
    };
  }
  const [y, m] = dateParts(date);
  const month = (offset: number, day: number) => isoDay(new Date(Date.UTC(y, m + offset, day)));
  // Day 0 of the next month is the last day of this one.
  return { from: month(0, 1), to: month(1, 0), previous: month(-1, 1), next: month(1, 1) };
}

export interface GeneratedShift {
  shiftCode: string;
  localDate: string;
  startsAt: Date;
  endsAt: Date;
}

function shiftOnDay(shift: ShiftOption, localDate: string, weekday: number, zone: string): GeneratedShift | null {
  if (shift.kind !== 'fixed' || !shift.startTime || !shift.endTime) return null;
  if (!shift.days.includes(WEEKDAYS[weekday]!)) return null;
  // Overnight shifts end on the next calendar day of the plan's zone.
  const endDate = shift.overnight ? addLocalDays(localDate, 1, zone) : localDate;
  return {
    shiftCode: shift.code,
    localDate,
    startsAt: localToInstant(`${localDate}T${shift.startTime}`, zone),
    endsAt: localToInstant(`${endDate}T${shift.endTime}`, zone),
  };
}

/**
 * Every shift of `codes` that starts on a plan-local day from `from` to `to` (inclusive), in
 * `zone`. Codes without fixed hours (flexible, live-in, custom) generate nothing: those shifts
 * are added one by one. Sorted by start.
 */
export function generateShiftTimes(codes: readonly string[], from: string, to: string, zone: string): GeneratedShift[] {
  const options = [...new Set(codes)].map(getShiftOption).filter((s): s is ShiftOption => s !== undefined);
  if (options.length === 0 || to < from) return [];
  const out: GeneratedShift[] = [];
  for (const localDate of localDaysBetween(from, to, zone)) {
    const weekday = utcDay(localDate).getUTCDay();
    for (const option of options) {
      const shift = shiftOnDay(option, localDate, weekday, zone);
      if (shift) out.push(shift);
    }
  }
  return out.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** Every code in the list, for tests. */
export const ALL_SHIFT_CODES = SHIFT_OPTIONS.map((s) => s.code);

/** A shift's start as people say it ("Tue 3 Mar, 8:00 AM"), in the plan's zone, for notifications. */
export function shiftStartLabel(startsAt: Date, zone: string): string {
  return format(new TZDate(startsAt.getTime(), zone), 'EEE d MMM, h:mm a');
}
