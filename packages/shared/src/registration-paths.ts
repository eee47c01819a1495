import type { PublicRole } from './roles';
import type { RoutePath } from './routes';

/**
 * The one table of registration paths (issue 15). Typed by the route table, so a path that is
 * not a route of the app does not compile. Plain data with no zod, so the app shell can carry it.
 */

/** Each public role's registration form: the dashboards' "Edit profile", the post-login redirect. */
export const REGISTRATION_FORM_PATHS = {
  family: '/registration/family',
  professional: '/registration/professional',
  community: '/registration/community',
} as const satisfies Readonly<Record<PublicRole, RoutePath>>;

/** Where the chat hands each role over (spec §4: professionals go to `professional-fix`). */
export const CHAT_HANDOVER_PATHS = {
  ...REGISTRATION_FORM_PATHS,
  professional: '/registration/professional-fix',
} as const satisfies Readonly<Record<PublicRole, RoutePath>>;

const ROLE_BY_REGISTRATION_PATH: ReadonlyMap<string, PublicRole> = new Map(
  [...Object.entries(REGISTRATION_FORM_PATHS), ...Object.entries(CHAT_HANDOVER_PATHS)].map(
    ([role, path]) => [path, role as PublicRole] as const,
  ),
);

/** The role whose form a registration path shows (both professional paths show the same form). */
export function registrationRoleOfPath(pathname: string): PublicRole | null {
  return ROLE_BY_REGISTRATION_PATH.get(pathname) ?? null;
}
