import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { careKeys } from './query-keys';

/**
 * What each kind of change refreshes (issue 33, item 4): the one map every mutation of the web goes
 * through (`useRefreshingMutation`), instead of each feature or component invalidating keys it
 * happens to know.
 *
 * An entry lists what a change refreshes beyond the feature's own data. The feature's own keys stay
 * in its `api/` file (a feature's keys are its own, and `domain/` imports no feature) and are passed
 * as `alsoRefresh`; an empty entry says that the change touches nothing another feature shows.
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
  // The features below change only their own data (their `alsoRefresh`).
  // Name, photo, e-mail, password, sessions, two-factor: the account page; the signed-in account
  // (the header's name) is reloaded by the caller through `loadAccount()`, which is not a query.
  account: [],
  // Roles, deletions, support replies, moderation, certificates: the admin area (under ['admin']).
  admin: [],
  // Visibility and interests: the matching pages. Matching's invitation is a 'care-team' change.
  matching: [],
  // A lesson done, a quiz passed, a certificate issued: the learner's overview.
  training: [],
  // Read marks, preferences and push devices: the bell, the inbox and the settings.
  notifications: [],
  // Documents uploaded or removed: the professional's profile.
  'professional-profile': [],
  // Posts, replies, reports and private threads: the boards.
  boards: [],
  // A vote: the feature list and the person's votes.
  'feature-voting': [],
  // A plan chosen or cancelled: the person's subscription.
  subscription: [],
  // A support request sent: the caregiver's own list.
  'caregiver-health': [],
} as const satisfies Record<string, readonly QueryKey[]>;

export type DataChange = keyof typeof REFRESHES;

/** The keys to refresh after `change`, with the feature's own keys (`alsoRefresh`) first. */
export function keysToRefresh(change: DataChange, alsoRefresh: readonly QueryKey[] = []): QueryKey[] {
  return [...alsoRefresh, ...REFRESHES[change]];
}

export interface RefreshOptions<Vars, Result> {
  /** The feature's own keys to refresh too; a function reads them from the answer and the input. */
  alsoRefresh?: readonly QueryKey[] | ((result: Result, vars: Vars) => readonly QueryKey[]);
  /**
   * Runs first when the change succeeds, before the refresh: where a feature writes the answer into
   * its own cache (`setQueryData` on its own keys, in its `api/` file), or shows a toast.
   */
  onSuccess?: (result: Result, vars: Vars) => unknown;
  onError?: (error: Error, vars: Vars) => unknown;
  /** Refresh after a failure too (a 404 means the row is gone, and the list should say so). */
  refreshOnError?: boolean;
  /**
   * Whether the mutation waits for the refresh (default): a caller's `onSuccess` or `await
   * mutateAsync` then runs with the new data on screen. `false` where nothing waits on the refresh
   * (the inbox after a read mark, whose count is already written).
   */
  waitForRefresh?: boolean;
}

/**
 * A mutation that refreshes what `change` touches (see `REFRESHES`), and the feature's own keys,
 * once it succeeds (or settles, with `refreshOnError`); by default it waits for that refresh, so the
 * `onSuccess` of a caller runs with the new data on screen. The third argument may be the feature's
 * own keys alone.
 */
export function useRefreshingMutation<Vars, Result>(
  change: DataChange,
  mutationFn: (vars: Vars) => Promise<Result>,
  options: RefreshOptions<Vars, Result> | readonly QueryKey[] = {},
) {
  const queryClient = useQueryClient();
  const {
    alsoRefresh = [],
    onSuccess,
    onError,
    refreshOnError = false,
    waitForRefresh = true,
  } = Array.isArray(options)
    ? ({ alsoRefresh: options } as RefreshOptions<Vars, Result>)
    : (options as RefreshOptions<Vars, Result>);
  const refresh = (keys: readonly QueryKey[]) => {
    const done = Promise.all(
      keysToRefresh(change, keys).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
    return waitForRefresh ? done : undefined;
  };
  return useMutation({
    mutationFn,
    onSuccess: async (result: Result, vars: Vars) => {
      await onSuccess?.(result, vars);
      if (!refreshOnError) await refresh(typeof alsoRefresh === 'function' ? alsoRefresh(result, vars) : alsoRefresh);
    },
    onError: (error: Error, vars: Vars) => onError?.(error, vars),
    onSettled: (result: Result | undefined, error: Error | null, vars: Vars) => {
      if (!refreshOnError) return;
      return refresh(
        typeof alsoRefresh === 'function' ? (result === undefined ? [] : alsoRefresh(result, vars)) : alsoRefresh,
      );
    },
  });
}
