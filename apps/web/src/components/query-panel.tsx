import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { RefreshCwIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { RequestError } from '@/lib/request-error';

/** A loading placeholder: rows the shape of what is coming. */
export function PanelLoading({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div role="status" className="flex flex-col gap-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-14 w-full" />
      ))}
    </div>
  );
}

/**
 * A failed load: what failed, the server's reason (a network error reads as a plain sentence, not
 * "Failed to fetch"), and a way to try again — with "Trying again..." while it does. `children`
 * adds a way on (a link back) beside Try again; without `onRetry` (nothing to retry, e.g. a 404)
 * only those show.
 */
export function PanelError({
  title,
  error,
  onRetry,
  retrying = false,
  children,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
  children?: ReactNode;
}) {
  const message = error instanceof RequestError ? error.message : 'Something went wrong. Please try again.';
  return (
    <Notice tone="error" role="alert" title={title}>
      <p>{message}</p>
      {(onRetry || children) && (
        <div className="mt-3 flex flex-wrap gap-3">
          {onRetry && (
            <Button variant="secondary" aria-disabled={retrying || undefined} onClick={() => !retrying && onRetry()}>
              <RefreshCwIcon aria-hidden="true" className={cn('size-5', retrying && 'animate-spin')} />
              {retrying ? 'Trying again...' : 'Try again'}
            </Button>
          )}
          {children}
        </div>
      )}
    </Notice>
  );
}

/** Nothing to show, said plainly. */
export function PanelEmpty({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-card border border-dashed border-line bg-surface px-6 py-10 text-center">
      <span className="text-ink-muted">{icon}</span>
      <p className="text-lg font-semibold">{title}</p>
      {children && <div className="max-w-md text-ink-muted">{children}</div>}
    </div>
  );
}

/**
 * The four states of a query in one place (every feature's lists and panels): loading rows, the error with Try again, the
 * designed empty state, or `children(data)`. Each panel says only what is its own.
 */
export function QueryPanel<T>({
  query,
  loadingLabel,
  errorTitle,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  errorTitle: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PanelLoading label={loadingLabel} />;
  if (query.isError) {
    return (
      <PanelError
        title={errorTitle}
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
