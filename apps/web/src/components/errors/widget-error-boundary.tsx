import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/**
 * A boundary for a small piece of the layout outside the page's own boundary (the nav bar's
 * Navigation menu): if it throws, `fallback` takes its place and the rest of the app keeps
 * working. Without it an error there unmounts the whole app — the white page of issue 14.
 */
export class WidgetErrorBoundary extends Component<{ children: ReactNode; fallback: ReactNode; what: string }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn(`${this.props.what} failed to render`, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
