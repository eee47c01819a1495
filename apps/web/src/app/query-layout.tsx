import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { createQueryClient } from '@/lib/query-client';

// One cache for the whole visit, kept when the user passes through pages outside this layout.
const queryClient = createQueryClient();

/**
 * The data cache for every page that reads the API. It is a lazily loaded layout route rather
 * than a root provider so the landing page's first load does not carry TanStack Query.
 */
export default function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
