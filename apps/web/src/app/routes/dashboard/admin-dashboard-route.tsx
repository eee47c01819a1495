import { ROLE_DASHBOARD_PATHS } from '@tavara/shared/roles';
import { ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { useAuth } from '@/lib/auth';

/**
 * /dashboard/admin. Signed out: what this area is, and the way in through sign-in (the
 * post-login redirect brings an admin back here). Signed in with another role: their own
 * dashboard, replacing this address. An admin: the admin area. The server checks the role on
 * every admin request whatever this page shows.
 */
export default function AdminDashboardRoute() {
  const auth = useAuth();
  const navigate = useNavigate();
  const otherRole = auth.user && auth.role !== 'admin';

  useEffect(() => {
    if (!auth.loading && otherRole) {
      void navigate(auth.role ? ROLE_DASHBOARD_PATHS[auth.role] : '/', { replace: true });
    }
  }, [auth.loading, auth.role, otherRole, navigate]);

  if (auth.loading || otherRole) {
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

  return <AdminDashboard currentUserId={auth.user.id} />;
}
