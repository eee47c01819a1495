import type { AccessRow } from '../../testing/access';

/**
 * The care needs assessment (issue 19): a family's own assessments are found by the session's
 * user, never by a parameter; the plan view follows the plan (owner, accepted members, admins).
 * The owner / team member / other family / professional / community / visitor / admin cases are
 * asserted in domain/people-cared-for.test.ts.
 */
const OWNER_TEST = { file: 'people-cared-for.test.ts', test: 'who may read and change assessments and stories' };

export const accessRows: AccessRow[] = [
  { method: 'GET', path: '/api/care-assessments', who: 'owner', roles: ['family'], ownerTest: OWNER_TEST },
  {
    method: 'PUT',
    path: '/api/care-assessments/sections/:section',
    who: 'owner',
    roles: ['family'],
    ownerTest: OWNER_TEST,
  },
  { method: 'GET', path: '/api/care-plans/:planId/assessment', who: 'owner', ownerTest: OWNER_TEST },
];
