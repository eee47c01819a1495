import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * What admins did (issue 8): one row per admin action — a role change, a deleted account, a
 * support request's status. Written in the same transaction as the change, so a change without
 * its record cannot happen. The actor's e-mail is copied because the actor may be deleted later;
 * a deleted user's address is kept only masked (`details.targetEmail`), the rest of their data is gone.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** `user.role_changed`, `user.deleted`, `support_request.status_changed` (ADMIN_AUDIT_ACTIONS). */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_log_created_at_idx').on(t.createdAt)],
);
