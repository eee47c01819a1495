import type { Query, QueryClient } from '@tanstack/react-query';

/** However busy the page stays, what waits for it starts after this long (a page polling, a slow answer). */
export const SETTLE_AT_MOST_MS = 10_000;
/** An idle moment is waited for at most this long each time. */
const IDLE_TIMEOUT_MS = 2_000;

type IdleWindow = Window & { requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number };

/** The next moment the main thread has nothing to do (Safari has no requestIdleCallback: a timer). */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const idle = (window as IdleWindow).requestIdleCallback;
    if (idle) idle(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 50);
  });
}

function whenLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/**
 * Whether a query is still on its way to the screen: fetching, or shown and waiting to start (the
 * restore gate of query-layout.tsx holds them). One paused for want of a connection is not: it
 * waits for the connection, not for the page.
 */
const isBusy = (query: Query) =>
  query.state.fetchStatus === 'fetching' ||
  (query.state.status === 'pending' && query.state.fetchStatus !== 'paused' && query.getObserversCount() > 0);

function whenNothingBusy(queryClient: QueryClient): Promise<void> {
  const cache = queryClient.getQueryCache();
  const busy = () => cache.getAll().some(isBusy);
  if (!busy()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = cache.subscribe(() => {
      if (busy()) return;
      stop();
      resolve();
    });
  });
}

let settled: Promise<void> | undefined;

/**
 * Resolves once the page a signed-in person opened is on screen with its data (issue 35): the
 * load event has fired, no query is fetching, and the main thread is idle. What the page does not
 * need to show itself — the notification bell, the offline warm-up, the offline layer's work
 * queue online — starts then, so on a phone it neither delays the page's own code and data nor
 * adds long tasks while the person starts to read. Once per visit: later pages do not wait again.
 */
export function whenPageSettled(queryClient: QueryClient): Promise<void> {
  settled ??= Promise.race([
    (async () => {
      await whenLoaded();
      // Twice: a page's answer often makes it ask for more (a lazy part, its own query).
      for (let round = 0; round < 2; round++) {
        await whenIdle();
        await whenNothingBusy(queryClient);
      }
      await whenIdle();
    })(),
    new Promise<void>((resolve) => setTimeout(resolve, SETTLE_AT_MOST_MS)),
  ]);
  return settled;
}
