import type { Database } from '../db/client';
import { accountLimit } from '../db/schema/auth';
import { addressBucket } from '../lib/client-address';
import { createWindowCounter, type WindowRule } from '../lib/window-counter';

/** A limit of `max` events per `windowSeconds`, in a fixed window that starts with the first event. */
export type AccountLimitRule = WindowRule;
export type { LimitDecision } from '../lib/window-counter';

/**
 * Sign-in attempts for one address from one source (an IPv4 address, an IPv6 /64) without a
 * success in between: the next one from that source, even with the right password, waits for
 * the window to end. Other sources are not refused, so an attacker cannot lock the owner out
 * (issue 13, item 3); a success from the source clears its count.
 */
export const SIGN_IN_ATTEMPTS_PER_SOURCE_LIMIT: AccountLimitRule = { max: 10, windowSeconds: 900 };
/**
 * Failed sign-ins for one address from all sources per hour. Above it every sign-in for the
 * address is slowed down by AUTH_SIGN_IN_SLOWDOWN_MS — never refused — so guessing from many
 * sources gets slow while the owner still gets in.
 */
export const FAILED_SIGN_IN_LIMIT: AccountLimitRule = { max: 10, windowSeconds: 3600 };
/** Password reset e-mails per address per minute. */
export const RESET_EMAIL_LIMIT: AccountLimitRule = { max: 1, windowSeconds: 60 };

/** Counter keys come from the address whether or not an account exists (no enumeration). */
export const failedSignInKey = (email: string) => `sign-in-failures:${normalizeEmail(email)}`;
export const signInSourceKey = (email: string, ip: string | undefined) =>
  `sign-in-source:${normalizeEmail(email)}:${addressBucket(ip)}`;
export const resetEmailKey = (email: string) => `reset-email:${normalizeEmail(email)}`;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Per-account limits kept in the database (`auth_account_limits`) with the shared fixed-window
 * counter (lib/window-counter.ts): `consume`, `check` and `clear` by key.
 */
export function createAccountLimits(db: Database) {
  return createWindowCounter(db, accountLimit);
}

export type AccountLimits = ReturnType<typeof createAccountLimits>;
