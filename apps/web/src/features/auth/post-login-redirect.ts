import { ROLE_DASHBOARD_PATHS, type Role } from '@tavara/shared/roles';
import { RESET_CONFIRM_PATH, ROLE_REGISTRATION_PATHS } from '@/config/paths';

export interface PostLoginInput {
  pathname: string;
  role: Role | null;
  profileComplete: boolean;
  /** sessionStorage skipPostLoginRedirect is set (the reset-confirm page is open). */
  skipRequested: boolean;
  lastAction: string | null;
  lastPath: string | null;
  pendingFeatureId: string | null;
  /** Opened from a care-team invitation e-mail (`/auth?invitation=1`, issue 31). */
  invitationFirst?: boolean;
}

export type PostLoginDecision =
  | { kind: 'skip' }
  | { kind: 'stay' }
  | {
      kind: 'go';
      to: string;
      reason: 'tell-story' | 'pending-upvote' | 'invitation' | 'profile' | 'registration-form' | 'home';
    };

/**
 * Where a role answers its care-team invitations (the list comes first on both pages). Beyond
 * the spec (issue 31): someone who came from an invitation e-mail sees it before the
 * registration form, which the page then offers as the next step.
 */
export const INVITATION_PATHS: Readonly<Record<'family' | 'professional', string>> = {
  professional: '/professional/schedule#invitations',
  family: '/family/care-management#invitations',
};

/** Where a signed-out visitor was sent from when they tried to upvote (the features page). */
const DEFAULT_UPVOTE_PATH = '/features';

/**
 * Spec §4 "Post-login redirect", rules 1–5, as a pure function of what the app knows just after
 * a sign-in:
 * 1. skipped on the reset-confirm page, under /family/, or when skipPostLoginRedirect is set;
 * 2. lastPath /family/story with lastAction tell-story → /family/story;
 * 3. a pending feature id → back to where the vote was asked for, where it is processed, instead
 *    of the dashboard; then (beyond the spec, issue 31) opened from an invitation e-mail → the
 *    invitation, before the registration form;
 * 4. a known role → its dashboard when the profile is complete, else its registration page
 *    (admin: the admin dashboard) — the exact address (with `?session=`) when sign-in was asked
 *    for from that form; already there → stay;
 * 5. no role and not on / → /.
 */
export function postLoginDecision(input: PostLoginInput): PostLoginDecision {
  const { pathname } = input;
  if (pathname === RESET_CONFIRM_PATH || pathname.startsWith('/family/') || input.skipRequested) {
    return { kind: 'skip' };
  }
  const go = (to: string, reason: Extract<PostLoginDecision, { kind: 'go' }>['reason']): PostLoginDecision =>
    to === pathname ? { kind: 'stay' } : { kind: 'go', to, reason };

  if (input.lastPath === '/family/story' && input.lastAction === 'tell-story') return go('/family/story', 'tell-story');
  if (input.pendingFeatureId) return go(input.lastPath ?? DEFAULT_UPVOTE_PATH, 'pending-upvote');
  if (input.invitationFirst && (input.role === 'family' || input.role === 'professional')) {
    return go(INVITATION_PATHS[input.role], 'invitation');
  }
  if (input.role) {
    if (input.profileComplete) return go(ROLE_DASHBOARD_PATHS[input.role], 'profile');
    // Sent to sign in from their own registration form (e.g. from the chat, with ?session=):
    // back to that exact address, so the chat's answers come along.
    const form = ROLE_REGISTRATION_PATHS[input.role];
    const fromForm = input.role !== 'admin' && input.lastPath?.split('?')[0]?.startsWith(form);
    if (fromForm && input.lastPath) {
      return input.lastPath.split('?')[0] === pathname ? { kind: 'stay' } : go(input.lastPath, 'registration-form');
    }
    return go(form, 'profile');
  }
  return pathname === '/' ? { kind: 'stay' } : go('/', 'home');
}
