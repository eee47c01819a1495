import { ROLE_DASHBOARD_PATHS, type Role } from '@tavara/shared/roles';

/**
 * Where a signed-in user who opened `pageRole`'s dashboard belongs: their own role's dashboard
 * (an admin: the admin dashboard), or null when this one is theirs or their role is not known.
 */
export function ownDashboardPath(pageRole: Role, userRole: Role | null): string | null {
  if (userRole === null || userRole === pageRole) return null;
  return ROLE_DASHBOARD_PATHS[userRole];
}
