import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { carePlans } from './care-plans';

/**
 * A plan's updates feed (issue 30, item 4; decision 042): news the family and the team post for
 * the village ("Mum had a good night"), with up to four photos, thanks and comments. Read by the
 * owner, the team, the circle and admins; never joined to anything holding health data.
 */
export const planUpdates = pgTable(
  'plan_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => carePlans.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** The composer's one-time key: a retried "Post" (a lost answer) posts once. */
    clientKey: uuid('client_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('plan_updates_client_key_unique').on(t.planId, t.clientKey),
    // The feed's keyset: newest first, the id breaking ties between updates of one instant. NULLS
    // FIRST is PostgreSQL's order for DESC: with drizzle's default (NULLS LAST) the planner cannot
    // use the index for `order by created_at desc, id desc` and sorts the plan's updates instead.
    index('plan_updates_feed_idx').on(t.planId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('plan_updates_body_check', sql`char_length(${t.body}) between 1 and 5000`),
  ],
);

/**
 * A photo of an update, re-encoded on the server (no EXIF, no GPS). The file is
 * DATA_DIR/uploads/plan-updates/<id>.jpg — named by this row's id, never by the uploaded name.
 */
export const planUpdatePhotos = pgTable(
  'plan_update_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    updateId: uuid('update_id')
      .notNull()
      .references(() => planUpdates.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('plan_update_photos_update_idx').on(t.updateId, t.position),
    check('plan_update_photos_position_check', sql`${t.position} between 0 and 3`),
  ],
);

/** One "thank you" per person per update: the primary key makes a double tap one thanks. */
export const planUpdateThanks = pgTable(
  'plan_update_thanks',
  {
    updateId: uuid('update_id')
      .notNull()
      .references(() => planUpdates.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.updateId, t.userId] })],
);

export const planUpdateComments = pgTable(
  'plan_update_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    updateId: uuid('update_id')
      .notNull()
      .references(() => planUpdates.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    clientKey: uuid('client_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plan_update_comments_client_key_unique').on(t.updateId, t.clientKey),
    index('plan_update_comments_update_idx').on(t.updateId, t.createdAt),
    check('plan_update_comments_body_check', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);
