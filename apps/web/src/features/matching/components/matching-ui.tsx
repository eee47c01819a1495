import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';

/** The page frame both matching pages share. */
export function MatchingShell({ children }: { children: ReactNode }) {
  return <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:py-10">{children}</div>;
}

/**
 * Signed out: a sign-in prompt; another role: a plain word on who the page is for and where theirs
 * is. The server refuses the same people (401 / 403); this only saves them a useless page.
 */
export function ForRole({
  role,
  title,
  intro,
  children,
}: {
  role: 'family' | 'professional';
  title: string;
  intro: string;
  children: ReactNode;
}) {
  const auth = useAuth();
  if (auth.loading && !auth.user) {
    return (
      <div role="status" className="flex flex-col gap-4">
        <span className="sr-only">Loading {title}...</span>
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-28 w-full" />
      </div>
    );
  }
  if (!auth.user) {
    return (
      <section aria-labelledby="matching-signed-out" className="rounded-card border border-line bg-surface p-6 sm:p-8">
        <h1 id="matching-signed-out" className="text-3xl font-bold">
          {title}
        </h1>
        <p className="mt-3 text-ink-muted">{intro}</p>
        <p className="mt-2 text-ink-muted">
          Please sign in as a {role === 'family' ? 'family' : 'care professional'} to see your matches.
        </p>
        <Button asChild className="mt-6">
          <Link to="/auth">Sign in</Link>
        </Button>
      </section>
    );
  }
  if (auth.role !== role) {
    const other = auth.role === 'family' ? { to: '/caregiver-matching', label: 'Find a caregiver' } : null;
    const pro = auth.role === 'professional' ? { to: '/family-matching', label: 'Find families' } : null;
    const link = other ?? pro;
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold">{title}</h1>
        <Notice
          tone="info"
          title={role === 'family' ? 'This page is for families' : 'This page is for care professionals'}
        >
          <p>{intro}</p>
          {link && (
            <p className="mt-2">
              <Link to={link.to} className="font-semibold underline underline-offset-4">
                {link.label}
              </Link>
            </p>
          )}
        </Notice>
      </div>
    );
  }
  return <>{children}</>;
}

/** A short list of labels as chips (services, schedule…); "Not given" when empty. */
export function Chips({ items, label }: { items: readonly string[]; label: string }) {
  if (items.length === 0) return <p className="text-ink-muted">Not given</p>;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li key={item} className="rounded-full border border-line bg-canvas px-2.5 py-0.5 text-sm">
          {item}
        </li>
      ))}
    </ul>
  );
}

export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages of matches" className="flex flex-wrap items-center justify-between gap-3">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span>
        Page {page} of {pages}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
