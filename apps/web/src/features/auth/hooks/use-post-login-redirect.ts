import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '@/lib/auth';
import { LOCAL_KEYS, localStore, SESSION_KEYS, sessionStore } from '@/lib/browser-storage';
import { useGuardedNavigate } from '@/lib/navigation-guard';
import { postLoginDecision } from '../post-login-redirect';

/**
 * Once a user is signed in on the page using this hook, sends them where spec §4's post-login
 * rules say (replacing the history entry, so Back does not return to an empty sign-in page).
 * `onRedirect` runs once when it navigates (e.g. to announce the sign-in). `invitationFirst`: the
 * page was opened from a care-team invitation e-mail.
 */
export function usePostLoginRedirect(onRedirect?: () => void, invitationFirst = false) {
  const { loading, user, role, profileComplete } = useAuth();
  const { pathname } = useLocation();
  const navigate = useGuardedNavigate();

  useEffect(() => {
    if (loading || !user) return;
    const lastPath = localStore.get(LOCAL_KEYS.lastPath);
    const lastAction = localStore.get(LOCAL_KEYS.lastAction);
    const decision = postLoginDecision({
      pathname,
      role,
      profileComplete,
      skipRequested: sessionStore.get(SESSION_KEYS.skipPostLoginRedirect) === 'true',
      lastAction,
      lastPath,
      // The features page records this vote (features/feature-voting/hooks/use-pending-upvote.ts).
      pendingFeatureId: localStore.get(LOCAL_KEYS.pendingFeatureId),
      invitationFirst,
    });
    if (decision.kind !== 'go') return;
    if (!navigate(decision.to, { replace: true })) return;
    if (decision.reason === 'tell-story' || decision.reason === 'registration-form') {
      localStore.remove(LOCAL_KEYS.lastAction);
      localStore.remove(LOCAL_KEYS.lastPath);
    }
    onRedirect?.();
  }, [loading, user, role, profileComplete, pathname, navigate, onRedirect, invitationFirst]);
}
