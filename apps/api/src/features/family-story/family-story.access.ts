import type { AccessRow } from '../../testing/access';

/**
 * The family's story and the legacy page (issue 19): a family's own stories are found by the
 * session's user, never by a parameter; the plan view follows the plan (owner, accepted members,
 * admins); the legacy page is public and shows public fields only. The owner / team member /
 * other family / professional / community / visitor / admin cases are asserted in
 * domain/people-cared-for.test.ts.
 */
const OWNER_TEST = { file: 'people-cared-for.test.ts', test: 'who may read and change assessments and stories' };

export const accessRows: AccessRow[] = [
  { method: 'GET', path: '/api/family-stories', who: 'owner', roles: ['family'], ownerTest: OWNER_TEST },
  { method: 'PUT', path: '/api/family-stories', who: 'owner', roles: ['family'], ownerTest: OWNER_TEST },
  {
    method: 'POST',
    path: '/api/family-stories/:storyId/share',
    who: 'owner',
    roles: ['family'],
    ownerTest: OWNER_TEST,
  },
  {
    method: 'DELETE',
    path: '/api/family-stories/:storyId/share',
    who: 'owner',
    roles: ['family'],
    ownerTest: OWNER_TEST,
  },
  { method: 'GET', path: '/api/care-plans/:planId/story', who: 'owner', ownerTest: OWNER_TEST },
  { method: 'GET', path: '/api/legacy-stories', who: 'anyone' },
  { method: 'GET', path: '/api/legacy-stories/:storyId', who: 'anyone' },
  { method: 'POST', path: '/api/admin/legacy-stories/:storyId/hide', who: 'admin' },
  { method: 'DELETE', path: '/api/admin/legacy-stories/:storyId/hide', who: 'admin' },
];
