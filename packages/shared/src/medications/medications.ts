import { z } from 'zod';
import { offlineFieldsSchema } from '../offline/offline-work.schema';
import { optionalText } from '../validation/optional-text';
import { isoDateSchema, localDateTimeSchema } from '../time/date-params';
import { WEEKDAYS } from '../codes/shift-options';
import {
  CONFLICT_CHOICES,
  DOSE_STATUSES,
  MEDICATION_MESSAGES,
  MEDICATION_TYPES,
  REPEATS,
  REPORT_PERIODS,
  type DoseTime,
  type MedicationSchedule,
  type ReportPeriod,
} from './medication-codes';

export * from './medication-codes';

/**
 * Medications (issue 17): the input schemas. The form, the server, the dose list, the reports and
 * the dashboards all read a schedule through `medicationScheduleSchema`; the earlier version kept
 * three encodings and got its figures wrong. Option sets, messages and figures: medication-codes.ts.
 */

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const timeOfDaySchema = z.string().trim().regex(TIME, MEDICATION_MESSAGES.badTime);

export const doseTimeSchema = z.object({
  time: timeOfDaySchema,
  withFood: z.boolean().default(false),
  beforeBed: z.boolean().default(false),
}) satisfies z.ZodType<DoseTime, unknown>;

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

export const doseGraceInputSchema = z.object({
  doseGraceMinutes: z
    .number({ error: 'Enter the number of minutes, from 5 to 720.' })
    .int('Enter whole minutes.')
    .min(5, 'Enter at least 5 minutes.')
    .max(720, 'Enter at most 720 minutes (12 hours).'),
});

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
