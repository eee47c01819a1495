import { type AccessRow, planRowsShownBy } from '../../testing/access';

/**
 * A plan's team and invitations (issue 16). A plan is seen by its family
 * owner, its accepted members and admins; changing it is the owner's; everyone else is answered
 * as if it did not exist. The owner / accepted member / invited member / other family / other
 * professional / community / visitor / admin cases of every row are asserted in
 * care-plans-authorization.test.ts (named as each row's `ownerTest`).
 */
const MATRIX = { file: 'care-plans-authorization.test.ts', test: 'care-plan routes: who may call them' };
const planRow = planRowsShownBy(MATRIX);

export const accessRows: AccessRow[] = [
  { method: 'GET', path: '/api/care-plans/professionals', who: 'signed-in', roles: ['family'] },
  { method: 'GET', path: '/api/invitations', who: 'signed-in' },
  planRow('POST', '/api/care-plans/:planId/invitations'),
  planRow('DELETE', '/api/care-plans/:planId/members/:memberId'),
  planRow('POST', '/api/invitations/:invitationId/accept'),
  planRow('POST', '/api/invitations/:invitationId/decline'),
];
