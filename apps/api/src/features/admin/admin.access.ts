import type { AccessRow } from '../../testing/access';

/** Who may call the admin area's routes (testing/access.ts). */
export const accessRows: AccessRow[] = [
  { method: 'GET', path: '/api/admin/users', who: 'admin' },
  { method: 'PATCH', path: '/api/admin/users/:userId/role', who: 'admin' },
  { method: 'DELETE', path: '/api/admin/users/:userId', who: 'admin' },
  { method: 'POST', path: '/api/admin/users/:userId/two-factor-reset', who: 'admin' },
  { method: 'GET', path: '/api/admin/audit-log', who: 'admin' },
  { method: 'GET', path: '/api/admin/feature-votes', who: 'admin' },
  { method: 'GET', path: '/api/admin/user-journey/funnel', who: 'admin' },
  { method: 'GET', path: '/api/admin/user-journey/timeline', who: 'admin' },
];
