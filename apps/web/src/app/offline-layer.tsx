import { useQueryClient } from '@tanstack/react-query';
import { startTransition, Suspense, useEffect, useState } from 'react';
import { clearOfflineData } from '@/domain/offline/offline-store';
import { type AuthState, onSignOut, setSignOutCheck, useAuth } from '@/lib/auth';
import { LOCAL_KEYS, localStore } from '@/lib/browser-storage';
import { markPageSettled } from '@/lib/page-settled-signal';
import { lazyWithRetry } from '@/lib/lazy-with-retry';
import { useOnline } from '@/lib/use-online';
import { startPersisting } from './offline-persistence';
import { whenPageSettled } from './page-settled';

/**
 * Who is signed in, kept beside the person's care data (lib/auth.ts reads it back at an offline
 * start), so the app opened without a connection shows their own pages. Here, not in lib/auth.ts:
 * only this lazy layer writes it, and the shell every visitor loads stays small.
 */
const saveAccount = ({ user, role, profileComplete }: AuthState) =>
  localStore.set(LOCAL_KEYS.savedAccount, JSON.stringify({ user, role, profileComplete }));

const loadWorkLayer = () => import('./offline-work-layer');
// Offline, the banner and the waiting work are what the page shows first: asked for beside this chunk.
if (typeof navigator !== 'undefined' && !navigator.onLine) loadWorkLayer().catch(() => undefined);
const OfflineWorkLayer = lazyWithRetry(loadWorkLayer, () => null, 'The offline banner and waiting work');

// Sign-out (here or in another tab) clears what is kept on the device.
onSignOut(() => {
  void clearOfflineData().catch((error: unknown) => console.warn('Could not clear the offline data', error));
});

let settled = false;

/**
 * The signed-in data layer's offline part (issue 29, decision 037), in two chunks so that a page
 * waits only for what it must (issue 35). This one reads the person's saved cache back — the
 * pages' queries wait for it (query-layout.tsx) — keeps saving it, and keeps who is signed in for
 * an offline start; it imports little beyond the persister. The banner, the work waiting to send
 * and the warm-up (offline-work-layer.tsx, with the care APIs it fetches through) load offline at
 * once, and online once the page is on screen with its data.
 */
export default function OfflineLayer({
  keepFor,
  onRestored,
}: {
  keepFor: string | null;
  onRestored: (userId: string | null) => void;
}) {
  const auth = useAuth();
  const { user } = auth;
  const online = useOnline();
  const queryClient = useQueryClient();
  const [pageSettled, setPageSettled] = useState(settled);

  // The person's saved cache is read back, then kept as it changes (app/offline-persistence.ts).
  useEffect(() => {
    if (!keepFor) return;
    let stop: (() => void) | undefined;
    let ended = false;
    startPersisting(queryClient, keepFor)
      .then(
        (unsubscribe) => {
          if (ended) unsubscribe();
          else stop = unsubscribe;
        },
        (error: unknown) => console.warn('Could not read what was saved for offline use', error),
      )
      .finally(() => {
        if (!ended) onRestored(keepFor);
      });
    return () => {
      ended = true;
      stop?.();
    };
  }, [keepFor, onRestored, queryClient]);

  // Nobody signed in (signed out where this layer had not loaded, a session that ended): nothing
  // of anyone stays on the device.
  useEffect(() => {
    if (!auth.loading && !user) void clearOfflineData().catch(() => undefined);
  }, [auth.loading, user]);

  // Who is signed in, for an offline start (lib/auth.ts): kept only where the cache is kept.
  useEffect(() => {
    if (keepFor && user && !auth.offline) saveAccount(auth);
  }, [keepFor, user, auth]);

  // Signing out deletes the work waiting to send: the work layer asks first, loaded for it if it
  // has not yet (the queue is read from the device then). If its code cannot load, the browser asks.
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    setSignOutCheck(() =>
      loadWorkLayer().then(
        (layer) => layer.checkSignOut(userId),
        () => window.confirm('Sign out? Anything recorded on this phone and not sent yet is deleted.'),
      ),
    );
    return () => void setSignOutCheck(undefined);
  }, [userId]);

  useEffect(() => {
    if (pageSettled) return;
    let live = true;
    void whenPageSettled(queryClient).then(() => {
      settled = true;
      markPageSettled();
      if (live) startTransition(() => setPageSettled(true));
    });
    return () => {
      live = false;
    };
  }, [pageSettled, queryClient]);

  // Offline — the connection, or the server after an offline start — it is what the page shows.
  if (!pageSettled && online && !auth.offline) return null;
  return (
    <Suspense fallback={null}>
      <OfflineWorkLayer />
    </Suspense>
  );
}
