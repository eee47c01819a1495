import type { AccessRow } from '../../testing/access';

/** Feature voting (testing/access.ts). */
export const accessRows: AccessRow[] = [
  { method: 'GET', path: '/api/features', who: 'anyone' },
  { method: 'GET', path: '/api/features/my-votes', who: 'signed-in' },
  {
    method: 'POST',
    path: '/api/features/:featureId/vote',
    who: 'owner',
    ownerTest: {
      file: 'feature-voting.test.ts',
      test: 'every role can vote once per feature: the second vote records nothing',
    },
  },
  {
    method: 'DELETE',
    path: '/api/features/:featureId/vote',
    who: 'owner',
    ownerTest: {
      file: 'feature-voting.test.ts',
      test: 'a user withdraws their own vote; another user cannot withdraw it for them',
    },
  },
];
