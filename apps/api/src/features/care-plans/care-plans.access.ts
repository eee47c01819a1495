import { type AccessRow, planRowsShownBy } from '../../testing/access';

/**
 * Care plans (issue 16). A plan is seen by its family
 * owner, its accepted members and admins; changing it is the owner's; everyone else is answered
 * as if it did not exist. The owner / accepted member / invited member / other family / other
 * professional / community / visitor / admin cases of every row are asserted in
 * care-plans-authorization.test.ts (named as each row's `ownerTest`).
 */
const MATRIX = { file: 'care-plans-authorization.test.ts', test: 'care-plan routes: who may call them' };
const planRow = planRowsShownBy(MATRIX);

export const accessRows: AccessRow[] = [
  { method: 'GET', path: '/api/care-plans', who: 'signed-in' },
  { method: 'POST', path: '/api/care-plans', who: 'signed-in', roles: ['family'] },
  { method: 'GET', path: '/api/care-plans/figures', who: 'signed-in' },
  planRow('GET', '/api/care-plans/:planId'),
  planRow('PUT', '/api/care-plans/:planId'),
  planRow('DELETE', '/api/care-plans/:planId'),
  planRow('POST', '/api/care-plans/:planId/status'),
  planRow('POST', '/api/care-plans/:planId/restore'),
  planRow('GET', '/api/professional/assignments/:planId'),
];
