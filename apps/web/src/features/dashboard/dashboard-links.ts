import type { PublicRole } from '@tavara/shared/roles';
import { SIGN_UP_ROLE_PARAM, SIGN_UP_TAB_PARAM, SIGN_UP_TAB_VALUE } from '@/config/paths';

/** /auth on its Sign Up tab with `role` already chosen. */
export function signUpPath(role: PublicRole): string {
  return `/auth?${new URLSearchParams({ [SIGN_UP_TAB_PARAM]: SIGN_UP_TAB_VALUE, [SIGN_UP_ROLE_PARAM]: role }).toString()}`;
}

/** The features page scrolled to one feature (its list item has the feature's id). */
export function featureVotePath(featureId: string): string {
  return `/features#${encodeURIComponent(featureId)}`;
}
