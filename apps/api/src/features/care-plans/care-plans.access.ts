import type { AccessRow } from '../../testing/access';

/**
 * Care plans, teams, shifts, schedule and calendar feeds (issue 16). A plan is seen by its family
 * owner, its accepted members and admins; changing it is the owner's; everyone else is answered
 * as if it did not exist. The owner / accepted member / invited member / other family / other
 * professional / community / visitor / admin cases of every row are asserted in
 * care-plans-authorization.test.ts (named as each row's `ownerTest`).
 */
const MATRIX = { file: 'care-plans-authorization.test.ts', test: 'care-plan routes: who may call them' };
const planRow = (method: AccessRow['method'], path: string): AccessRow => ({
  method,
  path,
  who: 'owner',
  ownerTest: MATRIX,
});

export const accessRows: AccessRow[] = [
  // Lists of the asker's own plans, invitations and figures (a role's own, 403 for other roles).
  // Everyone signed in: a family's own plans and, for any role, the teams they have joined.
  { method: 'GET', path: '/api/care-plans', who: 'signed-in' },
  { method: 'POST', path: '/api/care-plans', who: 'signed-in', roles: ['family'] },
  { method: 'GET', path: '/api/care-plans/figures', who: 'signed-in' },
  { method: 'GET', path: '/api/care-plans/professionals', who: 'signed-in', roles: ['family'] },
  { method: 'GET', path: '/api/invitations', who: 'signed-in' },
  { method: 'GET', path: '/api/professional/schedule', who: 'signed-in' },
  // The asker's own private calendar feed URL; the feed itself is reached by its secret token.
  { method: 'GET', path: '/api/calendar-feed', who: 'signed-in' },
  { method: 'POST', path: '/api/calendar-feed', who: 'signed-in' },
  { method: 'DELETE', path: '/api/calendar-feed', who: 'signed-in' },
  { method: 'GET', path: '/api/calendar/:file', who: 'anyone' },
  // One plan: owner, accepted members and admins (reads); the owner alone (changes).
  planRow('GET', '/api/care-plans/:planId'),
  planRow('PUT', '/api/care-plans/:planId'),
  planRow('DELETE', '/api/care-plans/:planId'),
  planRow('POST', '/api/care-plans/:planId/status'),
  planRow('POST', '/api/care-plans/:planId/restore'),
  planRow('POST', '/api/care-plans/:planId/invitations'),
  planRow('DELETE', '/api/care-plans/:planId/members/:memberId'),
  planRow('GET', '/api/care-plans/:planId/shifts'),
  planRow('POST', '/api/care-plans/:planId/shifts'),
  planRow('POST', '/api/care-plans/:planId/shifts/generate'),
  planRow('GET', '/api/professional/assignments/:planId'),
  // Invitations: only the invited person answers their own.
  planRow('POST', '/api/invitations/:invitationId/accept'),
  planRow('POST', '/api/invitations/:invitationId/decline'),
  // Shifts: the owner edits and assigns; members claim, check in and out.
  planRow('PATCH', '/api/shifts/:shiftId'),
  planRow('POST', '/api/shifts/:shiftId/assign'),
  planRow('POST', '/api/shifts/:shiftId/cancel'),
  planRow('POST', '/api/shifts/:shiftId/claim'),
  planRow('POST', '/api/shifts/:shiftId/check-in'),
  planRow('POST', '/api/shifts/:shiftId/check-out'),
  planRow('POST', '/api/shifts/:shiftId/done'),
];
