import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import Toaster from '@/components/layouts/toaster';
import { render } from './render';

/**
 * Renders a feature component as the app does: a fresh data cache (no retries, so a failure shows
 * at once), a router, and the toasts, so a test sees the "Saved." a person would see.
 */
export function renderApp(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { queryClient };
}
