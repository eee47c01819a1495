import type { AccessRow } from '../../testing/access';

/** The signed-in user's own profile, dashboard and registration (testing/access.ts). */
export const accessRows: AccessRow[] = [
  {
    method: 'GET',
    path: '/api/profile/me',
    who: 'owner',
    ownerTest: { file: 'profiles.test.ts', test: '%s: /api/profile/me shows the role and the profile made from' },
  },
  {
    method: 'POST',
    path: '/api/profile/ensure',
    who: 'owner',
    ownerTest: {
      file: 'profiles.test.ts',
      test: 'ensure takes the role from the account: a requested role is ignored',
    },
  },
  {
    method: 'GET',
    path: '/api/dashboard/me',
    who: 'owner',
    ownerTest: { file: 'dashboard.test.ts', test: 'each role sees its own role and data, never another user’s' },
  },
  // Admins have no registration form (403); the public roles each their own.
  {
    method: 'GET',
    path: '/api/registration/me',
    who: 'owner',
    roles: ['family', 'professional', 'community'],
    ownerTest: { file: 'registration.test.ts', test: 'nobody fills in another role’s form; admins have none' },
  },
  {
    method: 'PUT',
    path: '/api/registration/:role',
    who: 'owner',
    ownerTest: { file: 'registration.test.ts', test: 'nobody fills in another role’s form; admins have none' },
  },
  {
    method: 'POST',
    path: '/api/registration/photo',
    who: 'owner',
    ownerTest: {
      file: 'registration.test.ts',
      test: 'takes a TINY_PNG by content and serves it to its owner and admins only',
    },
  },
  {
    method: 'GET',
    path: '/api/registration/photo/:userId',
    who: 'owner',
    ownerTest: {
      file: 'registration.test.ts',
      test: 'takes a TINY_PNG by content and serves it to its owner and admins only',
    },
  },
];
