import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, Suspense, useEffect, useState } from 'react';
import { lazyWithRetry } from '@/lib/lazy-with-retry';
import { useOnline } from '@/lib/use-online';
import { whenPageSettled } from './page-settled';
import { queryClient } from './query-cache';

const NotificationBell = lazyWithRetry(
  () => import('@/features/notifications/components/notification-bell'),
  Placeholder,
  'Notifications',
);

/** The bell's size, so the navigation bar does not shift when it arrives. */
function Placeholder() {
  return <span aria-hidden="true" className="inline-block size-11" />;
}

let settled = false;

/**
 * The bell, joined to the app's data cache here because the navigation bar (components/) never
 * imports a feature. Loaded lazily for signed-in people only, once the page they opened is on
 * screen with its data (issue 35: its code, its popover and its first count were ~10% of a
 * signed-in page's start on a phone, for a count nobody reads before the page). Offline (issue 29)
 * it has nothing to show — every notification is on the server — so its code waits for the
 * connection instead of competing with the page that shows what was saved.
 */
export default function NotificationBellSlot() {
  const online = useOnline();
  const [ready, setReady] = useState(settled);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void whenPageSettled(queryClient).then(() => {
      settled = true;
      // In a transition: the bell's arrival yields to whatever the person is doing.
      if (live) startTransition(() => setReady(true));
    });
    return () => {
      live = false;
    };
  }, [ready]);
  if (!online || !ready) return <Placeholder />;
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<Placeholder />}>
        <NotificationBell />
      </Suspense>
    </QueryClientProvider>
  );
}
