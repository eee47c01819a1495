import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { DoseStatus, MedicationSchedule, MedicationType } from '@tavara/shared/medications/medications';
import { user } from './auth';
import { carePlans } from './care-plans';

/**
 * A schedule the medication had before an edit, and the instant it stopped applying. Doses it
 * expected before `until` stay expected (and counted) after the edit; the current schedule
 * applies from the last `until` on.
 */
export type MedicationScheduleVersion = {
  schedule: MedicationSchedule;
  startDate: string;
  endDate: string | null;
  /** ISO instant. */
  until: string;
};

/**
 * Medications of a care plan and the records of their doses (issue 17). A medication's schedule
 * is the ONE format of `packages/shared/src/medications/medications.ts` (jsonb, written only
 * after that schema parsed it). Records are an audit trail: a correction is a new row that
 * supersedes the earlier one (`supersedes_id`, and `superseded_at` on the earlier row), never an
 * edit.
 */
export const medications = pgTable(
  'medications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => carePlans.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    dosage: text('dosage').notNull(),
    medicationType: text('medication_type').$type<MedicationType>().notNull(),
    instructions: text('instructions'),
    specialInstructions: text('special_instructions'),
    prescriber: text('prescriber'),
    /** Plan-local dates. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    schedule: jsonb('schedule').$type<MedicationSchedule>().notNull(),
    /** Earlier schedules, oldest first: an edit never rewrites which doses were expected. */
    scheduleHistory: jsonb('schedule_history')
      .$type<MedicationScheduleVersion[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * Supply (issue 28): units on hand (null = not counted), what one dose takes off it, and how
     * many days' supply left sends the refill reminder. `refill_reminded_at` is set when the
     * reminder goes and cleared when a refill is recorded, so it is sent once per fall.
     */
    supplyOnHand: numeric('supply_on_hand', { precision: 10, scale: 2, mode: 'number' }),
    unitsPerDose: numeric('units_per_dose', { precision: 8, scale: 2, mode: 'number' }).notNull().default(1),
    refillThresholdDays: integer('refill_threshold_days').notNull().default(7),
    refillRemindedAt: timestamp('refill_reminded_at', { withTimezone: true }),
    /** Stopped medications keep their records; they are listed apart and expect no more doses. */
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    createdById: text('created_by_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check(
      'medications_type_check',
      sql`${t.medicationType} in ('prescription', 'over_the_counter', 'supplement', 'vitamin', 'herbal')`,
    ),
    check('medications_supply_check', sql`${t.supplyOnHand} is null or ${t.supplyOnHand} >= 0`),
    check('medications_units_per_dose_check', sql`${t.unitsPerDose} > 0`),
    check('medications_refill_threshold_check', sql`${t.refillThresholdDays} between 1 and 90`),
    check('medications_dates_check', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    index('medications_plan_id_idx').on(t.planId),
  ],
);

export const doseRecords = pgTable(
  'dose_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    medicationId: uuid('medication_id')
      .notNull()
      .references(() => medications.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => carePlans.id, { onDelete: 'cascade' }),
    /** The expected dose this answers; null for an as-needed or extra dose. */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    status: text('status').$type<DoseStatus>().notNull(),
    /** When it was given or refused (never in the future); null for missed and skipped. */
    givenAt: timestamp('given_at', { withTimezone: true }),
    recordedById: text('recorded_by_id').references(() => user.id, { onDelete: 'set null' }),
    /** The recorder's part in the plan when they recorded: owner, or their team role. */
    recorderRole: text('recorder_role').notNull(),
    note: text('note'),
    reason: text('reason'),
    /** "Record both": the earlier record within 2 hours this one was knowingly added beside. */
    linkedToId: uuid('linked_to_id').references((): AnyPgColumn => doseRecords.id, { onDelete: 'set null' }),
    /** The record this one corrects or replaces. */
    supersedesId: uuid('supersedes_id').references((): AnyPgColumn => doseRecords.id, { onDelete: 'set null' }),
    /** Set when a later record supersedes this one; such rows are history only. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    /**
     * The key the recording device made for this record (issue 29: recorded offline, sent later):
     * unique, so a retry, a double tap or a second tab never records the dose twice.
     */
    clientKey: text('client_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dose_records_client_key_unique')
      .on(t.clientKey)
      .where(sql`${t.clientKey} is not null`),
    check('dose_records_status_check', sql`${t.status} in ('given', 'missed', 'refused', 'skipped')`),
    check('dose_records_given_at_check', sql`(${t.status} in ('given', 'refused')) = (${t.givenAt} is not null)`),
    // A record is superseded once: two corrections at once cannot both win.
    uniqueIndex('dose_records_supersedes_unique')
      .on(t.supersedesId)
      .where(sql`${t.supersedesId} is not null`),
    // One current answer per expected dose ("Record both" adds linked rows beside it).
    uniqueIndex('dose_records_slot_unique')
      .on(t.medicationId, t.scheduledFor)
      .where(sql`${t.scheduledFor} is not null and ${t.supersededAt} is null and ${t.linkedToId} is null`),
    index('dose_records_medication_given_idx').on(t.medicationId, t.givenAt),
    index('dose_records_plan_scheduled_idx').on(t.planId, t.scheduledFor),
    index('dose_records_plan_created_idx').on(t.planId, t.createdAt),
  ],
);
