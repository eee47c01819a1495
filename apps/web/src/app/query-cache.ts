import { onlineManager } from '@tanstack/react-query';
import { onSignOut } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';

/**
 * One data cache for the whole visit, shared by the pages (query-layout.tsx) and the bell in the
 * navigation bar (notification-bell-slot.tsx), so a page that changes something the bell shows
 * refreshes it. Both import this lazily; the landing page's first load does not carry it.
 */
export const queryClient = createQueryClient();

// TanStack Query assumes a connection until an `offline` event: a page opened without one (issue
// 29) would send every query, fail, and show errors over what was saved. Paused instead, they
// show the saved data and run when the connection is back.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

/**
 * Sign-out (here or in another tab) forgets what the cache holds of the person — care plans,
 * medications, messages — so the next person on a shared phone never sees it, not even for the
 * moment before a refetch (issue 14). Requests still running are called off first, so none comes
 * back with the old data or fails against the ended session.
 */
onSignOut(() => {
  void queryClient.cancelQueries();
  queryClient.clear();
});
