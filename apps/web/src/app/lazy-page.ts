import { lazy, type ComponentType } from 'react';
import { PageLoadError } from '@/components/errors/page-load-error';

/**
 * A page loaded on demand. A failed download (offline, or an old tab after a deploy) shows
 * 'Error loading page. Please refresh.' inside the layout instead of breaking the app.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() =>
    load().catch((error: unknown) => {
      console.warn('Page code failed to load', error);
      return { default: PageLoadError };
    }),
  );
}
