import { z } from 'zod';
import { AUTH_MESSAGES } from './auth-messages';

/**
 * Login (spec §5): e-mail and password are both required. Only presence is checked — a wrong
 * password is the server's answer, and the length rules of new passwords do not apply to old ones.
 */
export const loginSchema = z.object({
  email: z
    .string({ error: AUTH_MESSAGES.loginRequired })
    .trim()
    .min(1, { error: AUTH_MESSAGES.loginRequired })
    .pipe(z.email({ error: AUTH_MESSAGES.invalidEmail })),
  password: z.string({ error: AUTH_MESSAGES.loginRequired }).min(1, { error: AUTH_MESSAGES.loginRequired }),
});
export type LoginInput = z.input<typeof loginSchema>;
