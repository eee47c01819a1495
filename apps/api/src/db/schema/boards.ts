import { sql } from 'drizzle-orm';
import { check, customType, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { windowCounterTable } from './window-counter';

/** PostgreSQL's full-text document type (drizzle has no built-in column for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Message-board posts (issue 20). `board` is where the post appears (a family's care need on the
 * professional board, a professional's availability on the family board). Text is stored as
 * typed and rendered as plain text. `search` is the full-text document of the title and details,
 * kept by PostgreSQL itself (a stored generated column, so it can never disagree with the text)
 * and GIN-indexed for searches whose words are rare. The listing and the filters are B-tree
 * indexes that end in the page's own order (newest first, then id): a page of 20 is read in
 * order and the search words are checked on those rows only, instead of intersecting the posting
 * lists of common words such as "care" across 100,000 posts (decision 027 has both plans).
 */
export const boardPosts = pgTable(
  'board_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    board: text('board').notNull(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    region: text('region').notNull(),
    urgency: text('urgency').notNull(),
    details: text('details').notNull(),
    careCodes: text('care_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** `visible`, or `hidden` by an admin after a report (the author still sees it, marked). */
    status: text('status').notNull().default('visible'),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, details), 'B')`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    // The listing: one board's posts newest first — id too, so `order by created_at desc, id
    // desc limit 21` reads the index in order and stops, with any filter checked on the way.
    // NULLS FIRST is what a plain `desc` sorts by: an index built NULLS LAST is not used for it.
    index('board_posts_listing_idx').on(t.board, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // All three filters (type, region, urgency) set: their posts, already in the page's order.
    // The planner picks it for searches too thanks to extended statistics on the four columns,
    // which drizzle cannot express: migration 0030 (hand-written; keep it when regenerating).
    index('board_posts_filters_idx')
      .on(t.board, t.type, t.region, t.urgency, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'visible'`),
    index('board_posts_search_idx').using('gin', t.search),
    index('board_posts_author_idx').on(t.authorId),
    check('board_posts_board_check', sql`${t.board} in ('family', 'professional')`),
    check('board_posts_type_check', sql`${t.type} in ('care_need', 'availability', 'discussion')`),
    check('board_posts_urgency_check', sql`${t.urgency} in ('today', 'within_48_hours', 'this_weekend', 'planned')`),
    check('board_posts_status_check', sql`${t.status} in ('visible', 'hidden')`),
  ],
);

/** Public replies under a post, oldest first. */
export const boardReplies = pgTable(
  'board_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => boardPosts.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('board_replies_post_idx').on(t.postId, t.createdAt)],
);

/**
 * Reports of a post. One per reporter and post (unique: a double click reports once); an open
 * report has no `resolvedAt`. An admin's hide, restore or dismiss closes the open ones.
 */
export const boardReports = pgTable(
  'board_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => boardPosts.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution'),
  },
  (t) => [
    unique('board_reports_post_reporter_unique').on(t.postId, t.reporterId),
    index('board_reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
  ],
);

/**
 * A private conversation that began from a post: between the post's author and one other person.
 * Unique per post and person, so "message privately" twice continues the same thread.
 */
export const boardThreads = pgTable(
  'board_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => boardPosts.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    otherId: text('other_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('board_threads_post_other_unique').on(t.postId, t.otherId),
    index('board_threads_author_idx').on(t.authorId, t.lastMessageAt),
    index('board_threads_other_idx').on(t.otherId, t.lastMessageAt),
  ],
);

export const boardThreadMessages = pgTable(
  'board_thread_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => boardThreads.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('board_thread_messages_thread_idx').on(t.threadId, t.createdAt)],
);

/** Per-user limits on posts, replies, reports and private messages. */
export const boardRateLimits = windowCounterTable('board_rate_limits');
