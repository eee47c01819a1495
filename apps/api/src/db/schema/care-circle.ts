import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ContactSharing } from '@tavara/shared/care-circle/contacts';
import type { CircleStatus, HelpKind, HelpRequestStatus, SignupStatus } from '@tavara/shared/care-circle/care-circle';
import type { TtRegionCode } from '@tavara/shared/codes/tt-regions';
import { user } from './auth';
import { carePlans, membershipColumns } from './care-plans';

/**
 * A plan's care circle and its help requests (issue 30, decision 038). The circle is its own table,
 * not a kind of team member: every query that reads `care_team_members` (the plan, shifts,
 * medications, reminders) keeps meaning "the team", so a circle member can never slip into one.
 */

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** One row per invitation, kept as history (left, removed) like the team's. */
export const careCircleMembers = pgTable('care_circle_members', membershipColumns<CircleStatus>(), (t) => [
  check('care_circle_members_status_check', sql`${t.status} in ('invited', 'accepted', 'declined', 'left', 'removed')`),
  check('care_circle_members_who_check', sql`${t.userId} is not null or ${t.invitedEmail} is not null`),
  uniqueIndex('care_circle_members_live_user_unique')
    .on(t.planId, t.userId)
    .where(sql`${t.status} in ('invited', 'accepted') and ${t.userId} is not null`),
  uniqueIndex('care_circle_members_live_email_unique')
    .on(t.planId, t.invitedEmail)
    .where(sql`${t.status} = 'invited' and ${t.userId} is null`),
  index('care_circle_members_plan_id_idx').on(t.planId, t.invitedAt),
  index('care_circle_members_user_id_idx').on(t.userId),
  index('care_circle_members_invited_email_idx').on(t.invitedEmail),
  // The invitation limits count an inviter's last 24 hours across team and circle.
  index('care_circle_members_inviter_idx').on(t.invitedById, t.invitedAt),
]);

/** Something the family needs done, at a time, by `helpers_needed` people. */
export const helpRequests = pgTable(
  'help_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => carePlans.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<HelpKind>().notNull(),
    title: text('title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** A text address, shown only to the people who signed up (and the family). */
    place: text('place'),
    notes: text('notes'),
    helpersNeeded: integer('helpers_needed').notNull().default(1),
    status: text('status').$type<HelpRequestStatus>().notNull().default('open'),
    createdById: text('created_by_id').references(() => user.id, { onDelete: 'set null' }),
    /** The form's one-time key: a retried "Post" (a lost answer on a patchy line) posts once. */
    clientKey: uuid('client_key'),
    /** Shared with the community members of this region (item 3), or null: the circle only. */
    publicRegion: text('public_region').$type<TtRegionCode>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('help_requests_client_key_unique').on(t.planId, t.clientKey),
    check(
      'help_requests_kind_check',
      sql`${t.kind} in ('meal', 'ride', 'visit', 'errand', 'pharmacy', 'home_help', 'other')`,
    ),
    check('help_requests_status_check', sql`${t.status} in ('open', 'cancelled')`),
    check('help_requests_times_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('help_requests_helpers_check', sql`${t.helpersNeeded} between 1 and 10`),
    index('help_requests_plan_starts_idx').on(t.planId, t.startsAt),
    index('help_requests_starts_idx').on(t.startsAt),
    // A region's open shared requests, soonest first (the community dashboard; the bench's query).
    index('help_requests_public_region_idx')
      .on(t.publicRegion, t.startsAt)
      .where(sql`${t.publicRegion} is not null and ${t.status} = 'open'`),
  ],
);

/**
 * A helper's place on a request. `slot` is 1..helpers_needed; the partial unique index is the one
 * winner per slot when several sign up at once, and one live sign-up per person per request.
 */
export const helpSignups = pgTable(
  'help_signups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => helpRequests.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    slot: integer('slot').notNull(),
    status: text('status').$type<SignupStatus>().notNull().default('coming'),
    cancelNote: text('cancel_note'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    thankedAt: timestamp('thanked_at', { withTimezone: true }),
    thanksMessage: text('thanks_message'),
    ...timestamps,
  },
  (t) => [
    check('help_signups_status_check', sql`${t.status} in ('coming', 'cancelled', 'done')`),
    check('help_signups_slot_check', sql`${t.slot} between 1 and 10`),
    uniqueIndex('help_signups_live_slot_unique')
      .on(t.requestId, t.slot)
      .where(sql`${t.status} in ('coming', 'done')`),
    uniqueIndex('help_signups_live_user_unique')
      .on(t.requestId, t.userId)
      .where(sql`${t.status} in ('coming', 'done')`),
    index('help_signups_user_idx').on(t.userId),
  ],
);

/**
 * What the family shares on the contact card (issue 30, item 5): one row per plan, written only by
 * its owner. No row is the default in `DEFAULT_CONTACT_SHARING`; the contacts themselves stay in the
 * recipient's care assessment and are never copied here.
 */
export const contactSharing = pgTable('care_plan_contact_sharing', {
  planId: uuid('plan_id')
    .primaryKey()
    .references(() => carePlans.id, { onDelete: 'cascade' }),
  sharing: jsonb('sharing').$type<ContactSharing>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
