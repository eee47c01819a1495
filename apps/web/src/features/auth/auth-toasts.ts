/**
 * The accounts screens' toast texts, word for word from spec §8 (success messages and fallbacks
 * shown when the server gives no message of its own).
 */
export const AUTH_TOASTS = {
  loggedIn: 'You have successfully logged in!',
  loginFailed: 'Failed to log in.',
  signUpFailed: 'Failed to create account. Please try again.',
  accountCreated: "Account created successfully! You'll be redirected to your dashboard shortly.",
  resetEmailFailed: 'Failed to send password reset email.',
  resetEmailSent: 'Password reset email sent. Please check your inbox.',
  resetLinkSent: 'Reset link sent',
  resetLinkSentDetail: 'Check your inbox and your spam folder for the link.',
  resetLinkFailed: 'Failed to send reset link.',
  resetLinkFailedDetail: 'Please try again later.',
  updateFailed: 'Failed to update password.',
  updateFailedDetail: 'Please try again.',
  tooManyAttempts: 'Too many attempts',
  tooManyFailedAttempts: 'Too many failed attempts',
  requestNewLink: 'Please request a new password reset link',
  passwordReset: 'Password has been reset successfully. You can now log in with your new password.',
  connectionTimeout: 'Connection timeout. Please try again or request a new reset link.',
} as const;

/** Spec §9 "Reset-sent toast 8000 ms". */
export const RESET_SENT_TOAST_MS = 8_000;
