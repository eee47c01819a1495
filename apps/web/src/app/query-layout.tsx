import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from './query-cache';

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
