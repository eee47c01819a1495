import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { markRestoredStale } from './offline-persistence';

/**
 * Issue 29 with issue 30: a family reloaded the circle page and still saw a neighbour as "Invited"
 * after he had signed up — the restored copy counted as fresh. A restored care answer must be asked
 * for again as soon as a page uses it; what is not kept on the device is left alone.
 */
describe('answers restored from the device', () => {
  it('are stale, so a page that mounts asks the server again; other queries keep their freshness', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 5 * 60_000 } } });
    const serverSays = 'signed up';
    const circleKey = ['care', 'village', 'plan-1', 'help', 'upcoming'];
    // As persistQueryClientRestore leaves them: data with its saved time, seconds old.
    queryClient.setQueryData(circleKey, 'invited', { updatedAt: Date.now() - 5_000 });
    queryClient.setQueryData(['features'], 'votes', { updatedAt: Date.now() - 5_000 });

    markRestoredStale(queryClient);
    await Promise.resolve();

    expect(queryClient.getQueryState(circleKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['features'])?.isInvalidated).toBe(false);
    // Nothing was fetched by marking them: a page mounting does that.
    expect(queryClient.getQueryData(circleKey)).toBe('invited');

    const observer = new QueryObserver(queryClient, { queryKey: circleKey, queryFn: async () => serverSays });
    const seen: unknown[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));
    await expect.poll(() => queryClient.getQueryData(circleKey)).toBe('signed up');
    expect(seen[0]).toBe('invited');
    unsubscribe();
  });

  it('but an answer the server gave while the saved copy was read back stays fresh (asked for once)', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 5 * 60_000 } } });
    const restoreStarted = Date.now() - 1_000;
    const planKey = ['care', 'plan', 'plan-1'];
    const doseKey = ['care', 'doses', 'plan-1'];
    // The route's prefetch answered during the restore; the doses came only from the device.
    queryClient.setQueryData(planKey, 'from the server', { updatedAt: restoreStarted + 500 });
    queryClient.setQueryData(doseKey, 'saved', { updatedAt: restoreStarted - 60_000 });

    const scheduleKey = ['care', 'schedule'];
    // …and the schedule had answered before the restore began (as the cache held it then).
    queryClient.setQueryData(scheduleKey, 'from the server too', { updatedAt: restoreStarted - 200 });
    const heldBefore = new Map([
      [queryClient.getQueryCache().find({ queryKey: scheduleKey })!.queryHash, restoreStarted - 200],
    ]);

    markRestoredStale(queryClient, restoreStarted, heldBefore);
    await Promise.resolve();

    expect(queryClient.getQueryState(planKey)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(scheduleKey)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(doseKey)?.isInvalidated).toBe(true);
    let asked = 0;
    await queryClient.prefetchQuery({ queryKey: planKey, queryFn: async () => String(++asked) });
    expect(asked).toBe(0);
  });
});
