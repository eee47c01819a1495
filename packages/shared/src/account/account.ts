import { z } from 'zod';
import { AUTH_MESSAGES } from '../auth/auth-messages';
import { newPasswordSchema, requiredEmailSchema, requiredTextSchema } from '../auth/password.schema';
import { updateUserBodySchema } from '../auth/update-user.schema';

/**
 * The person's own account page (issue 22, `/account`): sessions, two-factor sign-in, password,
 * e-mail, their data. The words people read are here, shared by the server and the page.
 */

/** Sensitive actions (e-mail change, export, two-factor off, delete) need the password re-entered within this. */
export const REAUTH_WINDOW_SECONDS = 5 * 60;
export { TRUST_DEVICE_DAYS } from './trust-device';
/** How "former team member" reads where a deleted account's records are kept on other people's plans. */
export const FORMER_TEAM_MEMBER = 'former team member';

export const ACCOUNT_MESSAGES = {
  passwordRequired: 'Please enter your password.',
  wrongPassword: 'That password is not right. Please try again.',
  reauthRequired: 'Please enter your password again to continue.',
  codeRequired: 'Please enter the 6-digit code from your authenticator app.',
  codeFormat: 'The code is the 6 digits your authenticator app shows.',
  backupCodeRequired: 'Please enter one of your backup codes.',
  sessionNotFound: 'That device is already signed out.',
  cannotRevokeCurrent: 'To sign out this device, use Sign Out.',
  deleteConfirmation: 'Please type DELETE to confirm.',
  twoFactorRequiredForAdmins: 'The admin area needs two-factor sign-in. Please set it up on your account page first.',
  twoFactorRequiredForThisSession:
    'The admin area needs a sign-in with your authenticator code. Please sign out and sign in again with the code.',
  twoFactorNotOn: 'Two-factor sign-in is not on for this account.',
  tooManyPasswordChecks: 'Too many password attempts. Please wait 15 minutes and try again.',
  adminResetReasonRequired: 'Please describe how you checked who is asking (at least 10 characters).',
} as const;

/** `POST /api/account/confirm-password` and the password of the two-factor and deletion dialogs. */
export const confirmPasswordSchema = z.object({
  password: requiredTextSchema(ACCOUNT_MESSAGES.passwordRequired).pipe(z.string().max(128)),
});
export type ConfirmPasswordInput = z.input<typeof confirmPasswordSchema>;

/** `POST /api/account/delete`: the password again, and the word DELETE typed. */
export const deleteAccountSchema = confirmPasswordSchema.extend({
  confirmation: z.literal('DELETE', { error: ACCOUNT_MESSAGES.deleteConfirmation }),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** The change-password form: the current password, and a new one by the sign-up rules and messages. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: requiredTextSchema(ACCOUNT_MESSAGES.passwordRequired),
    newPassword: newPasswordSchema({
      required: AUTH_MESSAGES.signUpRequired,
      tooShort: AUTH_MESSAGES.passwordTooShort,
    }),
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDontMatch }),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    error: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;

/** The change-e-mail form. */
export const changeEmailSchema = z.object({
  newEmail: requiredEmailSchema(AUTH_MESSAGES.resetEmailRequired),
});
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

/** A 6-digit authenticator code (spaces typed between the groups are dropped). */
export const totpCodeSchema = z.object({
  code: z
    .string({ error: ACCOUNT_MESSAGES.codeRequired })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .min(1, { error: ACCOUNT_MESSAGES.codeRequired })
        .regex(/^\d{6}$/, ACCOUNT_MESSAGES.codeFormat),
    ),
  trustDevice: z.boolean().optional(),
});
export type TotpCodeInput = z.input<typeof totpCodeSchema>;

export const backupCodeSchema = z.object({
  code: requiredTextSchema(ACCOUNT_MESSAGES.backupCodeRequired).pipe(z.string().max(64)),
  trustDevice: z.boolean().optional(),
});
export type BackupCodeInput = z.input<typeof backupCodeSchema>;

/** `POST /api/admin/users/:userId/two-factor-reset`: how the admin checked who asked. */
export const adminTwoFactorResetSchema = z.object({
  reason: z
    .string({ error: ACCOUNT_MESSAGES.adminResetReasonRequired })
    .trim()
    .min(10, { error: ACCOUNT_MESSAGES.adminResetReasonRequired })
    .max(500),
});

/** One signed-in device on the account page (`GET /api/account/sessions`). */
export interface AccountSession {
  id: string;
  browser: string;
  os: string;
  ipAddress: string | null;
  /** When this session started (first seen). */
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** `GET /api/account/security`: what the account page shows about sign-in security. */
export interface AccountSecurity {
  twoFactorEnabled: boolean;
  /** Until when sensitive actions are open on this session (null: the password is needed). */
  reauthenticatedUntil: string | null;
  role: string;
}

/** The account page's name form: first and last name by the sign-up rules (update-user's schema). */
export const accountNameSchema = updateUserBodySchema.pick({ firstName: true, lastName: true }).required();
export type AccountNameInput = z.input<typeof accountNameSchema>;
