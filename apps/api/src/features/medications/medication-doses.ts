import { tzOffset } from '@date-fns/tz';
import { WEEKDAYS } from '@tavara/shared/codes/shifts';
import type { MedicationSchedule } from '@tavara/shared/medications/medications';
import { differenceInCalendarDays, eachDayOfInterval, getDay, lightFormat } from 'date-fns';

/**
 * Dose generation (issue 17): the expected doses of one schedule between two plan-local dates,
 * as a pure function of its inputs. Calendar steps go through date-fns (a plan-local date is only a
 * label, so no zone is needed to walk the days); each dose's instant is the wall-clock time in the
 * plan's zone through @date-fns/tz. No hand-written calendar arithmetic.
 */

export interface ExpectedDose {
  /** Plan-local date `YYYY-MM-DD`. */
  localDate: string;
  /** Plan-local time `HH:MM`. */
  time: string;
  /** Plan-local `YYYY-MM-DDTHH:MM`: the dose's key on every screen and record. */
  local: string;
  at: Date;
  withFood: boolean;
  beforeBed: boolean;
}

export interface ActiveRange {
  startDate: string;
  endDate: string | null;
}

/** One plan-local calendar day of a range, walked once and shared by every medication. */
export interface PlanDay {
  localDate: string;
  weekday: (typeof WEEKDAYS)[number];
  /** Days since the range's first day: every-N-days schedules compare these. */
  ordinal: number;
}

// A plan-local date is a calendar label: it is walked as noon of the server's local calendar
// (noon, so no zone's midnight change can move it to another day) with date-fns.
const noonOf = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12);
};

/** Every plan-local day from `from` to `to` (inclusive). */
export function planDays(from: string, to: string): PlanDay[] {
  if (to < from) return [];
  const first = noonOf(from);
  return eachDayOfInterval({ start: first, end: noonOf(to) }).map((day) => ({
    localDate: lightFormat(day, 'yyyy-MM-dd'),
    weekday: WEEKDAYS[getDay(day)]!,
    ordinal: differenceInCalendarDays(day, first),
  }));
}

/** Days from `a` to `b` (plan-local dates). */
export function daysBetween(a: string, b: string): number {
  return differenceInCalendarDays(noonOf(b), noonOf(a));
}

/**
 * Memoised instants of wall-clock `YYYY-MM-DDTHH:MM` in `zone`. The zone's offset comes from
 * @date-fns/tz's `tzOffset` (its cached Intl lookup, ~50x cheaper than building a TZDate): the
 * offset at the naive instant, checked again at the result so a time just after a change of
 * offset lands right. 20 medications sharing a morning time look the zone up once.
 */
export function instantCache(zone: string) {
  const cache = new Map<string, Date>();
  return (local: string): Date => {
    let at = cache.get(local);
    if (!at) {
      const naive = Date.parse(`${local}:00Z`);
      const first = naive - tzOffset(zone, new Date(naive)) * 60_000;
      const second = naive - tzOffset(zone, new Date(first)) * 60_000;
      at = new Date(second);
      cache.set(local, at);
    }
    return at;
  };
}

export interface DoseContext {
  days: readonly PlanDay[];
  instantOf: (local: string) => Date;
}

/** The shared part of a plan's generation: its days and its zone's instants. */
export function doseContext(from: string, to: string, zone: string): DoseContext {
  return { days: planDays(from, to), instantOf: instantCache(zone) };
}

/**
 * The expected doses of `schedule` on the context's plan-local days, only while the medication is
 * active (`range`). As-needed schedules expect nothing. Sorted by time, never duplicated. `every N
 * days` counts from the start date.
 */
export function dosesIn(schedule: MedicationSchedule, range: ActiveRange, ctx: DoseContext): ExpectedDose[] {
  if (schedule.kind !== 'times' || schedule.times.length === 0 || ctx.days.length === 0) return [];
  const startOrdinal = daysBetween(ctx.days[0]!.localDate, range.startDate);
  const every = schedule.intervalDays ?? 1;
  const out: ExpectedDose[] = [];
  for (const day of ctx.days) {
    if (day.localDate < range.startDate) continue;
    if (range.endDate && day.localDate > range.endDate) break;
    if (schedule.repeat === 'weekdays' && !schedule.weekdays.includes(day.weekday)) continue;
    if (schedule.repeat === 'interval' && (day.ordinal - startOrdinal) % every !== 0) continue;
    for (const t of schedule.times) {
      const local = `${day.localDate}T${t.time}`;
      out.push({
        localDate: day.localDate,
        time: t.time,
        local,
        at: ctx.instantOf(local),
        withFood: t.withFood,
        beforeBed: t.beforeBed,
      });
    }
  }
  return out;
}

/** What `expectedDoses` reads of a medication row. */
export interface MedicationTiming extends ActiveRange {
  schedule: MedicationSchedule;
  scheduleHistory: ReadonlyArray<{
    schedule: MedicationSchedule;
    startDate: string;
    endDate: string | null;
    until: string;
  }>;
  stoppedAt: Date | null;
  /** The instant it was added: nothing before it was ever expected of it (issue 28). */
  createdAt: Date;
}

/**
 * A medication's expected doses in the context's days: each earlier schedule's up to the instant
 * it was replaced, the current one's from then on, none after it was stopped — and none before
 * the instant it was added (issue 28: a medication added at 9:49 for 08:00 did not miss its 08:00
 * dose that morning; its schedule starts when it was added, or at its start date if later). So
 * adding or editing a schedule changes what is expected from that moment on, never before it.
 * Every screen, report and reminder scan reads doses through this one function.
 */
export function expectedDoses(med: MedicationTiming, ctx: DoseContext): ExpectedDose[] {
  const out: ExpectedDose[] = [];
  let from: Date = med.createdAt;
  for (const version of med.scheduleHistory) {
    const until = new Date(version.until);
    for (const d of dosesIn(version.schedule, version, ctx)) {
      if (d.at >= from && d.at < until) out.push(d);
    }
    if (until > from) from = until;
  }
  for (const d of dosesIn(med.schedule, { startDate: med.startDate, endDate: med.endDate }, ctx)) {
    if (d.at >= from && (!med.stoppedAt || d.at <= med.stoppedAt)) out.push(d);
  }
  return out;
}

/** `dosesIn` for one schedule over plan-local `from`…`to` in `zone`. */
export function generateDoses(
  schedule: MedicationSchedule,
  range: ActiveRange,
  from: string,
  to: string,
  zone: string,
): ExpectedDose[] {
  return dosesIn(schedule, range, doseContext(from, to, zone));
}

/** `instant` as plan-local `YYYY-MM-DDTHH:MM` in `zone` (the zone's offset from @date-fns/tz). */
export function localOf(instant: Date, zone: string): string {
  return new Date(instant.getTime() + tzOffset(zone, instant) * 60_000).toISOString().slice(0, 16);
}
