import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPanel } from './error-panel';

interface State {
  error: Error | null;
}

/**
 * Spec §2: a page that fails to render shows 'Something went wrong' with a Refresh Page button,
 * inside the layout so the navigation still works. Keyed by path in the layout, so moving to
 * another page clears it.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn('Page failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <ErrorPanel title="Something went wrong">
        <p className="text-ink-muted">Refreshing the page usually fixes this.</p>
      </ErrorPanel>
    );
  }
}
