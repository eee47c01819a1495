import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { lazyWithRetry } from '@/lib/lazy-with-retry';
import { useOnline } from '@/lib/use-online';
import { queryClient } from './query-cache';

const loadBell = () => import('@/features/notifications/components/notification-bell');
// Online its code is asked for as soon as this slot loads, so the bell comes no later than before.
if (typeof navigator === 'undefined' || navigator.onLine) loadBell().catch(() => undefined);
const NotificationBell = lazyWithRetry(loadBell, Placeholder, 'Notifications');

/** The bell's size, so the navigation bar does not shift when it arrives. */
function Placeholder() {
  return <span aria-hidden="true" className="inline-block size-11" />;
}

/**
 * The bell, joined to the app's data cache here because the navigation bar (components/) never
 * imports a feature. Loaded lazily for signed-in people only. Offline (issue 29) it has nothing
 * to show — every notification is on the server — so its code waits for the connection instead of
 * competing with the page that shows what was saved.
 */
export default function NotificationBellSlot() {
  const online = useOnline();
  if (!online) return <Placeholder />;
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<Placeholder />}>
        <NotificationBell />
      </Suspense>
    </QueryClientProvider>
  );
}
