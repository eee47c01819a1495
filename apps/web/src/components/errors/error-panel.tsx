import { RefreshCwIcon } from '@/components/ui/icons';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/**
 * A calm full-width error message with a Refresh Page action (used by the error screens).
 * `onRetry` adds a Try again button first, for failures a fresh download can fix without losing
 * the page. The outer padding keeps the card off a phone's edges.
 */
export function ErrorPanel({
  title,
  children,
  onRetry,
}: {
  title: string;
  children?: ReactNode;
  onRetry?: () => void;
}) {
  return (
    <div className="px-4">
      <div
        role="alert"
        className="mx-auto my-12 max-w-xl rounded-card border border-line bg-surface p-6 text-center shadow-sm sm:p-8"
      >
        <h1 className="mb-2 text-2xl font-bold">{title}</h1>
        {children}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {onRetry && <Button onClick={onRetry}>Try again</Button>}
          <Button variant={onRetry ? 'secondary' : 'primary'} onClick={() => window.location.reload()}>
            <RefreshCwIcon aria-hidden="true" className="size-5" />
            Refresh Page
          </Button>
        </div>
      </div>
    </div>
  );
}
