import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

/**
 * TOTP codes in tests, made by the same well-kept library Better Auth verifies them with
 * (@better-auth/utils, RFC 6238: SHA-1, 6 digits, 30 s), from the base32 secret a person would
 * type into an authenticator app. `at` fixes the clock (defaults to now).
 */
export async function totpCode(base32Secret: string, at: number = Date.now()): Promise<string> {
  const key = base32.decode(base32Secret.toUpperCase());
  return createOTP(key).hotp(Math.floor(at / 30_000));
}

/** The base32 secret of an `otpauth://totp/...?secret=...` URI (what the QR code holds). */
export function secretOfTotpUri(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret');
  if (!secret) throw new Error('the TOTP URI has no secret');
  return secret;
}
