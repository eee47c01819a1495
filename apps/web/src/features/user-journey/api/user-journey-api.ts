import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserJourneyFunnel, UserJourneyTimeline } from '@tavara/shared/admin/user-journey';
import { api, ApiError, unwrap } from '@/lib/api-client';

/** Query keys under ['admin', 'user-journey'], so one invalidation refreshes the whole page. */
export const userJourneyKeys = {
  all: ['admin', 'user-journey'] as const,
  funnel: (range: FunnelRange) => ['admin', 'user-journey', 'funnel', range] as const,
  timeline: (query: string) => ['admin', 'user-journey', 'timeline', { query }] as const,
};

/** UTC days, inclusive; absent means open. */
export interface FunnelRange {
  readonly from?: string;
  readonly to?: string;
}

export function funnelQuery(range: FunnelRange) {
  return queryOptions({
    queryKey: userJourneyKeys.funnel(range),
    queryFn: (): Promise<UserJourneyFunnel> => unwrap(api.admin['user-journey'].funnel.$get({ query: { ...range } })),
    // Sessions arrive all day; a minute is fresh enough for a report.
    staleTime: 60_000,
  });
}

export function useFunnel(range: FunnelRange) {
  // Changing the range keeps the old figures on screen until the new ones arrive.
  return useQuery({ ...funnelQuery(range), placeholderData: keepPreviousData });
}

/** A lookup's answer: the timeline, or why there is none (shown beside the field). */
export type TimelineLookup =
  | { readonly kind: 'found'; readonly timeline: UserJourneyTimeline }
  | { readonly kind: 'not_found' | 'invalid'; readonly message: string };

async function lookUpTimeline(query: string): Promise<TimelineLookup> {
  try {
    const timeline: UserJourneyTimeline = await unwrap(api.admin['user-journey'].timeline.$get({ query: { query } }));
    return { kind: 'found', timeline };
  } catch (error) {
    // Nothing matching, or input the server refuses, is an answer about the input, not a failure.
    if (error instanceof ApiError && error.status === 404) return { kind: 'not_found', message: error.message };
    if (error instanceof ApiError && error.status === 400) return { kind: 'invalid', message: error.message };
    throw error;
  }
}

/** The timeline of `query` (an e-mail, a user id or a chat session id); idle while `query` is empty. */
export const timelineQuery = (query: string) =>
  queryOptions({
    queryKey: userJourneyKeys.timeline(query),
    queryFn: () => lookUpTimeline(query),
    enabled: query !== '',
    staleTime: 30_000,
    retry: 1,
  });
export const useTimeline = (query: string) => useQuery(timelineQuery(query));
