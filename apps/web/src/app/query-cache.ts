import { createQueryClient } from '@/lib/query-client';

/**
 * One data cache for the whole visit, shared by the pages (query-layout.tsx) and the bell in the
 * navigation bar (notification-bell-slot.tsx), so a page that changes something the bell shows
 * refreshes it. Both import this lazily; the landing page's first load does not carry it.
 */
export const queryClient = createQueryClient();
