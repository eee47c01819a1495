import { QueryClient } from '@tanstack/react-query';

/** Spec §9 "Data cache": 2 retries, fresh for 5 minutes, unused kept 30 minutes, no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: 2,
        staleTime: 5 * 60_000,
        gcTime: 30 * 60_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}
