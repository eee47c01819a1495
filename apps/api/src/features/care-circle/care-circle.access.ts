import { type AccessRow } from '../../testing/access';

/**
 * A plan's care circle and help requests (issue 30). The village — owner, accepted team members,
 * accepted circle members, admins — sees the circle and its requests; inviting and removing are
 * the owner's; posting requests the owner's and relatives' on the team; signing up the team's
 * and circle's; a sign-up is its helper's (the family thanks). Invited, removed and former
 * members, other families, professionals and community members are answered as if the plan did
 * not exist. Every row is asked of each of them in care-circle-authorization.test.ts, which also
 * shows a circle member is answered like a stranger on the plan, its medications, doses,
 * assessment and story.
 */
const MATRIX = { file: 'care-circle-authorization.test.ts', test: 'care-circle routes: who may call them' };
const row = (method: AccessRow['method'], path: string): AccessRow => ({
  method,
  path,
  who: 'owner',
  ownerTest: MATRIX,
});

export const accessRows: AccessRow[] = [
  row('GET', '/api/care-plans/:planId/circle'),
  row('POST', '/api/care-plans/:planId/circle/invitations'),
  row('DELETE', '/api/care-plans/:planId/circle/:memberId'),
  { method: 'GET', path: '/api/circles', who: 'signed-in' },
  row('POST', '/api/circle-invitations/:invitationId/accept'),
  row('POST', '/api/circle-invitations/:invitationId/decline'),
  row('GET', '/api/care-plans/:planId/help-requests'),
  row('POST', '/api/care-plans/:planId/help-requests'),
  row('POST', '/api/help-requests/:requestId/cancel'),
  row('POST', '/api/help-requests/:requestId/signups'),
  row('POST', '/api/help-signups/:signupId/cancel'),
  row('POST', '/api/help-signups/:signupId/done'),
  row('POST', '/api/help-signups/:signupId/thanks'),
  { method: 'GET', path: '/api/help-tasks', who: 'signed-in' },
];
