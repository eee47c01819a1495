import type { AccessRow } from '../../testing/access';

/** Health, status banner, public configuration and the reset-link check (testing/access.ts). */
export const accessRows: AccessRow[] = [
  { method: 'GET', path: '/api/health', who: 'anyone' },
  { method: 'GET', path: '/api/status', who: 'anyone' },
  { method: 'GET', path: '/api/config', who: 'anyone' },
  { method: 'GET', path: '/api/auth-extra/reset-token/validate', who: 'anyone' },
];
