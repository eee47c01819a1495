import { z } from 'zod';
import { offlineFieldsSchema } from '../offline/offline-work.schema';
import { optionalText } from '../validation/optional-text';
import { isoDateSchema, localDateTimeSchema } from '../time/date-params';
import { WEEKDAYS, type Weekday } from '../codes/shifts';

/**
 * Medications (issue 17): the option sets, the ONE schedule format and the input schemas. The
 * form, the server, the dose list, the reports and the dashboards all read a schedule through
 * `medicationScheduleSchema`; the earlier version kept three encodings and got its figures wrong.
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

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const timeOfDaySchema = z.string().trim().regex(TIME, MEDICATION_MESSAGES.badTime);

export const doseTimeSchema = z.object({
  time: timeOfDaySchema,
  withFood: z.boolean().default(false),
  beforeBed: z.boolean().default(false),
});
export type DoseTime = z.output<typeof doseTimeSchema>;

const optionalNumber = (min: number, max: number, message: string) =>
  z
    .union([z.literal(''), z.null(), z.coerce.number().int(message).min(min, message).max(max, message)])
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value));

/**
 * THE schedule: as needed (PRN, with an optional minimum interval and daily maximum), or times of
 * day on every day, chosen weekdays or every N days (counted from the medication's start date),
 * in the plan's time zone. Fields a kind does not use are normalised away, so one schedule has one
 * stored form.
 */
export const medicationScheduleSchema = z
  .object({
    kind: z.enum(['times', 'prn'], { message: 'Choose how the medication is taken.' }),
    times: z.array(doseTimeSchema).max(12, 'Use at most 12 times a day.').default([]),
    repeat: z.enum(REPEATS, { message: 'Choose which days.' }).default('daily'),
    weekdays: z.array(z.enum(WEEKDAYS)).max(7).default([]),
    intervalDays: optionalNumber(2, 30, MEDICATION_MESSAGES.badInterval),
    minIntervalHours: optionalNumber(1, 72, 'Choose a number of hours from 1 to 72.'),
    maxPerDay: optionalNumber(1, 24, 'Choose a number from 1 to 24.'),
  })
  .superRefine((s, ctx) => {
    if (s.kind === 'prn') return;
    if (s.times.length === 0) ctx.addIssue({ code: 'custom', path: ['times'], message: MEDICATION_MESSAGES.noTimes });
    const seen = new Set<string>();
    s.times.forEach((t, i) => {
      if (seen.has(t.time))
        ctx.addIssue({ code: 'custom', path: ['times', i, 'time'], message: MEDICATION_MESSAGES.duplicateTime });
      seen.add(t.time);
    });
    if (s.repeat === 'weekdays' && s.weekdays.length === 0)
      ctx.addIssue({ code: 'custom', path: ['weekdays'], message: MEDICATION_MESSAGES.noDays });
    if (s.repeat === 'interval' && s.intervalDays === null)
      ctx.addIssue({ code: 'custom', path: ['intervalDays'], message: MEDICATION_MESSAGES.badInterval });
  })
  .transform((s): MedicationSchedule =>
    s.kind === 'prn'
      ? { kind: 'prn', minIntervalHours: s.minIntervalHours, maxPerDay: s.maxPerDay }
      : {
          kind: 'times',
          times: [...s.times].sort((a, b) => a.time.localeCompare(b.time)),
          repeat: s.repeat,
          weekdays: s.repeat === 'weekdays' ? WEEKDAYS.filter((d) => s.weekdays.includes(d)) : [],
          intervalDays: s.repeat === 'interval' ? s.intervalDays : null,
        },
  );

/** The stored schedule (the output of `medicationScheduleSchema`). */
export type MedicationSchedule =
  | { kind: 'prn'; minIntervalHours: number | null; maxPerDay: number | null }
  | { kind: 'times'; times: DoseTime[]; repeat: Repeat; weekdays: Weekday[]; intervalDays: number | null };
export type MedicationScheduleInput = z.input<typeof medicationScheduleSchema>;

export const medicationInputSchema = z
  .object({
    name: z.string().trim().min(1, MEDICATION_MESSAGES.nameRequired).max(120, 'Use at most 120 characters.'),
    dosage: z.string().trim().min(1, MEDICATION_MESSAGES.dosageRequired).max(120, 'Use at most 120 characters.'),
    medicationType: z.enum(MEDICATION_TYPES, { message: 'Choose the type of medication.' }),
    instructions: optionalText(1000),
    specialInstructions: optionalText(1000),
    prescriber: optionalText(120),
    startDate: isoDateSchema,
    endDate: z
      .union([z.literal(''), isoDateSchema])
      .nullish()
      .transform((value) => value || null),
    schedule: medicationScheduleSchema,
  })
  .superRefine((m, ctx) => {
    if (m.endDate && m.endDate < m.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: MEDICATION_MESSAGES.endBeforeStart });
  });
export type MedicationInput = z.input<typeof medicationInputSchema>;
export type MedicationValues = z.output<typeof medicationInputSchema>;

/** What to do when the dose would be a second record within 2 hours. */
export const CONFLICT_CHOICES = ['ask', 'both', 'replace'] as const;
export type ConflictChoice = (typeof CONFLICT_CHOICES)[number];

/**
 * One record of a dose. `scheduledFor` (plan-local `YYYY-MM-DDTHH:MM`) names the expected dose it
 * answers; without it the record is an as-needed or extra dose. `givenAt` (plan-local) is when it
 * was given or refused — now if empty, never in the future (the server checks the instant).
 */
export const doseRecordInputSchema = z
  .object({
    medicationId: z.string().min(1).max(100),
    scheduledFor: localDateTimeSchema.nullish().transform((v) => v ?? null),
    status: z.enum(DOSE_STATUSES, { message: 'Choose what happened.' }),
    givenAt: z
      .union([z.literal(''), localDateTimeSchema])
      .nullish()
      .transform((v) => v || null),
    note: optionalText(1000),
    reason: optionalText(500),
    conflict: z.enum(CONFLICT_CHOICES).default('ask'),
    // Issue 29: recorded on a device without a connection, sent later.
    ...offlineFieldsSchema.shape,
  })
  .superRefine((r, ctx) => {
    if (r.status === 'skipped' && !r.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: MEDICATION_MESSAGES.reasonRequired });
  });
export type DoseRecordInput = z.input<typeof doseRecordInputSchema>;

/** A correction: a new record that supersedes the earlier one (records are never edited). */
export const doseCorrectionInputSchema = z
  .object({
    status: z.enum(DOSE_STATUSES, { message: 'Choose what happened.' }),
    givenAt: z
      .union([z.literal(''), localDateTimeSchema])
      .nullish()
      .transform((v) => v || null),
    note: optionalText(1000),
    reason: optionalText(500),
  })
  .superRefine((r, ctx) => {
    if (r.status === 'skipped' && !r.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: MEDICATION_MESSAGES.reasonRequired });
  });
export type DoseCorrectionInput = z.input<typeof doseCorrectionInputSchema>;

/** "Mark all morning doses given" for a caregiver's round, on a plan-local day. */
export const bulkDoseInputSchema = z.object({ date: isoDateSchema, period: z.literal('morning') });

export const reportPeriodSchema = z.coerce
  .number()
  .refine((n) => (REPORT_PERIODS as readonly number[]).includes(n), 'Choose 7, 14, 30 or 90 days.')
  .transform((n) => n as ReportPeriod);

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
export const doseGraceInputSchema = z.object({
  doseGraceMinutes: z
    .number({ error: 'Enter the number of minutes, from 5 to 720.' })
    .int('Enter whole minutes.')
    .min(5, 'Enter at least 5 minutes.')
    .max(720, 'Enter at most 720 minutes (12 hours).'),
});

/**
 * Supply and refills (issue 28): units on hand, what one dose takes, and how many days' supply
 * left brings the refill reminder (7 by default). Recording a refill sets the count anew.
 */
export const DEFAULT_REFILL_THRESHOLD_DAYS = 7;
// Coerced: the form sends what was typed; the API takes numbers.
export const supplyInputSchema = z.object({
  onHand: z.coerce
    .number({ error: 'Enter how many are on hand, e.g. 30.' })
    .min(0, 'Enter 0 or more.')
    .max(100_000, 'Enter at most 100,000.'),
  unitsPerDose: z.coerce
    .number({ error: 'Enter how many one dose takes, e.g. 1.' })
    .positive('Enter more than 0.')
    .max(1_000, 'Enter at most 1,000.'),
  refillThresholdDays: z.coerce
    .number({ error: 'Enter a number of days, from 1 to 90.' })
    .int('Enter whole days.')
    .min(1, 'Enter at least 1 day.')
    .max(90, 'Enter at most 90 days.'),
});
export type SupplyInput = z.infer<typeof supplyInputSchema>;

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
