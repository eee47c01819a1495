import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { windowCounterTable } from './window-counter';

/**
 * Better Auth's tables (docs/decisions/003-auth-library.md). The JS keys (`user`, `emailVerified`,
 * …) are the model and field names Better Auth asks the Drizzle adapter for; the SQL names are
 * ours. Shape generated once with the `auth` CLI 1.6.33 (`auth generate`) and then adjusted:
 * timestamps with time zone, plural table names, the server-controlled `role` column (admin
 * plugin) restricted to our four roles, and first/last name fields (spec §3 User metadata).
 */
export const user = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    /** Never user-editable: set at sign-up from the three public roles, then only by an admin or ADMIN_EMAILS. */
    role: text('role').notNull().default('family'),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** Better Auth's two-factor plugin: true once an authenticator app's first code was accepted (issue 22). */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  },
  (t) => [check('users_role_check', sql`${t.role} in ('family', 'professional', 'community', 'admin')`)],
);

export const session = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
    /** Ours (issue 22): when this session last made a request, for the account page's device list. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Ours (issue 22): when the password was last re-entered on this session (sensitive actions need ≤ 5 min). */
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true }),
    /**
     * Ours (issue 32): when this session passed a second factor (a TOTP or backup code at sign-in,
     * a trusted device, or the first code that turned two-factor on). The admin area asks this of
     * the session, not of the account: a session that never gave a code stays outside it.
     */
    twoFactorVerifiedAt: timestamp('two_factor_verified_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    /** scrypt hash (salt:key), written by Better Auth only. */
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

/** Single-use tokens (password reset). Identifiers are stored hashed (`verification.storeIdentifier`). */
export const verification = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Better Auth's per-IP rate-limit counters (`rateLimit.storage: 'database'`), shared by every process. */
export const rateLimit = pgTable('auth_rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  /** Milliseconds since the epoch, as Better Auth writes it. */
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Our per-account limits (failed sign-ins per address per hour, reset e-mails per address per
 * minute): a fixed window per key, counted with one atomic upsert (lib/window-counter.ts). Keys
 * are derived from the e-mail address whether or not an account exists, so the answers cannot
 * tell known addresses from unknown ones.
 */
export const accountLimit = windowCounterTable('auth_account_limits');

/**
 * Better Auth's two-factor plugin (issue 22): the TOTP secret and the backup codes, both encrypted
 * with the auth secret by Better Auth; `verified` is false between "set up" and the first code.
 */
export const twoFactor = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('two_factors_user_id_idx').on(t.userId), index('two_factors_secret_idx').on(t.secret)],
);

/**
 * TOTP time steps (30 s each) whose code was accepted for a user (issue 22): Better Auth would
 * accept the same authenticator code again for as long as it is valid, so auth/totp-replay.ts
 * inserts the step before a code is let through, and the primary key lets exactly one request
 * per (user, step) win — a captured code cannot be replayed, not even concurrently. Only the
 * last few steps matter; older rows are pruned as new ones come in.
 */
export const twoFactorUsedStep = pgTable(
  'two_factor_used_steps',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** floor(unix seconds / 30): the counter the code was made from (RFC 6238). */
    step: bigint('step', { mode: 'number' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.step] }), index('two_factor_used_steps_step_idx').on(t.step)],
);

/**
 * Devices a user has signed in from (issue 22): a hash of the browser and OS, so a sign-in from a
 * device not seen before can be told apart and mailed about. Kept after sign-out (unlike sessions).
 */
export const knownDevice = pgTable(
  'known_devices',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    deviceKey: text('device_key').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceKey] })],
);
