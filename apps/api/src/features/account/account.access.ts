import type { AccessRow } from '../../testing/access';

/** Every route acts on the session's own user; another user's device is not found. */
const DEVICES = {
  file: 'account.test.ts',
  test: 'lists the signed-in devices with browser, OS, IP and "this device"; signs one out, then all others',
};
const RECHECK = {
  file: 'account.test.ts',
  test: 'counts wrong passwords on the re-check and refuses after 10 in 15 minutes',
};
const EXPORT = {
  file: 'account.test.ts',
  test: 'exports everything about the person as JSON, only after a recent password, without secrets',
};
const DELETE = {
  file: 'account.test.ts',
  test: 'deletes the account after the password: own plans go, records on others’ plans stay as "former team member"',
};

/** The person's own account page (issue 22; testing/access.ts). */
export const accessRows: AccessRow[] = [
  { method: 'GET', path: '/api/account/security', who: 'owner', ownerTest: DEVICES },
  { method: 'POST', path: '/api/account/confirm-password', who: 'owner', ownerTest: RECHECK },
  { method: 'GET', path: '/api/account/sessions', who: 'owner', ownerTest: DEVICES },
  { method: 'DELETE', path: '/api/account/sessions/:sessionId', who: 'owner', ownerTest: DEVICES },
  { method: 'POST', path: '/api/account/sessions/sign-out-others', who: 'owner', ownerTest: DEVICES },
  { method: 'GET', path: '/api/account/export', who: 'owner', ownerTest: EXPORT },
  { method: 'POST', path: '/api/account/delete', who: 'owner', ownerTest: DELETE },
];
