import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { useOwnDashboardRedirect } from '../dashboard/use-own-dashboard-redirect';

/**
 * The gate of every admin page. Signed out: what the page is for and the way in through sign-in.
 * Signed in with another role: their own dashboard, replacing this address. Admin: `children`.
 * This only spares people a page they cannot use — the server checks the role on every admin
 * request (decision 013). An admin without two-factor sign-in is sent to set it up (issue 22).
 */
export function AdminOnly({
  title,
  description,
  icon: Icon,
  children,
}: {
  title: string;
  /** Why the page exists, shown to a signed-out visitor before "Sign in". */
  description: string;
  icon: LucideIcon;
  children: (currentUserId: string) => ReactNode;
}) {
  const auth = useAuth();
  const { redirecting } = useOwnDashboardRedirect('admin');

  if (auth.loading || redirecting) {
    return (
      <div role="status" className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-10">
        <span className="sr-only">Loading {title}...</span>
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }

  if (!auth.user) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <section
          aria-labelledby="admin-only-heading"
          className="rounded-card border border-line bg-surface p-6 shadow-sm sm:p-8"
        >
          <span className="grid size-12 place-items-center rounded-full bg-brand-soft text-brand">
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <h1 id="admin-only-heading" className="mt-4 text-3xl font-bold">
            {title}
          </h1>
          <p className="mt-3 text-ink-muted">{description}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Button asChild>
              <Link to="/auth">Sign in</Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to="/">Go to the home page</Link>
            </Button>
          </div>
        </section>
      </div>
    );
  }

  if (auth.role !== 'admin') {
    // Signed in, but the account's role could not be read: nothing to redirect to.
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="mb-6 text-3xl font-bold">{title}</h1>
        <Notice tone="info" title="This area is for admins">
          <p>Your account does not have the admin role.</p>
        </Notice>
      </div>
    );
  }

  if (!auth.user.twoFactorEnabled) {
    // Issue 22: the admin area needs two-factor sign-in (the server refuses admin requests
    // without it); the account page explains and sets it up.
    return <Navigate to="/account#two-factor" replace />;
  }

  return <>{children(auth.user.id)}</>;
}
