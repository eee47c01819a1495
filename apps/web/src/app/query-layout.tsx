import { IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { useAuth } from '@/lib/auth';
import { LOCAL_KEYS, localStore } from '@/lib/browser-storage';
import { lazyWithRetry } from '@/lib/lazy-with-retry';
import { usePartLoaded } from '@/lib/use-part-loaded';
import { markPageSettled } from '@/lib/page-settled-signal';
import { useHydrated } from '@/lib/use-hydrated';
import { queryClient } from './query-cache';

interface OfflineLayerProps {
  keepFor: string | null;
  onRestored: (userId: string | null) => void;
}

// A chunk of its own, after the page (the dashboards' first-load budget): the offline banner, the
// work waiting to send, and the persisted cache (app/offline-persistence.ts). If it cannot load,
// the pages go on without what was saved rather than waiting for it.
const OfflineLayer = lazyWithRetry<OfflineLayerProps>(
  () => import('./offline-layer'),
  function OfflineLayerMissing({ keepFor, onRestored }) {
    useEffect(() => {
      onRestored(keepFor);
      // Nothing waits for this page to settle then: what the shell holds back for it starts now.
      markPageSettled();
    }, [keepFor, onRestored]);
    return null;
  },
  'The offline layer',
);

/**
 * The data cache for every page that reads the API. It is a lazily loaded layout route rather
 * than a root provider so the landing page's first load does not carry TanStack Query. For someone
 * signed in on a device that is not shared (issue 29), the cache is kept in IndexedDB under their
 * id; while it is read back, queries wait (`IsRestoringProvider`, as TanStack's
 * PersistQueryClientProvider does) instead of asking the server or saying "Not available offline".
 */
export default function QueryLayout() {
  const { user } = useAuth();
  const hydrated = useHydrated();
  // Mounted once its code is here (usePartLoaded): its boundary would hold the page's reveal.
  const offlineLayerLoaded = usePartLoaded(OfflineLayer);
  const keepFor = user && localStore.get(LOCAL_KEYS.sharedDevice) !== '1' ? user.id : null;
  const [restoredFor, setRestoredFor] = useState<string | null>(null);
  // The page renders again as the restore ends (its queries start): in a transition, so on a
  // phone that render yields to the browser instead of holding the main thread (issue 35).
  const onRestored = useCallback((userId: string | null) => startTransition(() => setRestoredFor(userId)), []);
  return (
    <QueryClientProvider client={queryClient}>
      <IsRestoringProvider value={keepFor !== null && restoredFor !== keepFor}>
        {hydrated && offlineLayerLoaded && (
          <Suspense fallback={null}>
            <OfflineLayer keepFor={keepFor} onRestored={onRestored} />
          </Suspense>
        )}
        <Outlet />
      </IsRestoringProvider>
    </QueryClientProvider>
  );
}
