import { TZDate, tz } from '@date-fns/tz';
import { SHIFT_OPTIONS, WEEKDAYS, getShiftOption, type ShiftOption } from '@tavara/shared/codes/shifts';
import { addDays, addMonths, eachDayOfInterval, endOfMonth, format, getDay, startOfMonth, startOfWeek } from 'date-fns';

/**
 * Calendar work for shifts, all through date-fns and @date-fns/tz (no hand-written calendar
 * arithmetic): plan-local dates and wall-clock times become instants in the plan's zone, and back.
 */

function dateParts(value: string): [number, number, number] {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return [y, m - 1, d];
}

/** The instant of wall-clock `YYYY-MM-DDTHH:MM` in `zone`. */
export function localToInstant(local: string, zone: string): Date {
  const [y, m, d] = dateParts(local.slice(0, 10));
  const [hh, mm] = local.slice(11, 16).split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, m, d, hh, mm, 0, 0, zone).getTime());
}

/** `instant` as wall-clock `YYYY-MM-DDTHH:MM` in `zone`. */
export function instantToLocal(instant: Date, zone: string): string {
  return format(new TZDate(instant.getTime(), zone), "yyyy-MM-dd'T'HH:mm");
}

/** The plan-local date (`YYYY-MM-DD`) of `instant`. */
export function localDateOf(instant: Date, zone: string): string {
  return format(new TZDate(instant.getTime(), zone), 'yyyy-MM-dd');
}

/** `days` after plan-local date `date`, as `YYYY-MM-DD`. */
export function addLocalDays(date: string, days: number, zone: string): string {
  const [y, m, d] = dateParts(date);
  return format(addDays(new TZDate(y, m, d, zone), days), 'yyyy-MM-dd');
}

/** Every plan-local date from `from` to `to`, both included (none when `to` is before `from`). */
export function localDaysBetween(from: string, to: string, zone: string): string[] {
  if (to < from) return [];
  const [fy, fm, fd] = dateParts(from);
  const [ty, tm, td] = dateParts(to);
  return eachDayOfInterval(
    { start: new TZDate(fy, fm, fd, zone), end: new TZDate(ty, tm, td, zone) },
    { in: tz(zone) },
  ).map((day) => format(day, 'yyyy-MM-dd'));
}

/** The Monday of the plan-local week that holds `date`. */
export function weekStart(date: string, zone: string): string {
  const [y, m, d] = dateParts(date);
  return format(startOfWeek(new TZDate(y, m, d, zone), { weekStartsOn: 1 }), 'yyyy-MM-dd');
}

export type CalendarView = 'day' | 'week' | 'month';

/**
 * The plan-local range a day / week (Monday–Sunday) / month view around `date` shows, with the
 * dates the previous and next views open on.
 */
export function viewRange(view: CalendarView, date: string, zone: string) {
  const [y, m, d] = dateParts(date);
  const day = new TZDate(y, m, d, zone);
  const iso = (value: Date) => format(value, 'yyyy-MM-dd');
  if (view === 'day') return { from: date, to: date, previous: iso(addDays(day, -1)), next: iso(addDays(day, 1)) };
  if (view === 'week') {
    const from = startOfWeek(day, { weekStartsOn: 1 });
    return {
      from: iso(from),
      to: iso(addDays(from, 6)),
      previous: iso(addDays(from, -7)),
      next: iso(addDays(from, 7)),
    };
  }
  return {
    from: iso(startOfMonth(day)),
    to: iso(endOfMonth(day)),
    previous: iso(addMonths(startOfMonth(day), -1)),
    next: iso(addMonths(startOfMonth(day), 1)),
  };
}

export interface GeneratedShift {
  shiftCode: string;
  localDate: string;
  startsAt: Date;
  endsAt: Date;
}

function shiftOnDay(shift: ShiftOption, day: TZDate, zone: string): GeneratedShift | null {
  if (shift.kind !== 'fixed' || !shift.startTime || !shift.endTime) return null;
  if (!shift.days.includes(WEEKDAYS[getDay(day)]!)) return null;
  const localDate = format(day, 'yyyy-MM-dd');
  // Overnight shifts end on the next calendar day of the plan's zone.
  const endDate = shift.overnight ? format(addDays(day, 1), 'yyyy-MM-dd') : localDate;
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
  const [fy, fm, fd] = dateParts(from);
  const [ty, tm, td] = dateParts(to);
  const days = eachDayOfInterval(
    { start: new TZDate(fy, fm, fd, zone), end: new TZDate(ty, tm, td, zone) },
    { in: tz(zone) },
  );
  const out: GeneratedShift[] = [];
  for (const day of days) {
    for (const option of options) {
      const shift = shiftOnDay(option, day, zone);
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
