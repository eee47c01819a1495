import type { ComponentType } from 'react';
import { PageLoadError } from '@/components/errors/page-load-error';
import { lazyWithRetry } from '@/lib/lazy-with-retry';

/**
 * A page loaded on demand. A failed download (offline, or an old tab after a deploy) is retried;
 * if it still fails, 'Error loading page. Please refresh.' shows inside the layout with a Try
 * again button, and the page loads by itself once the connection is back.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazyWithRetry(load, PageLoadError, 'Page code');
}
