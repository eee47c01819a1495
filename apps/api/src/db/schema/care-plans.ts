import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MemberKind, MemberStatus, TeamRole } from '@tavara/shared/care-team/care-team';
import type { PlanStatus, PlanType } from '@tavara/shared/care-plans/care-plans';
import type { ShiftStatus } from '@tavara/shared/shifts/shifts';
import { user } from './auth';

/**
 * Care plans, their teams and shifts (issue 16). Instants are `timestamptz`; a plan's calendar
 * dates are `date` in the plan's own time zone (`time_zone`). The rule that one caregiver is never
 * booked twice at once is an exclusion constraint in the hand-written migration
 * `*_shifts_no_overlap.sql` (drizzle-kit cannot express it): keep it when regenerating.
 */

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
const codes = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

export const carePlans = pgTable(
  'care_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The family user who made the plan: its owner. */
    familyId: text('family_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    recipientName: text('recipient_name').notNull(),
    planType: text('plan_type').$type<PlanType>().notNull(),
    /** Codes of the one shift list (packages/shared codes/shifts.ts). */
    weekdayCoverage: codes('weekday_coverage'),
    weekendCoverage: codes('weekend_coverage'),
    extraShifts: codes('extra_shifts'),
    customHours: text('custom_hours'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    notes: text('notes'),
    timeZone: text('time_zone').notNull().default('America/Port_of_Spain'),
    /** Minutes after a dose's time before the family is told it was not recorded (issue 28). */
    doseGraceMinutes: integer('dose_grace_minutes').notNull().default(60),
    status: text('status').$type<PlanStatus>().notNull().default('active'),
    /** Set instead of deleting a plan that has shifts (their history stays). */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('care_plans_plan_type_check', sql`${t.planType} in ('scheduled', 'on_demand', 'both')`),
    check('care_plans_status_check', sql`${t.status} in ('active', 'paused', 'completed')`),
    check('care_plans_dose_grace_check', sql`${t.doseGraceMinutes} between 5 and 720`),
    check('care_plans_dates_check', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    index('care_plans_family_id_idx').on(t.familyId),
  ],
);

/**
 * The columns of a membership row, one shape for a plan's care team and its care circle (issue
 * 33; decision 038 keeps them two tables): who was invited (an account, or an address until they
 * sign up), the note, the answer and the end, kept as history. `domain/membership.ts` holds the
 * rules over either table.
 */
export const membershipColumns = <Status extends string>() => ({
  id: uuid('id').primaryKey().defaultRandom(),
  planId: uuid('plan_id')
    .notNull()
    .references(() => carePlans.id, { onDelete: 'cascade' }),
  userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
  invitedEmail: text('invited_email'),
  note: text('note'),
  status: text('status')
    .$type<Status>()
    .notNull()
    .default('invited' as Status),
  invitedById: text('invited_by_id').references(() => user.id, { onDelete: 'set null' }),
  invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
  respondedAt: timestamp('responded_at', { withTimezone: true }),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  ...timestamps,
});

/**
 * One row per invitation: its answer and its end are kept as history (left, removed), never
 * deleted. `user_id` is null while an e-mail invitation waits for someone to sign up with
 * `invited_email`; it is filled when they answer.
 */
export const careTeamMembers = pgTable(
  'care_team_members',
  {
    ...membershipColumns<MemberStatus>(),
    kind: text('kind').$type<MemberKind>().notNull(),
    teamRole: text('team_role').$type<TeamRole>().notNull(),
  },
  (t) => [
    check('care_team_members_kind_check', sql`${t.kind} in ('professional', 'family')`),
    check(
      'care_team_members_role_check',
      sql`${t.teamRole} in ('caregiver', 'nurse', 'therapist', 'doctor', 'other', 'family_member')`,
    ),
    check('care_team_members_status_check', sql`${t.status} in ('invited', 'accepted', 'declined', 'left', 'removed')`),
    check('care_team_members_who_check', sql`${t.userId} is not null or ${t.invitedEmail} is not null`),
    // One live invitation or membership per person per plan (history rows may repeat).
    uniqueIndex('care_team_members_live_user_unique')
      .on(t.planId, t.userId)
      .where(sql`${t.status} in ('invited', 'accepted') and ${t.userId} is not null`),
    uniqueIndex('care_team_members_live_email_unique')
      .on(t.planId, t.invitedEmail)
      .where(sql`${t.status} = 'invited' and ${t.userId} is null`),
    // A plan's team (plan detail, the owner's history view) is read by plan alone; the partial
    // unique indexes above do not cover history rows, so without this it was a sequential scan.
    index('care_team_members_plan_id_idx').on(t.planId, t.invitedAt),
    index('care_team_members_user_id_idx').on(t.userId),
    index('care_team_members_invited_email_idx').on(t.invitedEmail),
  ],
);

export const shifts = pgTable(
  'shifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => carePlans.id, { onDelete: 'cascade' }),
    /** The shift-list code it was generated from; null for a one-off shift. */
    shiftCode: text('shift_code'),
    /** The plan-local day the shift starts on (follows the shift when it is edited). */
    localDate: date('local_date', { mode: 'string' }).notNull(),
    /**
     * The plan-local day a generated shift was made for; it never changes, so a shift moved to
     * another day still blocks its original slot and re-generating does not make it again.
     * Null for one-off shifts.
     */
    generatedDate: date('generated_date', { mode: 'string' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status').$type<ShiftStatus>().notNull().default('open'),
    assigneeId: text('assignee_id').references(() => user.id, { onDelete: 'set null' }),
    offeredToId: text('offered_to_id').references(() => user.id, { onDelete: 'set null' }),
    note: text('note'),
    /**
     * When it was last assigned (claimed or booked). A shift taken after its start is not a
     * missed check-in (issue 28): the scan compares this with `starts_at`.
     */
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    /** The device keys of the check-in and check-out (issue 29): a replay answers, never repeats. */
    checkInKey: text('check_in_key'),
    checkOutKey: text('check_out_key'),
    doneNote: text('done_note'),
    doneById: text('done_by_id').references(() => user.id, { onDelete: 'set null' }),
    changeReason: text('change_reason'),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check(
      'shifts_status_check',
      sql`${t.status} in ('open', 'offered', 'assigned', 'in_progress', 'done', 'missed', 'cancelled')`,
    ),
    check('shifts_times_check', sql`${t.endsAt} > ${t.startsAt}`),
    uniqueIndex('shifts_check_in_key_unique')
      .on(t.checkInKey)
      .where(sql`${t.checkInKey} is not null`),
    uniqueIndex('shifts_check_out_key_unique')
      .on(t.checkOutKey)
      .where(sql`${t.checkOutKey} is not null`),
    // An assigned shift has its caregiver and an open or offered one none; a started or done shift
    // keeps its record when its caregiver deleted their account (issue 22: "former team member").
    check(
      'shifts_assignee_check',
      sql`(${t.status} = 'assigned' and ${t.assigneeId} is not null) or (${t.status} in ('open', 'offered') and ${t.assigneeId} is null) or ${t.status} in ('in_progress', 'done', 'missed', 'cancelled')`,
    ),
    // Re-generating never duplicates: one generated shift per code per plan-local day it was made for.
    unique('shifts_generated_unique').on(t.planId, t.shiftCode, t.generatedDate),
    index('shifts_plan_starts_idx').on(t.planId, t.startsAt),
    // Week and "upcoming" reads bound ends_at from below: this skips a plan's past shifts (a
    // professional's week read 4x fewer heap pages on the demo set).
    index('shifts_plan_ends_idx').on(t.planId, t.endsAt),
    index('shifts_assignee_starts_idx').on(t.assigneeId, t.startsAt),
  ],
);

/** A person's private calendar feed: only a hash of the URL's secret is stored. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
