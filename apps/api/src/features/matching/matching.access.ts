import type { AccessRow } from '../../testing/access';

/**
 * Matching (issue 19). Families and professionals only; each reads and changes only their own
 * switch and interests (matching.test.ts shows it), and sees only people who chose to be found.
 */
const OWN = {
  file: 'matching.test.ts',
  test: 'owner vs other: the switch, the interests and the needs are the caller’s own',
};
const BOTH = ['family', 'professional'] as const;
const FAMILY = ['family'] as const;
const PRO = ['professional'] as const;

export const accessRows: AccessRow[] = [
  { method: 'GET', path: '/api/matching/visibility', who: 'owner', roles: BOTH, ownerTest: OWN },
  { method: 'PUT', path: '/api/matching/visibility', who: 'owner', roles: BOTH, ownerTest: OWN },
  { method: 'GET', path: '/api/matching/professionals', who: 'owner', roles: FAMILY, ownerTest: OWN },
  { method: 'GET', path: '/api/matching/professionals/:professionalId/photo', who: 'signed-in', roles: FAMILY },
  { method: 'GET', path: '/api/matching/interests', who: 'owner', roles: FAMILY, ownerTest: OWN },
  { method: 'GET', path: '/api/matching/families', who: 'signed-in', roles: PRO },
  { method: 'POST', path: '/api/matching/families/:familyId/interest', who: 'owner', roles: PRO, ownerTest: OWN },
];
