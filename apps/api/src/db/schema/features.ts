import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const FEATURE_CATEGORIES = [
  'profile',
  'care',
  'medication',
  'meals',
  'professional',
  'community',
  'additional',
] as const;
export const FEATURE_STATUSES = ['planned', 'in_development', 'ready_for_demo', 'launched'] as const;

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
