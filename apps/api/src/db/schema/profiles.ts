import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * One profile per user (spec §3 `profiles`): the id is the user's id. `role` mirrors the user's
 * server-controlled role (users.role is the authority; it is copied here on creation and whenever
 * it changes) so feature queries can join on profiles alone.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    fullName: text('full_name'),
    avatarUrl: text('avatar_url'),
    role: text('role').notNull(),
    professionalType: text('professional_type'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    location: text('location'),
    /** The uploaded photo: its file name under DATA_DIR/uploads/profile-photos, and its type. */
    photoFile: text('photo_file'),
    photoType: text('photo_type'),
    /** First time the role's registration form was saved; until then the profile is incomplete. */
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [check('profiles_role_check', sql`${t.role} in ('family', 'professional', 'community', 'admin')`)],
);
