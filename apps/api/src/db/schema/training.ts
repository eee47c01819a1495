import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Training (issue 21). The curriculum (modules, lessons, quiz questions) is content seeded from
 * apps/api/content/training at every start (db/seed/training-content.ts): ids are the stable
 * slugs written in those files. Progress, attempts and certificates are per person.
 */
export const trainingModules = pgTable('training_modules', {
  id: text('id').primaryKey(),
  position: integer('position').notNull(),
  title: text('title').notNull(),
  summary: text('summary').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const trainingLessons = pgTable(
  'training_lessons',
  {
    id: text('id').primaryKey(),
    moduleId: text('module_id')
      .notNull()
      .references(() => trainingModules.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    /** Markdown; rendered on the server with raw HTML disabled (decision 019). */
    bodyMarkdown: text('body_markdown').notNull(),
    minutes: integer('minutes').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('training_lessons_module_idx').on(t.moduleId, t.position)],
);

export const trainingQuizQuestions = pgTable(
  'training_quiz_questions',
  {
    id: text('id').primaryKey(),
    moduleId: text('module_id')
      .notNull()
      .references(() => trainingModules.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    prompt: text('prompt').notNull(),
    kind: text('kind', { enum: ['single', 'multiple'] }).notNull(),
    options: jsonb('options').$type<{ id: string; text: string }[]>().notNull(),
    /** Never sent to the browser before an attempt is submitted. */
    correctOptionIds: jsonb('correct_option_ids').$type<string[]>().notNull(),
    explanation: text('explanation').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('training_quiz_questions_module_idx').on(t.moduleId, t.position),
    check('training_quiz_questions_kind_check', sql`${t.kind} in ('single', 'multiple')`),
  ],
);

/**
 * One row per person and lesson: the primary key is what makes "Mark as complete" idempotent —
 * a second click, or two tabs at once, cannot add a second row (the earlier version counted
 * re-completed lessons twice).
 */
export const trainingLessonProgress = pgTable(
  'training_lesson_progress',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => trainingLessons.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] })],
);

/** Every submitted quiz attempt (unlimited retries); the answers are kept for the person's review. */
export const trainingQuizAttempts = pgTable(
  'training_quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    moduleId: text('module_id')
      .notNull()
      .references(() => trainingModules.id, { onDelete: 'cascade' }),
    correctCount: integer('correct_count').notNull(),
    total: integer('total').notNull(),
    scorePercent: integer('score_percent').notNull(),
    passed: boolean('passed').notNull(),
    answers: jsonb('answers').$type<Record<string, string[]>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('training_quiz_attempts_user_module_idx').on(t.userId, t.moduleId)],
);

/**
 * Certificates of completion. The name is copied at issue (what the PDF says is what
 * verification confirms, even if the account is renamed later). At most one valid certificate
 * per person: the partial unique index makes two concurrent "get my certificate" requests
 * produce one row. Revoking keeps the row (the code then fails verification) and holds the
 * person: no new certificate is issued while one of theirs is revoked without `reissue_allowed_at`
 * — an admin lifts the hold (audited), otherwise revoking would be undone by one click.
 */
export const trainingCertificates = pgTable(
  'training_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by').references(() => user.id, { onDelete: 'set null' }),
    revokeReason: text('revoke_reason'),
    reissueAllowedAt: timestamp('reissue_allowed_at', { withTimezone: true }),
    reissueAllowedBy: text('reissue_allowed_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('training_certificates_one_valid_per_user')
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
    index('training_certificates_issued_at_idx').on(t.issuedAt),
  ],
);
