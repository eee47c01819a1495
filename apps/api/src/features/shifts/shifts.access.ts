import { type AccessRow, planRowsShownBy } from '../../testing/access';

/**
 * Shifts, schedules and calendar feeds (issue 16). A plan is seen by its family
 * owner, its accepted members and admins; changing it is the owner's; everyone else is answered
 * as if it did not exist. The owner / accepted member / invited member / other family / other
 * professional / community / visitor / admin cases of every row are asserted in
 * care-plans-authorization.test.ts (named as each row's `ownerTest`).
 */
const MATRIX = { file: 'care-plans-authorization.test.ts', test: 'care-plan routes: who may call them' };
const planRow = planRowsShownBy(MATRIX);

export const accessRows: AccessRow[] = [
  { method: 'GET', path: '/api/professional/schedule', who: 'signed-in' },
  { method: 'GET', path: '/api/calendar-feed', who: 'signed-in' },
  { method: 'POST', path: '/api/calendar-feed', who: 'signed-in' },
  { method: 'DELETE', path: '/api/calendar-feed', who: 'signed-in' },
  { method: 'GET', path: '/api/calendar/:file', who: 'anyone' },
  planRow('GET', '/api/care-plans/:planId/shifts'),
  planRow('POST', '/api/care-plans/:planId/shifts'),
  planRow('POST', '/api/care-plans/:planId/shifts/generate'),
  planRow('PATCH', '/api/shifts/:shiftId'),
  planRow('POST', '/api/shifts/:shiftId/assign'),
  planRow('POST', '/api/shifts/:shiftId/cancel'),
  planRow('POST', '/api/shifts/:shiftId/claim'),
  planRow('POST', '/api/shifts/:shiftId/check-in'),
  planRow('POST', '/api/shifts/:shiftId/check-out'),
  planRow('POST', '/api/shifts/:shiftId/done'),
];
