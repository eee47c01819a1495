import { isRole, ROLES, DEFAULT_ROLE } from '@tavara/shared/roles';
import { AUTH_MESSAGES } from '@tavara/shared/auth/auth-messages';
import { loginSchema } from '@tavara/shared/auth/login.schema';
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
import { PRODUCT_NAME } from '@tavara/shared/product';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { betterAuth } from 'better-auth/minimal';
import { admin } from 'better-auth/plugins/admin';
import { adminAc, userAc } from 'better-auth/plugins/admin/access';
import { and, eq, ne } from 'drizzle-orm';
import type { ZodError } from 'zod';
import type { Database } from '../db/client';
import { account, rateLimit, session, user, verification } from '../db/schema/auth';
import { profiles } from '../db/schema/profiles';
import type { Env } from '../env';
import { createConcurrencyLimit } from '../lib/concurrency-limit';
import type { Logger } from '../lib/logger';
import type { Mailer, MailMessage } from '../lib/mailer';
import {
  createAccountLimits,
  FAILED_SIGN_IN_LIMIT,
  failedSignInKey,
  RESET_EMAIL_LIMIT,
  resetEmailKey,
} from './account-limits';
import { accountExistsEmail, passwordResetEmail, verificationEmail } from './auth-emails';
import { currentAuthRequestState } from './auth-request-state';

/** Where Better Auth is mounted (its `basePath`). */
export const AUTH_BASE_PATH = '/api/auth';
/** The Vite dev server's origin: trusted in development only (its proxy forwards /api to us). */
export const VITE_DEV_ORIGIN = 'http://localhost:5173';
/**
 * The header Better Auth reads the client address from. The mount (auth-routes.ts) always
 * overwrites it from the socket, so a client cannot choose its own rate-limit bucket.
 */
export const CLIENT_IP_HEADER = 'x-tavara-client-ip';
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

/** A 400 in Better Auth's error shape, with the first message on top and one per field. */
function validationError(error: ZodError): APIError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  const message = error.issues[0]?.message ?? 'Some of the information is missing or not valid.';
  return new APIError('BAD_REQUEST', { code: 'VALIDATION_FAILED', message, fields });
}

function tooManyRequests(code: string, message: string, retryAfterSeconds: number): APIError {
  const seconds = String(Math.max(1, retryAfterSeconds));
  return new APIError('TOO_MANY_REQUESTS', { code, message }, { 'Retry-After': seconds, 'X-Retry-After': seconds });
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
  // Better Auth's own scrypt (node:crypto, thread pool), but never more hashes at once than
  // AUTH_HASH_CONCURRENCY, so sign-in bursts queue instead of starving the event loop.
  const hashing = createConcurrencyLimit(env.AUTH_HASH_CONCURRENCY);

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

  /** ADMIN_EMAILS: a listed address becomes admin once it is verified (never at sign-up). */
  async function grantAdminIfListed(u: { id: string; email: string; emailVerified: boolean }) {
    if (!u.emailVerified || !env.ADMIN_EMAILS.includes(u.email.toLowerCase())) return;
    const promoted = await db
      .update(user)
      .set({ role: 'admin' })
      .where(and(eq(user.id, u.id), ne(user.role, 'admin')))
      .returning({ id: user.id });
    if (promoted.length === 0) return;
    await db.update(profiles).set({ role: 'admin' }).where(eq(profiles.id, u.id));
    log.info({ userId: u.id }, 'ADMIN_EMAILS address verified: granted admin');
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
      disabled: env.LOG_LEVEL === 'silent',
      level: env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace' ? 'debug' : 'warn',
      log: (level, message, ...args) => {
        const err = args.find((arg) => arg instanceof Error);
        log[level]({ ...(err ? { err } : {}) }, message);
      },
    },
    // Sign-up and reset run their steps without a database transaction: on PGlite an open
    // transaction blocks every other query while the password is hashed (architecture.md).
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification, rateLimit } }),
    user: {
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
      // Better Auth's scrypt (node:crypto, libuv pool), capped in concurrency — see decision 003.
      password: {
        hash: (password) => hashing.run(() => hashPassword(password)),
        verify: (data) => hashing.run(() => verifyPassword(data)),
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
        await deliver('verify-email', u.email, verificationEmail({ name: u.name, url }));
      },
      afterEmailVerification: async (u) => {
        await grantAdminIfListed(u);
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
          },
        },
        update: {
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
            const { firstName, lastName, email, password, role } = parsed.data;
            const state = currentAuthRequestState();
            if (state) state.signUpRole = role;
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
                },
              },
            };
          }
          case '/sign-in/email': {
            const parsed = loginSchema.safeParse(ctx.body);
            if (!parsed.success) throw validationError(parsed.error);
            if (!limitsOn) return;
            const decision = await limits.check(failedSignInKey(parsed.data.email), FAILED_SIGN_IN_LIMIT);
            if (!decision.allowed) {
              throw tooManyRequests(
                'TOO_MANY_FAILED_SIGN_INS',
                AUTH_MESSAGES.tooManyFailedSignIns,
                decision.retryAfterSeconds,
              );
            }
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
          case '/change-password': {
            const parsed = changePasswordBodySchema.safeParse(ctx.body);
            if (!parsed.success) throw validationError(parsed.error);
            return;
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
        if (ctx.path !== '/sign-in/email' || !limitsOn) return;
        const returned = ctx.context.returned;
        // A wrong password or unknown address (401) counts against the address; an unverified
        // user with the right password (403) does not.
        if (isAPIError(returned) && returned.statusCode === 401 && typeof ctx.body?.email === 'string') {
          await limits.consume(failedSignInKey(ctx.body.email), FAILED_SIGN_IN_LIMIT);
        }
      }),
    },
    plugins: [
      admin({
        roles: { admin: adminAc, family: userAc, professional: userAc, community: userAc },
        adminRoles: ['admin'],
        defaultRole: DEFAULT_ROLE,
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthSessionData = Auth['$Infer']['Session'];
export type AuthUser = AuthSessionData['user'];
export type AuthSession = AuthSessionData['session'];
