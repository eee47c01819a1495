import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { allowWritesFor, cacheKey, forgetOthers, offlineStorage } from '@/domain/offline/offline-store';
import { careKeys } from '@/domain/query-keys';

/**
 * The signed-in person's care data kept on the device (issue 29, decision 037): TanStack Query's
 * persistence writes the query cache to IndexedDB under the person's id, at most 7 days old, and
 * only the care views and the dashboard (never notifications, messages or anything else). The
 * service worker caches no API answer; this is the only copy of data on the device.
 */
export const OFFLINE_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
/** Bumped when a cached answer's shape changes in a way an older copy would break. */
const CACHE_VERSION = 'care-1';

const KEPT_ROOTS = new Set<unknown>([careKeys.all[0], 'dashboard']);

export function persistOptionsFor(
  queryClient: QueryClient,
  userId: string,
): Omit<PersistQueryClientOptions, 'queryClient'> {
  // Restored queries must outlive the 30 minutes an unused query is normally kept, or a page not
  // opened for half an hour would drop out of the saved copy at the next save.
  for (const root of KEPT_ROOTS) queryClient.setQueryDefaults([root], { gcTime: OFFLINE_MAX_AGE_MS });
  allowWritesFor(userId);
  void forgetOthers(userId).catch((error: unknown) => console.warn('Could not tidy the offline data', error));
  return {
    persister: createAsyncStoragePersister({ storage: offlineStorage, key: cacheKey(userId), throttleTime: 1_000 }),
    maxAge: OFFLINE_MAX_AGE_MS,
    buster: CACHE_VERSION,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && KEPT_ROOTS.has(query.queryKey[0]),
    },
  };
}

/**
 * Reads `userId`'s saved cache back (nothing older than 7 days, nothing of another version), then
 * keeps saving it as it changes; answers the function that stops saving. TanStack Query's
 * `persistQueryClient`, in its two steps, so the layout knows when the restore is over.
 */
export async function startPersisting(queryClient: QueryClient, userId: string): Promise<() => void> {
  const options = { queryClient, ...persistOptionsFor(queryClient, userId) };
  const restoreStarted = Date.now();
  const heldBefore = answersHeld(queryClient);
  await persistQueryClientRestore(options);
  markRestoredStale(queryClient, restoreStarted, heldBefore);
  return persistQueryClientSubscribe(options);
}

/**
 * A restored answer is what the device saw last, not what the server holds now: someone else may
 * have signed up, recorded a dose or cancelled a shift since. Restored with its old time it would
 * count as fresh for the 5 minutes of `staleTime` (lib/query-client.ts), so a reload would show the
 * saved copy and never ask. Marked stale (not fetched here), every page asks the server as it
 * mounts while online, and offline the saved copy stays on screen. An answer the server gave
 * before or during the restore (the page's data starts with the route, issue 35) is kept over the
 * saved copy and stays fresh, so it is not asked for twice: one held before the restore began
 * (`heldBefore`), or one newer than `restoredBefore`.
 */
export function markRestoredStale(
  queryClient: QueryClient,
  restoredBefore = Date.now(),
  heldBefore: ReadonlyMap<string, number> = new Map(),
) {
  void queryClient.invalidateQueries({
    predicate: (query) =>
      KEPT_ROOTS.has(query.queryKey[0]) &&
      query.state.dataUpdatedAt < restoredBefore &&
      heldBefore.get(query.queryHash) !== query.state.dataUpdatedAt,
    refetchType: 'none',
  });
}

/** When each answer the cache already holds arrived: those the restore did not bring. */
function answersHeld(queryClient: QueryClient): Map<string, number> {
  return new Map(
    queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.dataUpdatedAt > 0)
      .map((query) => [query.queryHash, query.state.dataUpdatedAt]),
  );
}
