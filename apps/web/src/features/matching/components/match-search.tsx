import type { FormEvent, ReactNode } from 'react';
import { PanelError, PanelLoading } from '@/components/query-panel';
import { Button } from '@/components/ui/button';
import { Pager } from './matching-ui';

/** The filters box of a matching page: its fields, "Show" and "Clear filters". */
export function MatchFiltersForm({
  children,
  submitLabel,
  variant,
  onSubmit,
  onClear,
}: {
  children: ReactNode;
  submitLabel: string;
  variant?: 'professional';
  onSubmit: (event: FormEvent) => void;
  onClear: () => void;
}) {
  return (
    <section aria-labelledby="filters-heading" className="rounded-card border border-line bg-surface p-5">
      <h2 id="filters-heading" className="text-lg font-semibold">
        Filters
      </h2>
      <form onSubmit={onSubmit} className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {children}
        <div className="flex flex-wrap gap-3 sm:col-span-2 lg:col-span-4">
          <Button type="submit" {...(variant ? { variant } : {})}>
            {submitLabel}
          </Button>
          <Button type="button" variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
        </div>
      </form>
    </section>
  );
}

interface MatchesQuery<Data> {
  data: Data | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The results of a matching page: busy while a new set loads, loading, the error with Try again
 * (unless the error is about a filter, shown at the field: `errorShownAtFields`), then `children`
 * (the status, the list or why it is empty) and the pager.
 */
export function MatchResults<Data extends { total: number; pageSize: number }>({
  heading,
  matches,
  loadingLabel,
  errorTitle,
  errorShownAtFields = false,
  before,
  page,
  onPage,
  children,
}: {
  heading: string;
  matches: MatchesQuery<Data>;
  loadingLabel: string;
  errorTitle: string;
  errorShownAtFields?: boolean;
  /** Shown above the results whatever their state (the count of the last answer). */
  before?: ReactNode;
  page: number;
  onPage: (page: number) => void;
  children: (data: Data) => ReactNode;
}) {
  return (
    <section
      aria-labelledby="matches-heading"
      aria-busy={matches.isFetching || undefined}
      className="flex flex-col gap-4"
    >
      <h2 id="matches-heading" className="text-2xl font-bold">
        {heading}
      </h2>
      {before}
      {matches.isPending ? (
        <PanelLoading label={loadingLabel} />
      ) : matches.isError && !errorShownAtFields ? (
        <PanelError
          title={errorTitle}
          error={matches.error}
          onRetry={() => void matches.refetch()}
          retrying={matches.isFetching}
        />
      ) : matches.data ? (
        <>
          {children(matches.data)}
          <Pager page={page} pageSize={matches.data.pageSize} total={matches.data.total} onPage={onPage} />
        </>
      ) : null}
    </section>
  );
}
