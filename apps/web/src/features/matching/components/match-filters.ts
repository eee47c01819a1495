import { useState, type FormEvent } from 'react';

/**
 * The filters of a matching page (both sides): what is typed (`draft`) is asked for only on
 * "Show", so a half-chosen set of filters does not fire a request per change; a new set of
 * filters starts at page 1.
 */
export function useMatchFilters<Filters extends Record<string, string>>(empty: Filters) {
  const [draft, setDraft] = useState<Filters>(empty);
  const [filters, setFilters] = useState<Filters>(empty);
  const [page, setPage] = useState(1);
  return {
    draft,
    page,
    setPage,
    /** The request's query: the filters that are set, and the page. */
    query: queryOf(filters, page),
    /** Whether any filter is set (the results say "fit your filters"). */
    filtered: Object.values(filters).some((v) => v !== ''),
    change: (name: string, value: string) => setDraft((d) => ({ ...d, [name]: value })),
    apply: (event: FormEvent) => {
      event.preventDefault();
      setFilters(draft);
      setPage(1);
    },
    clear: () => {
      setDraft(empty);
      setFilters(empty);
      setPage(1);
    },
  };
}

/** Only the filters that are set (blank ones are left out of the request), and the page after the first. */
export function queryOf(filters: Record<string, string>, page: number): Record<string, string> {
  const query: Record<string, string> = Object.fromEntries(Object.entries(filters).filter(([, v]) => v.trim() !== ''));
  if (page > 1) query['page'] = String(page);
  return query;
}
