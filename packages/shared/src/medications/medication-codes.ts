import type { Weekday } from '../codes/shift-options';

/**
 * Medications (issue 17): the option sets, the stored schedule's shape, the messages and the
 * figures drawn from a schedule. No zod here: the pages that show medications and doses read
 * these without loading any schema (issue 35); the input schemas are in medications.ts, which
 * re-exports all of this.
 */

export const MEDICATION_TYPES = ['prescription', 'over_the_counter', 'supplement', 'vitamin', 'herbal'] as const;
export type MedicationType = (typeof MEDICATION_TYPES)[number];
export const MEDICATION_TYPE_LABELS: Record<MedicationType, string> = {
  prescription: 'Prescription',
  over_the_counter: 'Over the counter',
  supplement: 'Supplement',
  vitamin: 'Vitamin',
  herbal: 'Herbal',
};

/** What happened to a dose. `given` and `refused` carry the time; `skipped` carries a reason. */
export const DOSE_STATUSES = ['given', 'missed', 'refused', 'skipped'] as const;
export type DoseStatus = (typeof DOSE_STATUSES)[number];
export const DOSE_STATUS_LABELS: Record<DoseStatus | 'due', string> = {
  due: 'Due',
  given: 'Given',
  missed: 'Missed',
  refused: 'Refused',
  skipped: 'Skipped',
};

export const REPEATS = ['daily', 'weekdays', 'interval'] as const;
export type Repeat = (typeof REPEATS)[number];
export const REPEAT_LABELS: Record<Repeat, string> = {
  daily: 'Every day',
  weekdays: 'On chosen days of the week',
  interval: 'Every few days',
};

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
/** Monday first, as people in Trinidad and Tobago read a week. */
export const WEEKDAYS_FROM_MONDAY: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** Adherence over these periods (days). */
export const REPORT_PERIODS = [7, 14, 30, 90] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** A second record of the same medication within this many hours warns and asks. */
export const CONFLICT_WINDOW_HOURS = 2;
/** A dose given more than this long after it was due counts as late. */
export const LATE_AFTER_MINUTES = 60;
/** Doses due before this hour (plan-local) make the morning round. */
export const MORNING_ENDS = '12:00';

export const MEDICATION_MESSAGES = {
  nameRequired: 'Enter the name of the medication.',
  dosageRequired: 'Enter the dosage, for example 500 mg or 2 tablets.',
  endBeforeStart: 'The end date must be on or after the start date.',
  badTime: 'Enter a time between 00:00 and 23:59.',
  noTimes: 'Add at least one time of day.',
  duplicateTime: 'This time is already in the schedule.',
  noDays: 'Choose at least one day of the week.',
  badInterval: 'Choose a number of days from 2 to 30.',
  futureRecord: 'The time given cannot be in the future.',
  reasonRequired: 'Please give a reason.',
  prnReasonRequired: 'Say why this as-needed dose was given.',
  notFound: 'This medication does not exist (any more).',
  recordNotFound: 'This record does not exist (any more).',
  alreadyCorrected: 'This record has already been corrected. Refresh to see the latest.',
  notRecorder: 'Only the family and accepted team members can record doses.',
  ownerOnly: 'Only the family who made this plan can change its medications.',
  stopped: 'This medication has been stopped, so doses cannot be recorded for it.',
  notScheduled: 'This medication is not due at that time.',
  slotTaken: 'This dose was just recorded by someone else. Refresh to see it.',
} as const;

/** The warning of the 2-hour conflict check, with who recorded the earlier dose and when. */
export function conflictMessage(earlier: { time: string; by: string }): string {
  return `This medication was already recorded at ${earlier.time} by ${earlier.by}, less than ${CONFLICT_WINDOW_HOURS} hours ago.`;
}

/** A time of day in a schedule (the output of `doseTimeSchema`). */
export interface DoseTime {
  time: string;
  withFood: boolean;
  beforeBed: boolean;
}

/** The stored schedule (the output of `medicationScheduleSchema`). */
export type MedicationSchedule =
  | { kind: 'prn'; minIntervalHours: number | null; maxPerDay: number | null }
  | { kind: 'times'; times: DoseTime[]; repeat: Repeat; weekdays: Weekday[]; intervalDays: number | null };
/** What to do when the dose would be a second record within 2 hours. */
export const CONFLICT_CHOICES = ['ask', 'both', 'replace'] as const;
export type ConflictChoice = (typeof CONFLICT_CHOICES)[number];

/** Adherence as a whole percentage, or null when nothing was expected. */
export function adherencePercent(given: number, expected: number): number | null {
  return expected > 0 ? Math.round((given / expected) * 100) : null;
}

/** Green at 90 % and above, amber at 70 %, red below (issue 17). */
export function adherenceTone(percent: number | null): 'good' | 'fair' | 'poor' | 'none' {
  if (percent === null) return 'none';
  if (percent >= 90) return 'good';
  if (percent >= 70) return 'fair';
  return 'poor';
}

/** "Every day at 8 AM and 8 PM" — a schedule in words. */
export function scheduleSummary(schedule: MedicationSchedule, formatTime: (hhmm: string) => string): string {
  if (schedule.kind === 'prn') {
    const limits = [
      schedule.minIntervalHours ? `at least ${schedule.minIntervalHours} h apart` : null,
      schedule.maxPerDay ? `at most ${schedule.maxPerDay} a day` : null,
    ].filter(Boolean);
    return limits.length > 0 ? `As needed (${limits.join(', ')})` : 'As needed';
  }
  const times = schedule.times.map((t) => formatTime(t.time));
  const at = times.length > 1 ? `${times.slice(0, -1).join(', ')} and ${times.at(-1)}` : times[0];
  const days =
    schedule.repeat === 'daily'
      ? 'Every day'
      : schedule.repeat === 'interval'
        ? `Every ${schedule.intervalDays} days`
        : WEEKDAYS_FROM_MONDAY.filter((d) => schedule.weekdays.includes(d))
            .map((d) => WEEKDAY_LABELS[d].slice(0, 3))
            .join(', ');
  return `${days} at ${at}`;
}

/**
 * The plan's grace period (issue 28): how long after a dose's time, still unrecorded, the family
 * is told it was missed. 60 minutes unless the family sets another (5 minutes to 12 hours).
 */
export const DEFAULT_DOSE_GRACE_MINUTES = 60;

/**
 * Supply and refills (issue 28): units on hand, what one dose takes, and how many days' supply
 * left brings the refill reminder (7 by default). Recording a refill sets the count anew.
 */
export const DEFAULT_REFILL_THRESHOLD_DAYS = 7;

/** Expected doses per day on average (a weekly or every-N-days schedule spread out); null for as-needed. */
export function dosesPerDay(schedule: MedicationSchedule): number | null {
  if (schedule.kind !== 'times' || schedule.times.length === 0) return null;
  const n = schedule.times.length;
  if (schedule.repeat === 'weekdays') return (n * schedule.weekdays.length) / 7;
  if (schedule.repeat === 'interval') return n / (schedule.intervalDays ?? 1);
  return n;
}

/** Whole days the supply lasts at the schedule's pace ("about N days left"); null when not counted. */
export function daysOfSupply(onHand: number | null, unitsPerDose: number, schedule: MedicationSchedule): number | null {
  const perDay = dosesPerDay(schedule);
  if (onHand === null || !perDay) return null;
  return Math.floor(onHand / (unitsPerDose * perDay));
}
