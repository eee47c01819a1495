import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';

/** "Page 2 of 5" with Previous and Next; nothing when everything fits on one page. */
export function Pager({
  label,
  page,
  pageSize,
  total,
  onPage,
}: {
  /** What is being paged, for the navigation landmark ("Users pages"). */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-5" />
        Previous
      </Button>
      <p className="text-ink-muted" aria-live="polite">
        Page {page} of {pages}
      </p>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRight aria-hidden="true" className="size-5" />
      </Button>
    </nav>
  );
}

/**
 * Moves back to the last page when the current one no longer exists — after the last row of a
 * page was deleted or moved to another status — instead of showing an empty page with no pager.
 */
export function usePageInRange(
  result: { total: number; pageSize: number } | undefined,
  page: number,
  goTo: (page: number) => void,
) {
  const lastPage = result ? Math.max(1, Math.ceil(result.total / result.pageSize)) : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) goTo(lastPage);
  }, [lastPage, page, goTo]);
}
