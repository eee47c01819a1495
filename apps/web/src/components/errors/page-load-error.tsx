import type { LoadFailedProps } from '@/lib/lazy-with-retry';
import { ErrorPanel } from './error-panel';

/**
 * Spec §2: shown when a page's code cannot be downloaded (flaky connection or a new deploy).
 * Try again downloads it once more; back online, it does so by itself (lib/lazy-with-retry).
 */
export function PageLoadError({ retry }: Partial<LoadFailedProps>) {
  return (
    <ErrorPanel title="Error loading page. Please refresh." onRetry={retry}>
      <p className="text-ink-muted">
        The connection may have dropped while the page was loading. It loads by itself once you are back online.
      </p>
    </ErrorPanel>
  );
}
