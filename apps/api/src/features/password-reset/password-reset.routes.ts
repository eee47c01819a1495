import { resetTokenValidateQuerySchema } from '@tavara/shared/auth/reset-password.schema';
import { allow } from '../../auth/allow';
import { Hono } from 'hono';
import type { AppBindings } from '../../app-types';
import type { Database } from '../../db/client';
import { validate } from '../../lib/validate';
import { validateResetToken } from './password-reset.service';

/**
 * `GET /api/auth-extra/reset-token/validate?token=…&email=…` → `{ valid: true }` or
 * `{ valid: false, message }`: lets the reset-confirm page show "Invalid Reset Link" before the
 * user types a new password, without using the token up. Setting the password itself is Better
 * Auth's `POST /api/auth/reset-password`.
 */
export function passwordResetRoutes(db: Database) {
  return new Hono<AppBindings>().get(
    '/auth-extra/reset-token/validate',
    allow('anyone'),
    validate('query', resetTokenValidateQuerySchema),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      const { token, email } = c.req.valid('query');
      return c.json(await validateResetToken(c.get('auth'), db, token, email));
    },
  );
}
