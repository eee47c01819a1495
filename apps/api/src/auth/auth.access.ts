import type { AccessRow, Who } from '../testing/access';

const row = (method: 'GET' | 'POST', path: string, who: Who): AccessRow => ({
  method,
  path: `/api/auth${path}`,
  who,
});

/**
 * Better Auth's endpoints as mounted at /api/auth (testing/access.ts). Its own admin endpoints
 * are closed: admin actions go through /api/admin (decision 013).
 */
const rows: AccessRow[] = [
  { method: 'ALL', path: '/api/auth/admin/*', who: 'nobody' },
  // Issue 22: codes by e-mail or SMS are not offered (TOTP and backup codes only): closed.
  { method: 'ALL', path: '/api/auth/two-factor/send-otp', who: 'nobody' },
  { method: 'ALL', path: '/api/auth/two-factor/verify-otp', who: 'nobody' },
  // The second sign-in step: no session yet; only the signed two-factor cookie of the first step counts.
  row('POST', '/two-factor/verify-totp', 'anyone'),
  row('POST', '/two-factor/verify-backup-code', 'anyone'),
  row('POST', '/sign-up/email', 'anyone'),
  row('POST', '/sign-in/email', 'anyone'),
  row('POST', '/sign-in/social', 'anyone'),
  row('GET', '/callback/:id', 'anyone'),
  row('POST', '/callback/:id', 'anyone'),
  row('GET', '/get-session', 'anyone'),
  row('POST', '/get-session', 'anyone'),
  row('POST', '/sign-out', 'anyone'),
  row('POST', '/reset-password', 'anyone'),
  row('GET', '/reset-password/:token', 'anyone'),
  row('POST', '/request-password-reset', 'anyone'),
  row('GET', '/verify-email', 'anyone'),
  row('POST', '/send-verification-email', 'anyone'),
  row('GET', '/delete-user/callback', 'anyone'),
  row('GET', '/ok', 'anyone'),
  row('GET', '/error', 'anyone'),
  row('POST', '/verify-password', 'owner'),
  row('POST', '/change-email', 'owner'),
  row('POST', '/change-password', 'owner'),
  row('POST', '/update-session', 'owner'),
  row('POST', '/update-user', 'owner'),
  row('POST', '/delete-user', 'owner'),
  row('GET', '/list-sessions', 'owner'),
  row('POST', '/revoke-session', 'owner'),
  row('POST', '/revoke-sessions', 'owner'),
  row('POST', '/revoke-other-sessions', 'owner'),
  row('POST', '/link-social', 'owner'),
  row('GET', '/list-accounts', 'owner'),
  row('POST', '/unlink-account', 'owner'),
  row('POST', '/refresh-token', 'owner'),
  row('POST', '/get-access-token', 'owner'),
  row('GET', '/account-info', 'owner'),
  row('POST', '/two-factor/enable', 'owner'),
  row('POST', '/two-factor/disable', 'owner'),
  row('POST', '/two-factor/get-totp-uri', 'owner'),
  row('POST', '/two-factor/generate-backup-codes', 'owner'),
];

/** Better Auth's account endpoints take no user id: they act on the session's own user. */
const OWN_USER_ONLY = {
  file: 'account-hardening.test.ts',
  test: 'the account endpoints act on the caller’s own user only, never on another user',
};

export const accessRows: AccessRow[] = rows.map((r) => (r.who === 'owner' ? { ...r, ownerTest: OWN_USER_ONLY } : r));
