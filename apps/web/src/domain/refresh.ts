import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { careKeys } from './query-keys';

/**
 * What each kind of change refreshes (issue 33, item 4): the one map every mutation of the care
 * features goes through, instead of each feature invalidating keys it happens to know.
 *
 * The care changes refresh every care view: plans, schedule, assignment, team, medications and
 * the dashboard figures are read from the same rows (a cancelled shift changes the week, the
 * coverage gaps, the professional's schedule and the figures at once). The assessment and the
 * story show in a plan only under "care details".
 */
export const REFRESHES = {
  'care-plan': [careKeys.all],
  'care-team': [careKeys.all],
  shift: [careKeys.all],
  medication: [careKeys.all],
  // The contact card reads the assessment's contacts and care address.
  'care-assessment': [careKeys.careDetails(), careKeys.village.all],
  'family-story': [careKeys.careDetails()],
  // Issue 30: the circle and its help; the bell's inbox refreshes on its own poll.
  'care-circle': [careKeys.village.all],
} as const satisfies Record<string, readonly QueryKey[]>;

export type DataChange = keyof typeof REFRESHES;

/** The keys to refresh after `change`, with the feature's own keys (`alsoRefresh`) first. */
export function keysToRefresh(change: DataChange, alsoRefresh: readonly QueryKey[] = []): QueryKey[] {
  return [...alsoRefresh, ...REFRESHES[change]];
}

/**
 * A mutation that refreshes what `change` touches (see `REFRESHES`) once it succeeds, and waits
 * for that refresh, so the `onSuccess` of a caller runs with the new data on screen.
 */
export function useRefreshingMutation<Vars, Result>(
  change: DataChange,
  mutationFn: (vars: Vars) => Promise<Result>,
  alsoRefresh: readonly QueryKey[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all(keysToRefresh(change, alsoRefresh).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
