import { describe, expect, it } from 'vitest';
import { ROLES } from '@tavara/shared/roles';
import { ownDashboardPath } from './own-dashboard';

describe('a signed-in user on a role dashboard', () => {
  it.each([
    ['family', 'family', null],
    ['family', 'professional', '/dashboard/professional'],
    ['professional', 'community', '/dashboard/community'],
    ['community', 'family', '/dashboard/family'],
    ['family', 'admin', '/dashboard/admin'],
    ['admin', 'admin', null],
    ['admin', 'family', '/dashboard/family'],
    ['professional', null, null],
  ] as const)('on the %s dashboard with role %s goes to %s', (page, role, to) => {
    expect(ownDashboardPath(page, role)).toBe(to);
  });

  it('never sends anyone to the page they are on', () => {
    for (const role of ROLES) expect(ownDashboardPath(role, role)).toBeNull();
  });
});
