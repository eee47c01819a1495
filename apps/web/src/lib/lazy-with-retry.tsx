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

/** A lazily loaded component that can be asked for before it renders. */
export type LazyComponent<P extends object> = ComponentType<P> & {
  /** Downloads the code (retried as for a render); resolves once it has arrived, rejects if it never does. */
  preload: () => Promise<void>;
};

/**
 * React.lazy that survives a dropped connection: the download is retried (`retryImport`); if it
 * still fails, `Failed` renders in its place (with the same props) and a `retry` that downloads
 * again — and the retry also runs by itself when the browser comes back online. Without this a
 * failed chunk either threw past every boundary (a white page) or stayed failed until a full
 * reload, because React.lazy remembers a rejected import for good.
 *
 * Code `preload()`ed before the component first mounts is rendered directly, never through
 * React.lazy: a lazy component always suspends on its first render, and each
 * Suspense boundary that shows or hides its fallback holds every later reveal on the page for
 * 300 ms (React 19's throttle) — a signed-in page's content waited behind the bell's and the
 * offline layer's boundaries that way (decision 046).
 */
export function lazyWithRetry<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  Failed: ComponentType<LoadFailedProps & P>,
  what = 'Code',
): LazyComponent<P> {
  // Whether anything has mounted the component yet (preload below).
  const code = { rendered: false };
  const listeners = new Set<() => void>();
  const create = () =>
    lazy(() =>
      retryImport(load).catch((error: unknown) => {
        loadFailures.count++;
        console.warn(`${what} failed to load`, error);
        return { default: FailedView as ComponentType<P> };
      }),
    );
  let Current: ComponentType<P> = create();
  const retry = () => {
    Current = create();
    listeners.forEach((listener) => listener());
  };
  const subscribe = (listener: () => void) => {
    code.rendered = true;
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
    // Current is made once per lazyWithRetry call (or by a retry, or preload), never in a render;
    // the React Compiler's lint cannot see that once the loaded code is also kept (`code`).

    return <Component {...props} />;
  }
  return Object.assign(LazyWithRetry, {
    // Code that arrived before anything mounted it replaces the lazy wrapper: rendered then, it
    // never suspends. Once mounted, the wrapper stays (another element type would mount the part
    // again, its state lost), and a React.lazy that has resolved renders without suspending too.
    preload: () =>
      retryImport(load).then((module) => {
        if (!code.rendered) Current = module.default;
      }),
  });
}
