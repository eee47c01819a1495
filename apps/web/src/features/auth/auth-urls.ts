import { RESET_CONFIRM_PATH } from '@/config/paths';

/** The value of /auth?action=… that spec §2 names: the Login tab with the check-your-email message. */
export const VERIFICATION_PENDING_ACTION = 'verification-pending';

/** Where the e-mail confirmation link lands once it has signed the user in (or failed: `&error=…`). */
export const EMAIL_VERIFIED_ACTION = 'email-verified';
export const EMAIL_VERIFIED_CALLBACK = `/auth?action=${EMAIL_VERIFIED_ACTION}`;

/**
 * Spec §7: the reset e-mail's redirectTo is the confirm page with the address as a query
 * parameter. A same-origin relative URL: the server builds the e-mailed link from its own
 * APP_URL, and Better Auth accepts a relative redirect from any of the app's addresses.
 */
export function resetRedirectTo(email: string): string {
  return `${RESET_CONFIRM_PATH}?${new URLSearchParams({ type: 'recovery', email }).toString()}`;
}

/**
 * `/auth?invitation=1` (the care-team invitation e-mail's link, issue 31): once signed in — at
 * once, or after the e-mail confirmation, whose link carries it on — the invitation comes first.
 */
export const INVITATION_PARAM = 'invitation';
