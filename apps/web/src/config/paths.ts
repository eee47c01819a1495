import { ROLE_DASHBOARD_PATHS, type Role } from '@tavara/shared/roles';

/**
 * The reset-confirm page. The same value as RESET_CONFIRM_PATH in
 * @tavara/shared/auth/reset-password.schema, repeated here because that module builds zod
 * schemas at import time and the shell (which needs this path) must not carry zod.
 */
export const RESET_CONFIRM_PATH = '/auth/reset-password/confirm';

/**
 * Spec §4 "Post-login redirect": where a user whose profile is incomplete goes to complete it.
 * Admin has no registration form: it goes to its dashboard.
 */
export const ROLE_REGISTRATION_PATHS: Record<Role, string> = {
  family: '/registration/family',
  professional: '/registration/professional',
  community: '/registration/community',
  admin: ROLE_DASHBOARD_PATHS.admin,
};

/** "Family Dashboard", "Admin Dashboard": spec §2, the capitalised role followed by 'Dashboard'. */
export function dashboardLabel(role: Role): string {
  return `${role.charAt(0).toUpperCase()}${role.slice(1)} Dashboard`;
}

/**
 * `/auth?tab=signup&role=professional` opens the Sign Up tab with that role already chosen (the
 * role dashboards' "Create an account"). Any other value is ignored.
 */
export const SIGN_UP_TAB_PARAM = 'tab';
export const SIGN_UP_TAB_VALUE = 'signup';
export const SIGN_UP_ROLE_PARAM = 'role';
