import { isRole, ROLES } from '@tavara/shared/roles';
import { AUTH_MESSAGES } from '@tavara/shared/auth/auth-messages';
import { loginSchema } from '@tavara/shared/auth/login.schema';
import { changePasswordBodySchema } from '@tavara/shared/auth/password.schema';
import { resetPasswordBodySchema, resetRequestSchema } from '@tavara/shared/auth/reset-password.schema';
import { fullNameOf, signUpSchema } from '@tavara/shared/auth/sign-up.schema';
import { updateUserBodySchema } from '@tavara/shared/auth/update-user.schema';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, ne, sql } from 'drizzle-orm';
import { session } from '../db/schema/auth';
import {
  FAILED_SIGN_IN_LIMIT,
  failedSignInKey,
  SIGN_IN_ATTEMPTS_PER_SOURCE_LIMIT,
  signInSourceKey,
  RESET_EMAIL_LIMIT,
  resetEmailKey,
} from './account-limits';
import { currentAuthRequestState } from './auth-request-state';

import type { BetterAuthOptions } from 'better-auth';
import { type AuthContext, tooManyRequests, validationError } from './auth-context';

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

/** Better Auth's request hooks (before and after each endpoint): validation, limits, notices, second factors. */
export function authRequestHooks(ctx: AuthContext): NonNullable<BetterAuthOptions['hooks']> {
  const { env, db, limits, limitsOn, notices, totpReplay, markSecondFactor, requireRecentPassword } = ctx;
  return {
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
            throw tooManyRequests('RESET_EMAIL_TOO_SOON', AUTH_MESSAGES.resetEmailTooSoon, decision.retryAfterSeconds);
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
  };
}
