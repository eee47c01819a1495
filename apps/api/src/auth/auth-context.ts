import { AUTH_MESSAGES } from '@tavara/shared/auth/auth-messages';
import { toFieldErrors } from '@tavara/shared/validation/field-errors';
import { APIError, type createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { and, eq, sql } from 'drizzle-orm';
import type { ZodError } from 'zod';
import { session, user } from '../db/schema/auth';
import { adminAuditLog } from '../db/schema/admin';
import { profiles } from '../db/schema/profiles';
import { retryAfterHeader, retryAfterValue } from '../lib/app-error';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { Logger } from '../lib/logger';
import type { Mailer, MailMessage } from '../lib/mailer';
import { createAccountLimits } from './account-limits';
import { createSecurityNotices } from './security-notices';
import { createPasswordHasher, HashQueueFullError } from './password-hasher';
import { createTotpReplayGuard } from './totp-replay';
import { ACCOUNT_MESSAGES, REAUTH_WINDOW_SECONDS } from '@tavara/shared/account/account';
import { currentAuthRequestState } from './auth-request-state';

/** What createAuth is given (auth.ts). */
export interface AuthDeps {
  env: Env;
  db: Database;
  logger: Logger;
  mailer: Mailer;
  secret: string;
}

/** `details.source` of the audit entries ADMIN_EMAILS grants write. */
export const ADMIN_EMAILS_SOURCE = 'ADMIN_EMAILS';

/** Retry-After of a sign-in refused because too many passwords wait to be hashed. */
export const HASH_QUEUE_RETRY_AFTER_SECONDS = 2;

export function validationError(error: ZodError): APIError {
  const fields = toFieldErrors(error.issues);
  const message = error.issues[0]?.message ?? 'Some of the information is missing or not valid.';
  return new APIError('BAD_REQUEST', { code: 'VALIDATION_FAILED', message, fields });
}

export function tooManyRequests(code: string, message: string, retryAfterSeconds: number): APIError {
  // X-Retry-After too: Better Auth's own per-IP limiter uses that name (auth-routes.ts reads it).
  const seconds = retryAfterValue(retryAfterSeconds);
  return new APIError(
    'TOO_MANY_REQUESTS',
    { code, message },
    { ...retryAfterHeader(retryAfterSeconds), 'X-Retry-After': seconds },
  );
}

/**
 * Better Auth configured for this product (docs/decisions/003-auth-library.md): e-mail and
 * password with verification, password reset, the admin plugin, sessions and rate-limit counters
 * in our database, mounted under /api/auth by auth-routes.ts.
 */

/**
 * What Better Auth's options and hooks share (issue 33: createAuth in readable parts): the
 * password hasher and its 503, account limits, security notices, e-mail delivery and the admin
 * bootstrap. Built once per app by createAuth.
 */
export function createAuthContext({ env, db, logger, mailer, secret }: AuthDeps) {
  const log = logger.child({ module: 'auth' });
  const limits = createAccountLimits(db);
  const limitsOn = !env.AUTH_RATE_LIMIT_DISABLED;
  // Better Auth's scrypt format on AUTH_HASH_CONCURRENCY worker threads at a lower OS priority,
  // with a bounded queue, so sign-in bursts neither starve the event loop nor wait for ever.
  const hasher = createPasswordHasher({
    threads: env.AUTH_HASH_CONCURRENCY,
    queueLimit: env.AUTH_HASH_QUEUE_LIMIT,
    nice: env.AUTH_HASH_NICE,
    cost: env.AUTH_PASSWORD_HASH_COST,
  });
  const hashing = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof HashQueueFullError)) throw error;
      log.warn({ waiting: error.waiting }, 'password hashing queue full: answered 503');
      throw new APIError(
        'SERVICE_UNAVAILABLE',
        { code: 'HASHING_BUSY', message: AUTH_MESSAGES.signInBusy },
        retryAfterHeader(HASH_QUEUE_RETRY_AFTER_SECONDS),
      );
    }
  };
  const notices = createSecurityNotices({ db, appUrl: env.APP_URL, mailer, logger });
  // Issue 22: an authenticator code is accepted once (Better Auth alone takes it again while valid).
  const totpReplay = createTotpReplayGuard({ db, logger });

  /** Issue 32: records that session `sessionId` passed a second factor (the admin area asks this). */
  async function markSecondFactor(sessionId: string) {
    await db
      .update(session)
      .set({ twoFactorVerifiedAt: sql`now()` })
      .where(eq(session.id, sessionId));
  }

  /**
   * Issue 22: an e-mail change needs the password re-entered on this session within the last
   * REAUTH_WINDOW_SECONDS (`POST /api/account/confirm-password` records it).
   */
  async function requireRecentPassword(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]) {
    const current = await getSessionFromCtx(ctx);
    if (!current) return; // Better Auth answers 401 itself.
    const [row] = await db
      .select({ at: session.reauthenticatedAt })
      .from(session)
      .where(eq(session.id, current.session.id));
    if (!row?.at || Date.now() - row.at.getTime() > REAUTH_WINDOW_SECONDS * 1000) {
      throw new APIError('FORBIDDEN', { code: 'REAUTH_REQUIRED', message: ACCOUNT_MESSAGES.reauthRequired });
    }
  }

  /**
   * Sends an auth e-mail. A failure is logged and flagged on the request, never thrown: the account
   * stays. Only sign-up waits for the send (see AuthRequestState.awaitEmail).
   */
  async function deliver(kind: string, to: string, email: Promise<Omit<MailMessage, 'to'>>) {
    const state = currentAuthRequestState();
    // The mail is rendered (emails/) and sent in the background unless the request waits for it.
    const sending = email
      .then((mail) => mailer.send({ ...mail, to }))
      .catch((error: unknown) => {
        log.error({ err: error, kind }, 'could not send an auth e-mail');
        if (state) state.emailFailed = true;
      });
    if (state?.awaitEmail) await sending;
  }

  /**
   * ADMIN_EMAILS: a listed address becomes admin once it is verified (never at sign-up). The list
   * bootstraps admins; it does not overrule an admin: once anyone changed this user's role through
   * the admin area, the list no longer grants it (issue 13). Every grant is in the audit log.
   */
  async function grantAdminIfListed(u: { id: string; email: string; emailVerified: boolean }) {
    if (!u.emailVerified || !env.ADMIN_EMAILS.includes(u.email.toLowerCase())) return;
    const [decided] = await db
      .select({ id: adminAuditLog.id })
      .from(adminAuditLog)
      .where(
        and(
          eq(adminAuditLog.targetId, u.id),
          eq(adminAuditLog.action, 'user.role_changed'),
          sql`${adminAuditLog.details}->>'source' is distinct from ${ADMIN_EMAILS_SOURCE}`,
        ),
      )
      .limit(1);
    if (decided) return;
    const promoted = await db.transaction(async (tx) => {
      const [before] = await tx.select({ role: user.role }).from(user).where(eq(user.id, u.id)).for('update');
      if (!before || before.role === 'admin') return false;
      await tx.update(user).set({ role: 'admin' }).where(eq(user.id, u.id));
      await tx.update(profiles).set({ role: 'admin' }).where(eq(profiles.id, u.id));
      await tx.insert(adminAuditLog).values({
        actorId: null,
        actorEmail: 'ADMIN_EMAILS',
        action: 'user.role_changed',
        targetType: 'user',
        targetId: u.id,
        details: { targetEmail: u.email, from: before.role ?? null, to: 'admin', source: ADMIN_EMAILS_SOURCE },
      });
      return true;
    });
    if (promoted) log.info({ userId: u.id }, 'ADMIN_EMAILS address verified: granted admin');
  }

  const appUrl = (path: string, query: Record<string, string> = {}) => {
    const url = new URL(path, env.APP_URL);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url.toString();
  };

  return {
    env,
    db,
    logger,
    mailer,
    secret,
    log,
    limits,
    limitsOn,
    hasher,
    hashing,
    notices,
    totpReplay,
    markSecondFactor,
    requireRecentPassword,
    deliver,
    grantAdminIfListed,
    appUrl,
  };
}

export type AuthContext = ReturnType<typeof createAuthContext>;
