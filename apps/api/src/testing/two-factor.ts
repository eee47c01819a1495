import { setTimeout as sleep } from 'node:timers/promises';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

const STEP_MS = 30_000;

/**
 * TOTP codes in tests, made by the same well-kept library Better Auth verifies them with
 * (@better-auth/utils, RFC 6238: SHA-1, 6 digits, 30 s), from the base32 secret a person would
 * type into an authenticator app. `at` fixes the clock (defaults to now).
 */
export async function totpCode(base32Secret: string, at: number = Date.now()): Promise<string> {
  const key = base32.decode(base32Secret.toUpperCase());
  return createOTP(key).hotp(Math.floor(at / STEP_MS));
}

/**
 * The last time step handed out per secret by the helpers below. The server accepts each code
 * once (issue 22, auth/totp-replay.ts), so helpers that sign a user in again never repeat one.
 */
const lastStepUsed = new Map<string, number>();

/**
 * A code of a step after the last one handed out for this secret, if the server accepts one
 * right now (it takes the current step and the next), else undefined.
 */
export async function unusedTotpCodeNow(base32Secret: string): Promise<string | undefined> {
  const current = Math.floor(Date.now() / STEP_MS);
  const step = Math.max(current, (lastStepUsed.get(base32Secret) ?? -Infinity) + 1);
  if (step > current + 1) return undefined;
  lastStepUsed.set(base32Secret, step);
  return totpCode(base32Secret, step * STEP_MS);
}

/** Like `unusedTotpCodeNow`, waiting (as a person would) for the next code when none is left. */
export async function unusedTotpCode(base32Secret: string): Promise<string> {
  for (;;) {
    const code = await unusedTotpCodeNow(base32Secret);
    if (code) return code;
    const before = Date.now();
    const nextStepStarts = (Math.floor(before / STEP_MS) + 1) * STEP_MS;
    await sleep(nextStepStarts - before + 50);
    if (Date.now() === before) throw new Error('waiting for the next TOTP step, but Date is faked and does not move');
  }
}

/** Backup codes already used by the helpers below (each works once). */
const usedBackupCodes = new Set<string>();

/** A backup code from `codes` that the helpers have not used yet, marked as used; undefined when none is left. */
export function unusedBackupCode(codes: readonly string[] | undefined): string | undefined {
  const code = codes?.find((c) => !usedBackupCodes.has(c));
  if (code) usedBackupCodes.add(code);
  return code;
}

/** The base32 secret of an `otpauth://totp/...?secret=...` URI (what the QR code holds). */
export function secretOfTotpUri(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret');
  if (!secret) throw new Error('the TOTP URI has no secret');
  return secret;
}
