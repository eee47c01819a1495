import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { Role } from '@tavara/shared/roles';
import { useAuth } from '@/lib/auth';
import { ownDashboardPath } from './own-dashboard';

/**
 * On `pageRole`'s dashboard: a signed-in user with another role is sent to their own dashboard
 * (an admin to /dashboard/admin), replacing the history entry so Back does not bounce them here
 * again. Returns `redirecting: true` meanwhile, for the page to show its skeleton instead of
 * someone else's dashboard. Signed-out visitors stay. For every role's dashboard, admin included.
 */
export function useOwnDashboardRedirect(pageRole: Role): { redirecting: boolean } {
  const { loading, user, role } = useAuth();
  const navigate = useNavigate();
  // While an auth operation runs (sign-in, sign-out) the role may be about to change: wait.
  const target = !loading && user ? ownDashboardPath(pageRole, role) : null;
  useEffect(() => {
    if (target) void navigate(target, { replace: true });
  }, [target, navigate]);
  return { redirecting: target !== null };
}
