import type { AccessRow } from '../../testing/access';

const OWNER_TEST = {
  file: 'professional-profile.test.ts',
  test: 'a document is served only to its owner and admins',
};

/** Professionals' documents (issue 20): the owner and admins only; verification by admins. */
export const accessRows: AccessRow[] = [
  { method: 'GET', path: '/api/professional/documents', who: 'signed-in', roles: ['professional'] },
  { method: 'POST', path: '/api/professional/documents', who: 'signed-in', roles: ['professional'] },
  { method: 'GET', path: '/api/professional/documents/:id/file', who: 'owner', ownerTest: OWNER_TEST },
  {
    method: 'DELETE',
    path: '/api/professional/documents/:id',
    who: 'owner',
    roles: ['professional'],
    ownerTest: OWNER_TEST,
  },
  { method: 'GET', path: '/api/admin/professional-documents', who: 'admin' },
  { method: 'POST', path: '/api/admin/professional-documents/:id/verification', who: 'admin' },
];
