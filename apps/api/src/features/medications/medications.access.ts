import { type AccessRow, planRowsShownBy } from '../../testing/access';

/**
 * Medications (issue 17): rows follow the plan (decision 018). The owner / accepted professional /
 * accepted relative / invited-not-accepted / other family / other professional / community /
 * visitor / admin cases of every row are asserted in medications-authorization.test.ts.
 */
const MATRIX = { file: 'medications-authorization.test.ts', test: 'medication routes: who may call them' };
const planRow = planRowsShownBy(MATRIX);

export const accessRows: AccessRow[] = [
  // The asker's own figures (zeros for anyone without plans).
  { method: 'GET', path: '/api/medications/figures', who: 'signed-in' },
  // Seen by owner, accepted members and admins.
  planRow('GET', '/api/care-plans/:planId/medications'),
  planRow('GET', '/api/care-plans/:planId/medications/report'),
  planRow('GET', '/api/care-plans/:planId/medications/report.csv'),
  planRow('GET', '/api/care-plans/:planId/doses'),
  planRow('GET', '/api/dose-records/:recordId/history'),
  // Changed by the owner alone.
  planRow('POST', '/api/care-plans/:planId/medications'),
  planRow('PUT', '/api/medications/:medicationId'),
  planRow('POST', '/api/medications/:medicationId/stop'),
  planRow('PUT', '/api/care-plans/:planId/medication-settings'),
  planRow('PUT', '/api/medications/:medicationId/supply'),
  // Recorded by the owner and accepted members (not admins).
  planRow('POST', '/api/care-plans/:planId/doses'),
  planRow('POST', '/api/care-plans/:planId/doses/bulk'),
  planRow('POST', '/api/dose-records/:recordId/correct'),
];
