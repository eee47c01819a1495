import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { useAuth } from '@/lib/auth';
import { useOwnDashboardRedirect } from './use-own-dashboard-redirect';

/**
 * /dashboard/admin. Signed out: what this area is, and the way in through sign-in (the
 * post-login redirect brings an admin back here). Signed in with another role: their own
 * dashboard, replacing this address. An admin: the admin area. The server checks the role on
 * every admin request whatever this page shows.
 */
export default function AdminDashboardRoute() {
  const auth = useAuth();
  const { redirecting } = useOwnDashboardRedirect('admin');

  if (auth.loading || redirecting) {
    return (
      <div role="status" className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-10">
        <span className="sr-only">Loading the dashboard...</span>
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
          aria-labelledby="admin-welcome-heading"
          className="rounded-card border border-line bg-surface p-6 shadow-sm sm:p-8"
        >
          <span className="grid size-12 place-items-center rounded-full bg-brand-soft text-brand">
            <ShieldCheck aria-hidden="true" className="size-6" />
          </span>
          <h1 id="admin-welcome-heading" className="mt-4 text-3xl font-bold">
            Admin Dashboard
          </h1>
          <p className="mt-3 text-ink-muted">
            This area is for the people who run the service: managing accounts, answering support requests and seeing
            which features families, care professionals and community members ask for. Sign in with an admin account to
            continue.
          </p>
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
        <h1 className="mb-6 text-3xl font-bold">Admin Dashboard</h1>
        <Notice tone="info" title="This area is for admins">
          <p>Your account does not have the admin role.</p>
        </Notice>
      </div>
    );
  }

  return <AdminDashboard currentUserId={auth.user.id} />;
}
