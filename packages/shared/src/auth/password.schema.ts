import { z } from 'zod';
import { AUTH_MESSAGES } from './auth-messages';
import { isCommonPassword } from './common-passwords';

/** Shortest password accepted anywhere (sign-up and reset): spec §9 says 6 at sign-up; we use 8 everywhere. */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest password accepted (Better Auth's limit; scrypt cost grows with length). */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * A new password: present, 8–128 characters, not one of the common passwords. `tooShortMessage`
 * differs by screen (sign-up: "Password must be at least 8 characters long."; reset: "Password
 * is too weak"). `requiredMessage` is the screen's message for a missing field.
 */
export function newPasswordSchema(messages: { required: string; tooShort: string }) {
  return z
    .string({ error: messages.required })
    .min(1, { error: messages.required })
    .min(PASSWORD_MIN_LENGTH, { error: messages.tooShort })
    .max(PASSWORD_MAX_LENGTH, { error: AUTH_MESSAGES.passwordTooLong })
    .refine((password) => !isCommonPassword(password), { error: AUTH_MESSAGES.passwordTooCommon });
}

/** A required text field whose missing, blank or wrong-typed value reads `message`. */
export function requiredTextSchema(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message });
}

/** A required e-mail address: missing reads `requiredMessage`, malformed reads "Please enter a valid email address." */
export function requiredEmailSchema(requiredMessage: string) {
  return requiredTextSchema(requiredMessage).pipe(z.email({ error: AUTH_MESSAGES.invalidEmail }));
}

/**
 * A signed-in user's new password (`POST /api/auth/change-password`): the sign-up rules and
 * messages. The current password is checked by the server only.
 */
export const changePasswordBodySchema = z.object({
  newPassword: newPasswordSchema({ required: AUTH_MESSAGES.signUpRequired, tooShort: AUTH_MESSAGES.passwordTooShort }),
});
