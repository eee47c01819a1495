import type { Access, ShownBy } from './allow';

/** Better Auth's account endpoints take no user id: they act on the session's own user. */
const OWN_USER_ONLY: ShownBy = {
  file: 'account-hardening.test.ts',
  test: 'the account endpoints act on the caller’s own user only, never on another user',
};

const anyone: Access = { who: 'anyone' };
const own: Access = { who: 'owner', shownBy: OWN_USER_ONLY };

/**
 * Who may call each of Better Auth's endpoints as mounted at /api/auth (auth-routes.ts). Better
 * Auth enforces these itself — its session checks are its own middleware, not ours — so they are
 * declared here, beside the mount, as what it enforces; the authorization matrix reads the
 * endpoints from the auth instance and fails for one that is not listed here (decision 040). Its
 * own admin endpoints and the e-mail/SMS two-factor codes are closed in app.ts
 * (`allow.nobody()`): admin actions go through /api/admin (decision 013).
 */
export const BETTER_AUTH_ACCESS: Record<string, Access> = {
  // The second sign-in step: no session yet; only the signed two-factor cookie of the first step counts.
  'POST /two-factor/verify-totp': anyone,
  'POST /two-factor/verify-backup-code': anyone,
  'POST /sign-up/email': anyone,
  'POST /sign-in/email': anyone,
  'POST /sign-in/social': anyone,
  'GET /callback/:id': anyone,
  'POST /callback/:id': anyone,
  'GET /get-session': anyone,
  'POST /get-session': anyone,
  'POST /sign-out': anyone,
  'POST /reset-password': anyone,
  'GET /reset-password/:token': anyone,
  'POST /request-password-reset': anyone,
  'GET /verify-email': anyone,
  'POST /send-verification-email': anyone,
  'GET /delete-user/callback': anyone,
  'GET /ok': anyone,
  'GET /error': anyone,
  'POST /verify-password': own,
  'POST /change-email': own,
  'POST /change-password': own,
  'POST /update-session': own,
  'POST /update-user': own,
  'POST /delete-user': own,
  'GET /list-sessions': own,
  'POST /revoke-session': own,
  'POST /revoke-sessions': own,
  'POST /revoke-other-sessions': own,
  'POST /link-social': own,
  'GET /list-accounts': own,
  'POST /unlink-account': own,
  'POST /refresh-token': own,
  'POST /get-access-token': own,
  'GET /account-info': own,
  'POST /two-factor/enable': own,
  'POST /two-factor/disable': own,
  'POST /two-factor/get-totp-uri': own,
  'POST /two-factor/generate-backup-codes': own,
};
