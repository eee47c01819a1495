import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Matching both ways (issue 19, decision 026). Being found is its own explicit choice, apart from
 * the registration answers: a professional "listed" for families, a family "findable" by
 * professionals. No row, or `visible` false, means never shown. Withdrawing is one switch.
 * `publicId` is what a professional sees of a family (never the user id).
 */
export const matchingVisibility = pgTable(
  'matching_visibility',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    visible: boolean('visible').notNull().default(false),
    publicId: uuid('public_id').notNull().unique().defaultRandom(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  // Matching reads only the visible rows: a partial index keeps that list small and ordered.
  (t) => [
    index('matching_visibility_visible_idx')
      .on(t.userId)
      .where(sql`${t.visible}`),
  ],
);

/** A professional told a findable family they are interested: once per pair, enforced here. */
export const matchInterests = pgTable(
  'match_interests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: text('professional_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    familyId: text('family_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('match_interests_pair_unique').on(t.professionalId, t.familyId),
    index('match_interests_family_idx').on(t.familyId, t.createdAt),
  ],
);
