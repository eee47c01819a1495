import { lazy, useEffect, useSyncExternalStore, type ComponentType } from 'react';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How many lazy downloads have failed for good in this tab. A prerendered page whose code fails
 * shows the error screen instead of its HTML: main.tsx expects that hydration mismatch.
 */
export const loadFailures = { count: 0 };

/**
 * Runs a dynamic import, trying again twice (after 0.5 s, then 1 s) when the download fails: on
 * patchy mobile data one dropped request should not cost the visitor the page. Offline, it fails
 * at once, so the caller can say so instead of spinning.
 */
export async function retryImport<T>(load: () => Promise<T>, retries = 2, delayMs = 500): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= retries || !navigator.onLine) throw error;
      await sleep(delayMs * 2 ** attempt);
    }
  }
}

/** What a failed lazy component shows instead: a message with a way to try again. */
export type LoadFailedProps = { readonly retry: () => void };

/**
 * React.lazy that survives a dropped connection: the download is retried (`retryImport`); if it
 * still fails, `Failed` renders in its place (with the same props) and a `retry` that downloads again — and the retry
 * also runs by itself when the browser comes back online. Without this a failed chunk either
 * threw past every boundary (a white page) or stayed failed until a full reload, because
 * React.lazy remembers a rejected import for good.
 */
export function lazyWithRetry<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  Failed: ComponentType<LoadFailedProps & P>,
  what = 'Code',
): ComponentType<P> {
  const listeners = new Set<() => void>();
  const create = () =>
    lazy(() =>
      retryImport(load).catch((error: unknown) => {
        loadFailures.count++;
        console.warn(`${what} failed to load`, error);
        return { default: FailedView as ComponentType<P> };
      }),
    );
  let Current = create();
  const retry = () => {
    Current = create();
    listeners.forEach((listener) => listener());
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  function FailedView(props: P) {
    useEffect(() => {
      window.addEventListener('online', retry);
      return () => window.removeEventListener('online', retry);
    }, []);
    return <Failed {...props} retry={retry} />;
  }

  function LazyWithRetry(props: P) {
    const Component = useSyncExternalStore(
      subscribe,
      () => Current,
      () => Current,
    );
    return <Component {...props} />;
  }
  return LazyWithRetry;
}
