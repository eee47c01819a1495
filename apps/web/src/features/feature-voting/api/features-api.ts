import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeatureSummary } from '@tavara/shared/feature-voting/feature-voting';
import { useRefreshingMutation } from '@/domain/refresh';
import { api, unwrap } from '@/lib/api-client';

/** Query keys: the public list, and one user's votes under it (so invalidating ['features'] refreshes both). */
export const featureKeys = {
  all: ['features'] as const,
  myVotes: (userId: string) => ['features', 'my-votes', { userId }] as const,
};

export const featuresQuery = queryOptions({
  queryKey: featureKeys.all,
  queryFn: async (): Promise<FeatureSummary[]> => (await unwrap(api.features.$get())).features,
  // Counts move while people vote; a minute is fresh enough.
  staleTime: 60_000,
});

export function useFeatures() {
  return useQuery(featuresQuery);
}

/** The ids of the features the signed-in user voted for (nothing while signed out). */
export const myVotesQuery = (userId: string | null) =>
  queryOptions({
    queryKey: featureKeys.myVotes(userId ?? ''),
    queryFn: async () => new Set((await unwrap(api.features['my-votes'].$get())).featureIds),
    enabled: userId !== null,
  });
export const useMyVotes = (userId: string | null) => useQuery(myVotesQuery(userId));

export interface VoteResult {
  featureId: string;
  hasVoted: boolean;
  voteCount: number;
  /** A new vote was stored (false when the user had already voted). */
  recorded?: boolean;
  /** The user's vote was removed (false when there was none). */
  withdrawn?: boolean;
}

export function upvoteFeature(featureId: string): Promise<VoteResult> {
  return unwrap(api.features[':featureId'].vote.$post({ param: { featureId } }));
}

export function withdrawVote(featureId: string): Promise<VoteResult> {
  return unwrap(api.features[':featureId'].vote.$delete({ param: { featureId } }));
}

/**
 * A vote or its withdrawal. The answer is written into the cache at once (count and "voted"); the
 * list is then read again in the background, not waited for, so other people's votes show too.
 */
export function useVoteMutation(userId: string | null) {
  const queryClient = useQueryClient();
  return useRefreshingMutation(
    'feature-voting',
    ({ featureId, withdraw }: { featureId: string; withdraw: boolean }) =>
      withdraw ? withdrawVote(featureId) : upvoteFeature(featureId),
    {
      alsoRefresh: [featureKeys.all],
      waitForRefresh: false,
      onSuccess: (result) => {
        queryClient.setQueryData<FeatureSummary[]>(featureKeys.all, (features) =>
          features?.map((f) => (f.id === result.featureId ? { ...f, voteCount: result.voteCount } : f)),
        );
        if (userId) {
          queryClient.setQueryData<Set<string>>(featureKeys.myVotes(userId), (ids) => {
            const next = new Set(ids);
            if (result.hasVoted) next.add(result.featureId);
            else next.delete(result.featureId);
            return next;
          });
        }
      },
    },
  );
}
