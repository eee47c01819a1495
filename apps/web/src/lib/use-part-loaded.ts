import { useEffect, useState } from 'react';
import type { LazyComponent } from './lazy-with-retry';

/**
 * Whether an optional part of the page (the offline layer, app/query-layout.tsx) may
 * render yet: once its code has arrived, or has failed for good (it then renders its `Failed`
 * view). Mounted only then, it never suspends, so no Suspense boundary around it shows or hides a
 * fallback, and the page's own content is never held behind React's reveal throttle for a part
 * nobody waits for (see lazyWithRetry). The code is asked for when the caller first renders.
 */
export function usePartLoaded(part: Pick<LazyComponent<never>, 'preload'>): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    let live = true;
    const done = () => {
      if (live) setReady(true);
    };
    part.preload().then(done, done);
    return () => {
      live = false;
    };
  }, [part, ready]);
  return ready;
}
