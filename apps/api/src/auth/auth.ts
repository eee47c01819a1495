import { isRole, ROLES, DEFAULT_ROLE } from '@tavara/shared/roles';
import { AUTH_MESSAGES } from '@tavara/shared/auth/auth-messages';
import { loginSchema } from '@tavara/shared/auth/login.schema';
import { toFieldErrors } from '@tavara/shared/validation/field-errors';
import {
  changePasswordBodySchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@tavara/shared/auth/password.schema';
import {
  RESET_CONFIRM_PATH,
  resetPasswordBodySchema,
  resetRequestSchema,
} from '@tavara/shared/auth/reset-password.schema';
import { fullNameOf, signUpSchema } from '@tavara/shared/auth/sign-up.schema';
import { updateUserBodySchema } from '@tavara/shared/auth/update-user.schema';
import { PRODUCT_NAME } from '@tavara/shared/product';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { betterAuth } from 'better-auth/minimal';
import { admin } from 'better-auth/plugins/admin';
import { adminAc, userAc } from 'better-auth/plugins/admin/access';
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins/two-factor';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { ZodError } from 'zod';
import type { Database } from '../db/client';
import { account, accountLimit, rateLimit, session, twoFactor, user, verification } from '../db/schema/auth';
import { adminAuditLog } from '../db/schema/admin';
import { profiles } from '../db/schema/profiles';
import type { Env } from '../env';
import { retryAfterHeader, retryAfterValue } from '../lib/app-error';
import type { Logger } from '../lib/logger';
import type { Mailer, MailMessage } from '../lib/mailer';
import {
  createAccountLimits,
  FAILED_SIGN_IN_LIMIT,
  failedSignInKey,
  SIGN_IN_ATTEMPTS_PER_SOURCE_LIMIT,
  signInSourceKey,
  RESET_EMAIL_LIMIT,
  resetEmailKey,
} from './account-limits';
import { accountExistsEmail, confirmNewEmailEmail, passwordResetEmail, verificationEmail } from './auth-emails';
import { createSecurityNotices } from './security-notices';
import { createPasswordHasher, HashQueueFullError } from './password-hasher';
import { createTotpReplayGuard } from './totp-replay';
import { ACCOUNT_MESSAGES, REAUTH_WINDOW_SECONDS, TRUST_DEVICE_DAYS } from '@tavara/shared/account/account';
import { linkChatSessionAtSignUp } from '../features/registration-chat/registration-chat.service';
import { redactError, sessionLogTag } from '../features/registration-chat/session-id';
import { currentAuthRequestState } from './auth-request-state';
import { isDatabaseUnavailable } from '../db/unavailable';

/** Where Better Auth is mounted (its `basePath`). */
export const AUTH_BASE_PATH = '/api/auth';
/** The Vite dev server's origin: trusted in development only (its proxy forwards /api to us). */
export const VITE_DEV_ORIGIN = 'http://localhost:5173';
/**
 * The header Better Auth reads the client address from. The mount (auth-routes.ts) always
 * overwrites it from the socket, so a client cannot choose its own rate-limit bucket.
 */
export const CLIENT_IP_HEADER = 'x-tavara-client-ip';
/** `details.source` of the audit entries ADMIN_EMAILS grants write. */
export const ADMIN_EMAILS_SOURCE = 'ADMIN_EMAILS';
/** Retry-After of a sign-in refused because too many passwords wait to be hashed. */
export const HASH_QUEUE_RETRY_AFTER_SECONDS = 2;
/** How long the e-mail verification link works. */
export const EMAIL_VERIFICATION_TTL_SECONDS = 24 * 3600;

/**
 * Per-IP limits (Better Auth's rate limiter, stored in `auth_rate_limits`): `window` seconds,
 * `max` requests. Generous enough for several people behind one mobile carrier's shared address.
 * Every other auth path keeps Better Auth's default (100 per 10 s), except get-session: it is
 * read on every page, guarded by an unguessable token, and would otherwise write a row per call.
 */
export const AUTH_RATE_LIMIT_RULES = {
  '/sign-in/email': { window: 60, max: 10 },
  '/sign-up/email': { window: 600, max: 10 },
  '/request-password-reset': { window: 600, max: 5 },
  '/send-verification-email': { window: 600, max: 5 },
  '/reset-password': { window: 600, max: 10 },
  '/get-session': false,
  // Issue 22: the second sign-in step and two-factor set-up (Better Auth's own rule, 3 per 10 s,
  // is too tight for a person mistyping a code on a phone; 10 per minute still stops guessing —
  // and the plugin locks the challenge after 5 wrong codes and the account after 10).
  '/two-factor/*': { window: 60, max: 10 },
  '/change-email': { window: 600, max: 5 },
  '/change-password': { window: 600, max: 10 },
} as const;

export interface AuthDeps {
  env: Env;
  db: Database;
  logger: Logger;
  mailer: Mailer;
  secret: string;
}

/** The origins allowed to send cookie-carrying requests: the app itself, plus Vite in development. */
export function trustedOriginsFor(env: Env): string[] {
  return [env.APP_URL, ...(env.NODE_ENV === 'development' ? [VITE_DEV_ORIGIN] : [])];
}

/**
 * Better Auth's own log line, without the request data some of its messages quote
 * ("Invalid callbackURL: <what was sent>"): the part before the first colon, at most 200
 * characters (issue 13: logs never carry request bodies).
 */
export function betterAuthLogMessage(message: string): string {
  const colon = message.indexOf(':');
  return (colon > 0 ? message.slice(0, colon) : message).slice(0, 200);
}

/** A 400 in Better Auth's error shape, with the first message on top and one per field. */
function validationError(error: ZodError): APIError {
  const fields = toFieldErrors(error.issues);
  const message = error.issues[0]?.message ?? 'Some of the information is missing or not valid.';
  return new APIError('BAD_REQUEST', { code: 'VALIDATION_FAILED', message, fields });
}

function tooManyRequests(code: string, message: string, retryAfterSeconds: number): APIError {
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
export function createAuth({ env, db, logger, mailer, secret }: AuthDeps) {
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
  async function deliver(kind: string, to: string, email: Omit<MailMessage, 'to'>) {
    const state = currentAuthRequestState();
    const sending = mailer.send({ to, ...email }).catch((error: unknown) => {
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

  return betterAuth({
    appName: PRODUCT_NAME,
    baseURL: env.APP_URL,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: trustedOriginsFor(env),
    telemetry: { enabled: false },
    logger: {
      // Never disabled: the request-state flag below needs the error lines even when the app logs
      // nothing (LOG_LEVEL=silent); the app's logger drops what its level does not want.
      disabled: false,
      level: env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace' ? 'debug' : 'warn',
      // Better Auth's own lines go through the app's JSON logger: only the message up to its first
      // colon (what follows quotes input), and errors through the redacting `err` serializer
      // (lib/safe-error.ts: a failed query is logged without its parameters). Some steps (creating
      // the user at sign-up) catch a database error and answer 422 instead: the request state
      // remembers it, so the mount answers 503 (auth-routes.ts).
      log: (level, message, ...args) => {
        const err = args.find((arg) => arg instanceof Error);
        const state = currentAuthRequestState();
        if (err && state && isDatabaseUnavailable(err)) state.databaseUnavailable = true;
        log[level]({ ...(err ? { err } : {}) }, betterAuthLogMessage(message));
      },
    },
    // Errors that are not Better Auth's own refusals (a failed query, a dropped connection) are
    // thrown on to the app's `onError` (app.ts): 503 in the API's shape for a database outage,
    // 500 otherwise, logged without request data. Without this, Better Auth's router answers an
    // empty 500 and prints the error, query parameters (e-mails) included, to stderr (issue 13).
    // Its refusals (APIError) are still answered by Better Auth in its own shape.
    onAPIError: { throw: true },
    // Sign-up and reset run their steps without a database transaction: on PGlite an open
    // transaction blocks every other query while the password is hashed (architecture.md).
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit, twoFactor },
    }),
    user: {
      // Issue 22: the new address gets a confirmation link (the change happens when it is opened),
      // the old one a notice at once and another when the change is made.
      changeEmail: { enabled: true },
      additionalFields: {
        firstName: { type: 'string', required: false, input: true },
        lastName: { type: 'string', required: false, input: true },
      },
    },
    verification: { storeIdentifier: 'hashed' },
    emailAndPassword: {
      enabled: true,
      // AUTH_AUTO_CONFIRM: sign-up returns a session at once; otherwise an unverified user cannot sign in.
      requireEmailVerification: !env.AUTH_AUTO_CONFIRM,
      autoSignIn: env.AUTH_AUTO_CONFIRM,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: env.AUTH_RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Better Auth's scrypt, same format, on our worker pool (auth/password-hasher.ts, decision 029).
      password: {
        hash: (password) => hashing(() => hasher.hash(password)),
        verify: (data) => hashing(() => hasher.verify(data)),
      },
      sendResetPassword: async ({ user: u, token }) => {
        const url = appUrl(RESET_CONFIRM_PATH, { token, type: 'recovery', email: u.email });
        await deliver(
          'password-reset',
          u.email,
          passwordResetEmail({ name: u.name, url, validForSeconds: env.AUTH_RESET_TOKEN_TTL_SECONDS }),
        );
      },
      onPasswordReset: async ({ user: u }) => {
        await limits.clear(failedSignInKey(u.email));
        const sources = signInSourceKey(u.email, '').replace(/[^:]*$/, '');
        await db.delete(accountLimit).where(sql`left(${accountLimit.key}, ${sources.length}) = ${sources}`);
      },
      onExistingUserSignUp: async ({ user: u }) => {
        await deliver(
          'account-exists',
          u.email,
          accountExistsEmail({ name: u.name, signInUrl: appUrl('/auth'), resetUrl: appUrl('/auth/reset-password') }),
        );
      },
      // The answer for an address that already has an account must look like a new one.
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        role: currentAuthRequestState()?.signUpRole ?? DEFAULT_ROLE,
        banned: false,
        banReason: null,
        banExpires: null,
        firstName: null,
        lastName: null,
        ...additionalFields,
        id,
      }),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: EMAIL_VERIFICATION_TTL_SECONDS,
      sendVerificationEmail: async ({ user: u, url }) => {
        // An e-mail change calls this with the new address while the account still has the old one.
        const [stored] = await db.select({ email: user.email }).from(user).where(eq(user.id, u.id));
        if (stored && stored.email.toLowerCase() !== u.email.toLowerCase()) {
          await deliver('confirm-new-email', u.email, confirmNewEmailEmail({ name: u.name, url }));
          void notices.sendTo(
            { email: stored.email, name: u.name },
            { kind: 'email-change-requested', newEmail: u.email },
          );
          return;
        }
        await deliver('verify-email', u.email, verificationEmail({ name: u.name, url }));
      },
      afterEmailVerification: async (u) => {
        await grantAdminIfListed(u);
        const change = currentAuthRequestState()?.emailChange;
        if (change && change.userId === u.id && u.email.toLowerCase() === change.to.toLowerCase()) {
          void notices.sendTo({ email: change.from, name: u.name }, { kind: 'email-changed', newEmail: change.to });
        }
      },
    },
    rateLimit: {
      enabled: limitsOn,
      storage: 'database',
      window: 10,
      max: 100,
      customRules: AUTH_RATE_LIMIT_RULES,
    },
    advanced: {
      cookiePrefix: 'tavara',
      useSecureCookies: env.APP_URL.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // Better Auth skips these under NODE_ENV=test by default; our tests exercise them.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: {
        ipAddressHeaders: [CLIENT_IP_HEADER],
        ...(env.TRUSTED_PROXIES.length > 0 ? { trustedProxies: env.TRUSTED_PROXIES } : {}),
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (data, ctx) => {
            // Sign-up: only the public role validated in hooks.before. Otherwise (an admin creating
            // a user) keep the role given, if it is one of ours.
            const requested = (data as { role?: unknown }).role;
            const role =
              ctx?.path === '/sign-up/email'
                ? (currentAuthRequestState()?.signUpRole ?? DEFAULT_ROLE)
                : isRole(requested)
                  ? requested
                  : DEFAULT_ROLE;
            return { data: { ...data, role } };
          },
          after: async (created) => {
            // Like a database trigger: every user has a profile from the start (spec §3). Failure is
            // logged only; POST /api/profile/ensure creates it later.
            const u = created as typeof created & { role: string; firstName?: string | null; lastName?: string | null };
            try {
              await db
                .insert(profiles)
                .values({
                  id: u.id,
                  role: isRole(u.role) ? u.role : DEFAULT_ROLE,
                  fullName: u.name || null,
                  firstName: u.firstName ?? null,
                  lastName: u.lastName ?? null,
                })
                .onConflictDoNothing({ target: profiles.id });
            } catch (error) {
              log.error({ err: error, userId: u.id }, 'could not create the profile of a new user');
            }
            // Issue 14: the chat this sign-up came from belongs to the new account from now on, so
            // the form finds its answers in any browser (a mail app's own opens the confirmation
            // link). Only a new account links (an existing address's sign-up creates nothing here),
            // and never a chat already linked to someone else. A failure only loses the prefill.
            const chatSessionId = currentAuthRequestState()?.signUpChatSessionId;
            if (chatSessionId) {
              try {
                const linked = await linkChatSessionAtSignUp(db, chatSessionId, u.id);
                log.info({ userId: u.id, chatSession: sessionLogTag(chatSessionId), linked }, 'sign-up chat session');
              } catch (error) {
                log.error({ err: redactError(error, chatSessionId), userId: u.id }, 'could not link the sign-up chat');
              }
            }
          },
        },
        update: {
          before: async (data) => {
            // Two-factor turned on (first code accepted) or off: the after-hook mails the owner.
            const state = currentAuthRequestState();
            const enabled = (data as { twoFactorEnabled?: unknown }).twoFactorEnabled;
            if (state && typeof enabled === 'boolean') state.twoFactorChanged = enabled;
            return { data };
          },
          after: async (updated) => {
            // users.role is the authority; keep the profile's copy in step (admin set-role).
            const role = (updated as { role?: unknown } | null)?.role;
            if (!updated || !isRole(role)) return;
            await db
              .update(profiles)
              .set({ role })
              .where(and(eq(profiles.id, updated.id), ne(profiles.role, role)));
          },
        },
      },
      session: {
        create: {
          before: async (s) => {
            // An address added to ADMIN_EMAILS after it was verified becomes admin at its next sign-in.
            if (env.ADMIN_EMAILS.length === 0) return;
            const [u] = await db
              .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
              .from(user)
              .where(eq(user.id, s.userId));
            if (u) await grantAdminIfListed(u);
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        switch (ctx.path) {
          case '/sign-up/email': {
            const parsed = signUpSchema.safeParse(ctx.body);
            if (!parsed.success) throw validationError(parsed.error);
            const { firstName, lastName, email, password, role, chatSessionId } = parsed.data;
            const state = currentAuthRequestState();
            if (state) {
              state.signUpRole = role;
              state.signUpChatSessionId = chatSessionId;
            }
            // `role: ''` keeps the posted role out of Better Auth's own input parsing (the column
            // is `input: false`); the user-creation hook sets the validated one.
            return {
              context: {
                body: {
                  ...ctx.body,
                  name: fullNameOf(firstName, lastName),
                  firstName,
                  lastName,
                  email,
                  password,
                  role: '',
                  chatSessionId: undefined,
                },
              },
            };
          }
          case '/sign-in/email': {
            const parsed = loginSchema.safeParse(ctx.body);
            if (!parsed.success) throw validationError(parsed.error);
            if (!limitsOn) return;
            // Per account *and* source: counted before the password is checked (one atomic upsert,
            // so parallel guesses cannot slip past), cleared by a success from the same source.
            const ip = currentAuthRequestState()?.clientIp;
            const fromHere = await limits.consume(
              signInSourceKey(parsed.data.email, ip),
              SIGN_IN_ATTEMPTS_PER_SOURCE_LIMIT,
            );
            if (!fromHere.allowed) {
              throw tooManyRequests(
                'TOO_MANY_FAILED_SIGN_INS',
                AUTH_MESSAGES.tooManyFailedSignIns,
                fromHere.retryAfterSeconds,
              );
            }
            // Many failures for the account from everywhere: slow every attempt down, refuse none.
            const account = await limits.check(failedSignInKey(parsed.data.email), FAILED_SIGN_IN_LIMIT);
            if (!account.allowed) await sleep(env.AUTH_SIGN_IN_SLOWDOWN_MS);
            return;
          }
          case '/request-password-reset': {
            const parsed = resetRequestSchema.safeParse(ctx.body);
            if (!parsed.success) throw validationError(parsed.error);
            if (!limitsOn) return;
            const decision = await limits.consume(resetEmailKey(parsed.data.email), RESET_EMAIL_LIMIT);
            if (!decision.allowed) {
              throw tooManyRequests(
                'RESET_EMAIL_TOO_SOON',
                AUTH_MESSAGES.resetEmailTooSoon,
                decision.retryAfterSeconds,
              );
            }
            return;
          }
          case '/change-email': {
            await requireRecentPassword(ctx);
            return;
          }
          case '/two-factor/verify-totp':
            // Both the second sign-in step and the first code that turns two-factor on.
            return totpReplay.before(ctx);
          case '/verify-email': {
            // An e-mail change's link: remember the old and new address so the old one is told
            // once the change is made (afterEmailVerification). The token is only read here;
            // Better Auth verifies it, and the notice goes out only if the account now has `to`.
            const change = readEmailChangeToken(ctx.query?.token);
            const state = currentAuthRequestState();
            if (change && state) state.emailChange = change;
            return;
          }
          case '/change-password': {
            const parsed = changePasswordBodySchema.safeParse(ctx.body);
            if (!parsed.success) throw validationError(parsed.error);
            // A new password signs out every other session unless the caller explicitly keeps them:
            // whoever learned the old one must not stay signed in (issue 13).
            const keepOthers = (ctx.body as { revokeOtherSessions?: unknown }).revokeOtherSessions === false;
            return { context: { body: { ...ctx.body, revokeOtherSessions: !keepOthers } } };
          }
          case '/update-user': {
            // Better Auth would store any name (100,000 characters, empty, null) and any image URL
            // ("javascript:…"): the app's own rules decide (issue 13).
            const parsed = updateUserBodySchema.safeParse(ctx.body ?? {});
            if (!parsed.success) throw validationError(parsed.error);
            const { firstName, lastName, name } = parsed.data;
            const fullName = firstName !== undefined && lastName !== undefined ? fullNameOf(firstName, lastName) : name;
            return { context: { body: { ...parsed.data, ...(fullName !== undefined ? { name: fullName } : {}) } } };
          }
          case '/reset-password': {
            const parsed = resetPasswordBodySchema.safeParse({
              ...ctx.body,
              token: ctx.body?.token ?? ctx.query?.token,
            });
            if (!parsed.success) throw validationError(parsed.error);
            return;
          }
          case '/admin/set-role':
          case '/admin/create-user':
          case '/admin/update-user': {
            // One role of ours, never a list: users.role holds exactly one (and has a check constraint).
            const body = ctx.body as { role?: unknown; data?: { role?: unknown } } | undefined;
            const role = ctx.path === '/admin/update-user' ? body?.data?.role : body?.role;
            if (role !== undefined && !isRole(role)) {
              throw new APIError('BAD_REQUEST', {
                code: 'INVALID_ROLE',
                message: `The role must be one of: ${ROLES.join(', ')}.`,
              });
            }
            return;
          }
          default:
            return;
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const state = currentAuthRequestState();
        const returned = ctx.context.returned;
        const succeeded = !isAPIError(returned) && !(returned instanceof Error);
        if (ctx.path === '/two-factor/verify-totp') await totpReplay.after(succeeded);
        if (succeeded && state) {
          const newSession = ctx.context.newSession;
          // A sign-in (first step, or the second-factor step) that produced a session: the mount
          // runs this once the final answer is known not to ask for a second factor.
          if (newSession && SIGN_IN_COMPLETING_PATHS.has(ctx.path)) {
            const { id: sessionId, userId, userAgent, ipAddress } = newSession.session;
            // A password sign-in of a user with two-factor on that still ends in a session came
            // through a trusted device (the plugin's after-hook, which runs after this one, removes
            // the session otherwise): that device gave a code within TRUST_DEVICE_DAYS.
            const trustedDevice = ctx.path === '/sign-in/email' && newSession.user.twoFactorEnabled === true;
            state.afterSignIn = async () => {
              if (trustedDevice) await markSecondFactor(sessionId);
              await notices.recordSignIn(userId, userAgent ?? null, ipAddress ?? null);
            };
          }
          // Issue 32: a code accepted on these paths is a second factor for the session it ends in
          // (a new one at sign-in or when two-factor is turned on, or the caller's own session).
          if (SECOND_FACTOR_PATHS.has(ctx.path)) {
            const verified = newSession?.session.id ?? ctx.context.session?.session.id;
            if (verified) await markSecondFactor(verified);
          }
          // Turning two-factor on ends every other session of the account: one signed in with the
          // password alone must not carry on as if it had given a code.
          if (state.twoFactorChanged === true && newSession) {
            await db
              .delete(session)
              .where(and(eq(session.userId, newSession.user.id), ne(session.id, newSession.session.id)));
          }
          const sessionUserId = newSession?.user.id ?? ctx.context.session?.user.id;
          if (ctx.path === '/change-password' && sessionUserId) {
            void notices.notify(sessionUserId, { kind: 'password-changed' });
          }
          if (state.twoFactorChanged !== undefined && sessionUserId) {
            void notices.notify(sessionUserId, { kind: state.twoFactorChanged ? 'two-factor-on' : 'two-factor-off' });
          }
        }
        if (ctx.path === '/get-session' && succeeded) {
          // "Last seen" on the account page's device list, written at most once a minute per session.
          const current = (returned as { session?: { id?: string } } | null)?.session;
          if (current?.id) {
            await db
              .update(session)
              .set({ lastSeenAt: sql`now()` })
              .where(and(eq(session.id, current.id), sql`${session.lastSeenAt} < now() - interval '1 minute'`));
          }
        }
        if (ctx.path !== '/sign-in/email' || !limitsOn) return;
        // A wrong password or unknown address (401) counts against the address; an unverified
        // user with the right password (403) does not.
        if (typeof ctx.body?.email !== 'string') return;
        if (isAPIError(returned)) {
          if (returned.statusCode === 401) await limits.consume(failedSignInKey(ctx.body.email), FAILED_SIGN_IN_LIMIT);
          return;
        }
        await limits.clear(signInSourceKey(ctx.body.email, currentAuthRequestState()?.clientIp));
      }),
    },
    plugins: [
      // Issue 22: TOTP (an authenticator app) and one-time backup codes; a sign-in of a user with
      // it on ends in a second step, and "trust this device" skips that step for 30 days.
      twoFactorPlugin({
        issuer: PRODUCT_NAME,
        trustDeviceMaxAge: TRUST_DEVICE_DAYS * 24 * 3600,
        backupCodeOptions: { amount: 10, length: 10 },
      }),
      admin({
        roles: { admin: adminAc, family: userAc, professional: userAc, community: userAc },
        adminRoles: ['admin'],
        defaultRole: DEFAULT_ROLE,
      }),
    ],
  });
}

/** Better Auth endpoints the app closes (404): two-factor codes by e-mail/SMS are not offered (issue 22). */
export const CLOSED_AUTH_PATHS = ['/two-factor/send-otp', '/two-factor/verify-otp'] as const;

/** Paths whose success proves a second factor (issue 32: recorded on the session). */
const SECOND_FACTOR_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);

/** Paths whose success starts a full session: the device check runs after them. */
const SIGN_IN_COMPLETING_PATHS = new Set([
  '/sign-in/email',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
]);

/**
 * The old and new address in an e-mail change link's token (a JWT Better Auth signed), read
 * without checking the signature — Better Auth checks it; we only use the values once the
 * account's address has really become `to`.
 */
export function readEmailChangeToken(token: unknown): { userId: string; from: string; to: string } | undefined {
  if (typeof token !== 'string') return undefined;
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const { email, updateTo, userId, requestType } = claims;
    if (requestType !== 'change-email-verification') return undefined;
    if (typeof email !== 'string' || typeof updateTo !== 'string' || typeof userId !== 'string') return undefined;
    return { userId, from: email, to: updateTo };
  } catch {
    return undefined;
  }
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthSessionData = Auth['$Infer']['Session'];
export type AuthUser = AuthSessionData['user'];
export type AuthSession = AuthSessionData['session'];
