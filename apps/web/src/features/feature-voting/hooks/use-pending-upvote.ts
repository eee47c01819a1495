import { useEffect, useRef } from 'react';
import { VOTE_MESSAGES } from '@tavara/shared/feature-voting/feature-voting';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { LOCAL_KEYS, localStore } from '@/lib/browser-storage';
import { toast } from '@/lib/toast';
import { useVoteMutation } from '../api/features-api';

/** Forgets the vote that waited for sign-in, and the require-auth trail that led to it. */
export function clearPendingUpvote(): void {
  localStore.remove(LOCAL_KEYS.pendingFeatureId);
  localStore.remove(LOCAL_KEYS.pendingFeatureUpvote);
  localStore.remove(LOCAL_KEYS.lastAction);
  localStore.remove(LOCAL_KEYS.lastPath);
}

/**
 * Spec §4 "Pending upvote": once the user is signed in, the vote they asked for while signed out
 * (`pendingFeatureId`, copied by requireAuth) is processed — 'Your vote has been recorded!', or
 * the info toast 'You have already voted for this feature' with no new row (the server's unique
 * constraint decides). Failure: the error message or 'Failed to process your vote' (§8). Runs once.
 */
export function usePendingUpvote() {
  const { loading, user } = useAuth();
  // Stable across renders: the effect runs once the session is known.
  const { mutateAsync: vote } = useVoteMutation(user?.id ?? null);
  const started = useRef(false);

  useEffect(() => {
    if (loading || !user || started.current) return;
    const featureId = localStore.get(LOCAL_KEYS.pendingFeatureId);
    if (!featureId) return;
    started.current = true;
    clearPendingUpvote();
    vote({ featureId, withdraw: false }).then(
      (result) => {
        if (result.recorded) toast.success(VOTE_MESSAGES.recorded);
        else toast.info(VOTE_MESSAGES.alreadyVoted);
      },
      (error: unknown) => {
        console.warn('The pending upvote failed', error);
        toast.error(error instanceof ApiError ? error.message : VOTE_MESSAGES.failed);
      },
    );
  }, [loading, user, vote]);
}
