import { AUTH_MESSAGES } from '@tavara/shared/auth/auth-messages';
import type { ResetTokenValidation } from '@tavara/shared/auth/reset-password.schema';
import { eq } from 'drizzle-orm';
import type { Auth } from '../../auth/auth';
import type { Database } from '../../db/client';
import { user } from '../../db/schema/auth';

/**
 * Whether a reset link still works: the token exists (Better Auth stores it hashed, under
 * `reset-password:<token>`), is unused (using it deletes it) and unexpired, and belongs to the
 * address in the link. Looking never consumes the token.
 */
export async function validateResetToken(
  auth: Auth,
  db: Database,
  token: string | undefined,
  email: string | undefined,
): Promise<ResetTokenValidation> {
  if (!token) return { valid: false, message: AUTH_MESSAGES.invalidResetLink };
  if (!email) return { valid: false, message: AUTH_MESSAGES.resetLinkMissingEmail };
  const context = await auth.$context;
  const record = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!record || record.expiresAt.getTime() <= Date.now())
    return { valid: false, message: AUTH_MESSAGES.invalidResetLink };
  const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.id, record.value));
  if (!owner || owner.email !== email.trim().toLowerCase()) {
    return { valid: false, message: AUTH_MESSAGES.invalidResetLink };
  }
  return { valid: true };
}
