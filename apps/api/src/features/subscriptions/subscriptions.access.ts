import type { AccessRow } from '../../testing/access';

/**
 * Subscriptions (issue 19, item 6). Interest is always the asker's own: the user is the session's,
 * never a parameter (subscriptions.test.ts shows one person's interest is not another's).
 */
export const accessRows: AccessRow[] = [
  { method: 'GET', path: '/api/subscription', who: 'signed-in' },
  {
    method: 'POST',
    path: '/api/subscription/interest',
    who: 'owner',
    ownerTest: { file: 'subscriptions.test.ts', test: 'interest is the asker’s own' },
  },
  {
    method: 'DELETE',
    path: '/api/subscription/interest/:planCode',
    who: 'owner',
    ownerTest: { file: 'subscriptions.test.ts', test: 'interest is the asker’s own' },
  },
  { method: 'GET', path: '/api/admin/subscription-interest', who: 'admin' },
];
