/**
 * Every message of the accounts screens and the auth API that people read, word for word (spec §5
 * "Validation rules", §8 "Error catalogue"), plus the rules this product adds: 8-character
 * passwords at sign-up (the spec had 6), a refusal of common passwords, and the rate-limit answers.
 * The server sends these same strings, so the web can show whichever side caught the problem.
 */
export const AUTH_MESSAGES = {
  /** Login: e-mail and password are both required. */
  loginRequired: 'Please enter both email and password.',
  /** Forgot password / reset request: e-mail required. */
  resetEmailRequired: 'Please enter your email address.',
  /** Sign-up: first name, last name, e-mail, password and role are required. */
  signUpRequired: 'Please fill in all required fields.',
  /** Sign-up: a deliberate change from the spec's 6 characters. */
  passwordTooShort: 'Password must be at least 8 characters long.',
  passwordTooLong: 'Password must be at most 128 characters long.',
  passwordTooCommon: 'This password is too common. Please choose one that is harder to guess.',
  invalidEmail: 'Please enter a valid email address.',
  invalidRole: 'Please choose Family Member, Care Professional or Community Member.',
  /** New password on reset (spec §5, steps 2 and 4); the detail is the toast's description. */
  passwordTooWeak: 'Password is too weak',
  passwordTooWeakDetail: 'Please use at least 8 characters',
  passwordsDontMatch: "Passwords don't match",
  /** Reset link checks (spec §5). */
  invalidResetLink: 'Invalid or expired reset link. Please request a new password reset link.',
  resetLinkMissingEmail: 'Invalid recovery link. The link must include an email parameter.',
  /** /auth?action=verification-pending (spec §2). */
  verificationPending: 'Please check your email and click the verification link to continue.',
  /** Per-account limits (server). The same answer whether or not the account exists. */
  tooManyFailedSignIns:
    'Too many failed sign-in attempts for this account from this connection. Please wait 15 minutes or reset your password.',
  resetEmailTooSoon:
    'A password reset email was sent to this address less than a minute ago. Please wait a minute before asking again.',
  /** 503 when more passwords wait to be checked than the server queues (issue 23): try again shortly. */
  signInBusy: 'Many people are signing in right now. Please try again in a few seconds.',
  /** Sign-up succeeded but the e-mail could not be sent: the account is kept. */
  emailNotSent:
    'Your account is saved, but we could not send the email just now. Please ask for a new verification email in a few minutes.',
} as const;

/** Per-IP limit answer: says how long to wait, in whole seconds (at least 1). */
export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return `Too many attempts. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;
}

/** Spec §2 and §9: the reset link is valid for 24 hours (the server's default; see AUTH_RESET_TOKEN_TTL_SECONDS). */
export const PASSWORD_RESET_LINK_VALIDITY_HOURS = 24;
