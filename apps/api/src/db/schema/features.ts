import { FEATURE_CATEGORIES, FEATURE_STATUSES } from '@tavara/shared/feature-voting/feature-voting';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

// One list for the server and the web (packages/shared); re-exported for the seed and routes.
export { FEATURE_CATEGORIES, FEATURE_STATUSES };

/**
 * Product features people can vote on (spec §3 feature_upvotes refers to these). Seeded from
 * product-notes.md; `id` is a stable slug so the seed can be re-applied idempotently.
 */
export const features = pgTable(
  'features',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category', { enum: FEATURE_CATEGORIES }).notNull(),
    status: text('status', { enum: FEATURE_STATUSES }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'features_category_check',
      sql`${t.category} in ('profile', 'care', 'medication', 'meals', 'professional', 'community', 'additional')`,
    ),
    check('features_status_check', sql`${t.status} in ('planned', 'in_development', 'ready_for_demo', 'launched')`),
  ],
);

/**
 * Spec §3 feature_upvotes: one row per user per feature. The unique constraint is what makes a
 * vote count once — concurrent double clicks race to it and only one insert wins. Deleting the
 * user or the feature deletes their votes.
 */
export const featureUpvotes = pgTable(
  'feature_upvotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    featureId: text('feature_id')
      .notNull()
      .references(() => features.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('feature_upvotes_feature_user_unique').on(t.featureId, t.userId),
    index('feature_upvotes_user_id_idx').on(t.userId),
  ],
);
