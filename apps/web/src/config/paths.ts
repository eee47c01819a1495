import { REGISTRATION_FORM_PATHS } from '@tavara/shared/registration-paths';
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
export const ROLE_REGISTRATION_PATHS: Readonly<Record<Role, string>> = {
  ...REGISTRATION_FORM_PATHS,
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

/**
 * `&from=registration`: sent by a registration form to a signed-out visitor (the chat's
 * hand-over): /auth then says why, and fills in what the chat already knows (issue 14).
 */
export const SIGN_UP_FROM_PARAM = 'from';
export const SIGN_UP_FROM_REGISTRATION = 'registration';

/** The Sign Up tab for a role, as the registration forms open it. */
export function signUpForRegistrationPath(role: Exclude<Role, 'admin'>): string {
  return `/auth?${new URLSearchParams({
    [SIGN_UP_TAB_PARAM]: SIGN_UP_TAB_VALUE,
    [SIGN_UP_ROLE_PARAM]: role,
    [SIGN_UP_FROM_PARAM]: SIGN_UP_FROM_REGISTRATION,
  }).toString()}`;
}
