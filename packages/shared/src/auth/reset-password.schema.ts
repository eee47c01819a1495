import { z } from 'zod';
import { AUTH_MESSAGES } from './auth-messages';
import { newPasswordSchema, requiredEmailSchema } from './password.schema';

/** Forgot password / reset request (spec §5): the e-mail address is required. */
export const resetRequestSchema = z.object({
  email: requiredEmailSchema(AUTH_MESSAGES.resetEmailRequired),
});
export type ResetRequestInput = z.input<typeof resetRequestSchema>;

/** The new password on the reset-confirm page: 8+ characters ("Password is too weak"), not common. */
export const resetNewPasswordSchema = newPasswordSchema({
  required: AUTH_MESSAGES.passwordTooWeak,
  tooShort: AUTH_MESSAGES.passwordTooWeak,
});

/** The Set New Password form (spec §2, §5): both fields, then "Passwords don't match". */
export const resetPasswordFormSchema = z
  .object({
    password: resetNewPasswordSchema,
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDontMatch }),
  })
  .refine((form) => form.password === form.confirmPassword, {
    error: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;

/** What the server checks on `POST /api/auth/reset-password` (Better Auth's body). */
export const resetPasswordBodySchema = z.object({
  newPassword: resetNewPasswordSchema,
  token: z.string().min(1, { error: AUTH_MESSAGES.invalidResetLink }),
});

/** Query of `GET /api/auth-extra/reset-token/validate`. Missing values are answered, not refused. */
export const resetTokenValidateQuerySchema = z.object({
  token: z.string().optional(),
  email: z.string().optional(),
});

/** Answer of `GET /api/auth-extra/reset-token/validate`: the token is not consumed by asking. */
export type ResetTokenValidation = { valid: true } | { valid: false; message: string };

/** Path of the page the reset e-mail opens (spec §2 /auth/reset-password/confirm). */
export const RESET_CONFIRM_PATH = '/auth/reset-password/confirm';
