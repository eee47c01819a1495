import { DEFAULT_ROLE } from '@tavara/shared/roles';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@tavara/shared/auth/password.schema';
import { RESET_CONFIRM_PATH } from '@tavara/shared/auth/reset-password.schema';
import { PRODUCT_NAME } from '@tavara/shared/product';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { betterAuth } from 'better-auth/minimal';
import { admin } from 'better-auth/plugins/admin';
import { adminAc, userAc } from 'better-auth/plugins/admin/access';
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins/two-factor';
import { eq, sql } from 'drizzle-orm';
import { account, accountLimit, rateLimit, session, twoFactor, user, verification } from '../db/schema/auth';
import type { Env } from '../env';
import { failedSignInKey, signInSourceKey } from './account-limits';
import { emails } from '../emails';
import { TRUST_DEVICE_DAYS } from '@tavara/shared/account/account';
import { currentAuthRequestState } from './auth-request-state';
import { isDatabaseUnavailable } from '../db/unavailable';
import { createAuthContext, type AuthDeps } from './auth-context';

export type { AuthDeps } from './auth-context';
import { authDatabaseHooks } from './auth-database-hooks';
import { authRequestHooks } from './auth-request-hooks';

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
  // Issue 22: the second sign-in step and two-factor set-up (Better Auth's own rule, 3 per 10 s,
  // is too tight for a person mistyping a code on a phone; 10 per minute still stops guessing —
  // and the plugin locks the challenge after 5 wrong codes and the account after 10).
  '/two-factor/*': { window: 60, max: 10 },
  '/change-email': { window: 600, max: 5 },
  '/change-password': { window: 600, max: 10 },
} as const;

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
export function createAuth({ env, db, logger, mailer, secret }: AuthDeps) {
  const ctx = createAuthContext({ env, db, logger, mailer, secret });
  const { log, limits, limitsOn, hasher, hashing, notices, deliver, grantAdminIfListed, appUrl } = ctx;

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
          emails().then((m) =>
            m.passwordResetEmail({ name: u.name, url, validForSeconds: env.AUTH_RESET_TOKEN_TTL_SECONDS }),
          ),
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
          emails().then((m) =>
            m.accountExistsEmail({
              name: u.name,
              signInUrl: appUrl('/auth'),
              resetUrl: appUrl('/auth/reset-password'),
            }),
          ),
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
          await deliver(
            'confirm-new-email',
            u.email,
            emails().then((m) => m.confirmNewEmailEmail({ name: u.name, url })),
          );
          void notices.sendTo(
            { email: stored.email, name: u.name },
            { kind: 'email-change-requested', newEmail: u.email },
          );
          return;
        }
        await deliver(
          'verify-email',
          u.email,
          emails().then((m) => m.verificationEmail({ name: u.name, url })),
        );
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
    databaseHooks: authDatabaseHooks(ctx),
    hooks: authRequestHooks(ctx),
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

export type Auth = ReturnType<typeof createAuth>;
export type AuthSessionData = Auth['$Infer']['Session'];
export type AuthUser = AuthSessionData['user'];
export type AuthSession = AuthSessionData['session'];
