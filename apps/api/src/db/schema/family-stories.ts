import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Issue 19: the care needs assessment and the family's story, one of each per care recipient.
 * A care recipient has no table of their own (registration and care plans name them by name), so
 * "one per recipient" is a unique (family, recipient_key) pair: the name trimmed, spaces collapsed,
 * lower-cased (`recipientKey` in packages/shared). Two saves at once upsert into one row.
 */

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const careAssessments = pgTable(
  'care_assessments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: text('family_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    recipientName: text('recipient_name').notNull(),
    recipientKey: text('recipient_key').notNull(),
    /** Section id → that section's answers (codes and text); a section is replaced whole when saved. */
    answers: jsonb('answers').$type<Record<string, Record<string, string | string[]>>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [uniqueIndex('care_assessments_family_recipient_unique').on(t.familyId, t.recipientKey)],
);

export const familyStories = pgTable(
  'family_stories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: text('family_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    recipientName: text('recipient_name').notNull(),
    recipientKey: text('recipient_key').notNull(),
    birthYear: integer('birth_year'),
    /** Story field id → text (packages/shared family-story STORY_FIELDS). */
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
    /** Set when the family shares it on the legacy page; cleared when they withdraw it. */
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    /** Hidden from the legacy page by an admin (audit-logged); the family sees the reason. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenById: text('hidden_by_id').references(() => user.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('family_stories_family_recipient_unique').on(t.familyId, t.recipientKey),
    // The legacy page reads shared, visible stories newest first (NULLS FIRST is what a plain
    // `desc` sorts by; drizzle's default NULLS LAST index is not read in that order).
    index('family_stories_legacy_idx')
      .on(t.sharedAt.desc().nullsFirst())
      .where(sql`${t.sharedAt} is not null and ${t.hiddenAt} is null`),
  ],
);

/** Interest in a paid plan that cannot be bought yet (issue 19, item 6): one row per user and plan. */
export const subscriptionInterest = pgTable(
  'subscription_interest',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    planCode: text('plan_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.planCode] }), index('subscription_interest_created_idx').on(t.createdAt)],
);
