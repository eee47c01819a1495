import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TtRegionCode } from '@tavara/shared/codes/tt-regions';
import type { OfferStatus } from '@tavara/shared/care-circle/community-help';
import { user } from './auth';
import { helpRequests, helpSignups } from './care-circle';

/**
 * Help from the wider community (issue 30, item 3): the regions a community member helps in, and
 * their offers on requests a family shared with a region. An accepted offer points at the sign-up
 * it became; the sign-up's slot index is the one winner per slot.
 */
export const helpRegions = pgTable(
  'community_help_regions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    region: text('region').$type<TtRegionCode>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.region] })],
);

export const helpOffers = pgTable(
  'help_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => helpRequests.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status').$type<OfferStatus>().notNull().default('offered'),
    /** The sign-up an accepted offer became. */
    signupId: uuid('signup_id').references(() => helpSignups.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check('help_offers_status_check', sql`${t.status} in ('offered', 'accepted', 'declined', 'withdrawn')`),
    // One live offer per person and request: a double tap or a second tab offers once.
    uniqueIndex('help_offers_live_user_unique')
      .on(t.requestId, t.userId)
      .where(sql`${t.status} in ('offered', 'accepted')`),
    index('help_offers_request_idx').on(t.requestId),
    index('help_offers_user_idx').on(t.userId, t.createdAt),
  ],
);
