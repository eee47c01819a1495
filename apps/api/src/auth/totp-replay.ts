import { timingSafeEqual } from 'node:crypto';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { type createAuthMiddleware, getAuthoritativeSessionFromCtx } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { twoFactor, twoFactorUsedStep } from '../db/schema/auth';
import type { Logger } from '../lib/logger';
import { currentAuthRequestState } from './auth-request-state';

type AuthHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type SecretConfig = Parameters<typeof symmetricDecrypt>[0]['key'];

/**
 * Better Auth's TOTP as configured (its two-factor plugin's defaults, RFC 6238): 30-second
 * steps, 6 digits, and a code accepted from one step before to one step after the current one.
 * auth.ts does not change them; if it ever did, these must follow.
 */
export const TOTP_PERIOD_MS = 30_000;
const TOTP_DIGITS = 6;
const TOTP_WINDOW_STEPS = 1;
/**
 * Used steps older than this many steps can never be accepted again (the window is ±1); a margin
 * is kept for a clock that is set back a little. Older rows are deleted as new ones come in.
 */
const KEEP_USED_STEPS = 10;
/** The two-factor plugin's cookie of the first sign-in step (its TWO_FACTOR_COOKIE_NAME). */
const TWO_FACTOR_COOKIE = 'two_factor';
/**
 * What a refused code is replaced with before Better Auth checks it: a code of the wrong length,
 * which it can never accept, so the answer ("Invalid code", 401) and the counting toward the
 * challenge's 5 and the account's 10 failed attempts are exactly those of a wrong code.
 */
const NEVER_VALID_CODE = '';

/** The TOTP counter (time step) of an instant in milliseconds. */
export function totpStepAt(ms: number): number {
  return Math.floor(ms / TOTP_PERIOD_MS);
}

/** The TOTP key as Better Auth uses it: the decrypted secret, or the bytes of an imported base32 one. */
async function totpKey(secretConfig: SecretConfig, stored: string): Promise<string | Uint8Array> {
  const secret = await symmetricDecrypt({ key: secretConfig, data: stored });
  return secret.startsWith('base32:') ? base32.decode(secret.slice('base32:'.length).toUpperCase()) : secret;
}

function sameCode(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The steps inside Better Auth's window whose code is `code`: usually one, none for a wrong code
 * (two only if two steps happen to share the six digits).
 */
export async function matchingTotpSteps(key: string | Uint8Array, code: string, now = Date.now()): Promise<number[]> {
  const otp = createOTP(key, { digits: TOTP_DIGITS, period: TOTP_PERIOD_MS / 1000 });
  const current = totpStepAt(now);
  const steps: number[] = [];
  for (let step = current - TOTP_WINDOW_STEPS; step <= current + TOTP_WINDOW_STEPS; step++) {
    if (sameCode(code, await otp.hotp(step))) steps.push(step);
  }
  return steps;
}

/**
 * Issue 22: a TOTP code is accepted once per user. Better Auth's two-factor plugin (1.7.x) would
 * take the same code again for as long as it is valid (up to 90 s), so whoever sees a code being
 * typed, or captures it, could use it too.
 *
 * `before` runs as the before-hook of `POST /two-factor/verify-totp` — the only endpoint that
 * takes a TOTP code: the second sign-in step, and the first code that turns two-factor on (both
 * the same endpoint; send-otp/verify-otp are closed, backup codes are single-use in the plugin).
 * For a code that is right for the user Better Auth will check (the session's user, else the
 * first sign-in step's), it inserts the code's time step into `two_factor_used_steps`; the
 * primary key lets exactly one request win, also under concurrency. A loser's code is replaced
 * by one that can never be valid, so Better Auth refuses it as a wrong code: the same answer,
 * and it counts toward the same attempt limits. A wrong code is left to Better Auth untouched.
 *
 * `after` gives the step back when Better Auth then refused the request for another reason
 * (challenge expired or locked, too many attempts): that code was never accepted, and the person
 * may still type it once the lock is over.
 */
export function createTotpReplayGuard({ db, logger }: { db: Database; logger: Logger }) {
  const log = logger.child({ module: 'totp-replay' });

  /** Records the steps as used for the user; true when this call recorded every one of them. */
  async function claim(userId: string, steps: number[], now: number): Promise<boolean> {
    const inserted = await db
      .insert(twoFactorUsedStep)
      .values(steps.map((step) => ({ userId, step })))
      .onConflictDoNothing()
      .returning({ step: twoFactorUsedStep.step });
    await db.delete(twoFactorUsedStep).where(lt(twoFactorUsedStep.step, totpStepAt(now) - KEEP_USED_STEPS));
    return inserted.length === steps.length;
  }

  /** The user Better Auth's verify-totp checks the code for: the session's, else the first step's. */
  async function userBeingVerified(ctx: AuthHookContext): Promise<string | undefined> {
    const session = await getAuthoritativeSessionFromCtx(ctx);
    if (session) return session.user.id;
    const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
    const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    if (!challenge) return undefined;
    const pending = await ctx.context.internalAdapter.findVerificationValue(challenge);
    return pending?.value ?? undefined;
  }

  return {
    async before(ctx: AuthHookContext) {
      const code = (ctx.body as { code?: unknown } | undefined)?.code;
      if (typeof code !== 'string') return; // Better Auth answers 400 itself.
      const userId = await userBeingVerified(ctx);
      if (!userId) return; // No session and no sign-in challenge: Better Auth answers 401.
      const [row] = await db
        .select({ secret: twoFactor.secret })
        .from(twoFactor)
        .where(eq(twoFactor.userId, userId))
        .limit(1);
      if (!row) return; // TOTP not set up: Better Auth answers 400.
      const now = Date.now();
      const steps = await matchingTotpSteps(await totpKey(ctx.context.secretConfig, row.secret), code, now);
      if (steps.length === 0) return; // A wrong code: Better Auth refuses and counts it.
      if (await claim(userId, steps, now)) {
        const state = currentAuthRequestState();
        if (state) state.totpClaim = { userId, steps };
        return;
      }
      log.warn({ userId }, 'a TOTP code that was already accepted was sent again: refused as a wrong code');
      return { context: { body: { ...ctx.body, code: NEVER_VALID_CODE } } };
    },

    async after(succeeded: boolean) {
      const state = currentAuthRequestState();
      const claimed = state?.totpClaim;
      if (!claimed || succeeded) return;
      state.totpClaim = undefined;
      await db
        .delete(twoFactorUsedStep)
        .where(and(eq(twoFactorUsedStep.userId, claimed.userId), inArray(twoFactorUsedStep.step, claimed.steps)));
    },
  };
}

export type TotpReplayGuard = ReturnType<typeof createTotpReplayGuard>;
