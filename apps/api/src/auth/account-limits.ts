import type { Database } from '../db/client';
import { accountLimit } from '../db/schema/auth';
import { createWindowCounter, type WindowRule } from '../lib/window-counter';

/** A limit of `max` events per `windowSeconds`, in a fixed window that starts with the first event. */
export type AccountLimitRule = WindowRule;
export type { LimitDecision } from '../lib/window-counter';

/** Failed sign-ins per e-mail address per hour; the next attempt, even with the right password, waits. */
export const FAILED_SIGN_IN_LIMIT: AccountLimitRule = { max: 100, windowSeconds: 3600 };
/** Password reset e-mails per address per minute. */
export const RESET_EMAIL_LIMIT: AccountLimitRule = { max: 1, windowSeconds: 60 };

/** Counter keys come from the address whether or not an account exists (no enumeration). */
export const failedSignInKey = (email: string) => `sign-in-failures:${normalizeEmail(email)}`;
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
