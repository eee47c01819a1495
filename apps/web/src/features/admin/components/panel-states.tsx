import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';

/** The admin panels' loading placeholder: rows the shape of what is coming. */
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

/** A failed load: what failed, the server's reason, and a way to try again. */
export function PanelError({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  return (
    <Notice tone="error" role="alert" title={title}>
      <p>{error.message}</p>
      <Button variant="secondary" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
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
 * The four states of a panel's query in one place: loading rows, the error with Try again, the
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
  if (query.isError) return <PanelError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
