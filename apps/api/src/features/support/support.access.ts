import type { AccessRow } from '../../testing/access';

/** Contact requests: anyone sends one; admins read and resolve them (testing/access.ts). */
export const accessRows: AccessRow[] = [
  { method: 'POST', path: '/api/support/requests', who: 'anyone' },
  { method: 'GET', path: '/api/support/requests', who: 'admin' },
  { method: 'GET', path: '/api/support/requests/:id', who: 'admin' },
  { method: 'PATCH', path: '/api/support/requests/:id', who: 'admin' },
  { method: 'GET', path: '/api/support/requests/:id/screenshot', who: 'admin' },
  { method: 'POST', path: '/api/support/requests/:id/replies', who: 'admin' },
  // Issue 20: a signed-in carer asks for support and reads only their own requests.
  { method: 'POST', path: '/api/caregiver-support/requests', who: 'signed-in' },
  { method: 'GET', path: '/api/caregiver-support/requests/mine', who: 'signed-in' },
];
