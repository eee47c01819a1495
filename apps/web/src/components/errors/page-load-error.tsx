import { ErrorPanel } from './error-panel';

/** Spec §2: shown when a page's code cannot be downloaded (flaky connection or a new deploy). */
export function PageLoadError() {
  return (
    <ErrorPanel title="Error loading page. Please refresh.">
      <p className="text-ink-muted">The connection may have dropped while the page was loading.</p>
    </ErrorPanel>
  );
}
