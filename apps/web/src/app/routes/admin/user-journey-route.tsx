import { LockKeyhole } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { ROLE_DASHBOARD_PATHS } from '@tavara/shared/roles';
import { PageSkeleton } from '@/components/layouts/page-skeleton';
import { Button } from '@/components/ui/button';
import { UserJourneyPage } from '@/features/user-journey/components/user-journey-page';
import { useAuth } from '@/lib/auth';

/**
 * /admin/user-journey. Signed out: a calm panel asking an admin to sign in. Signed in with
 * another role: their own dashboard, replacing this address in the history. Admin: the page.
 * The server checks the role on every request as well; this only spares people a page they
 * cannot use.
 */
export default function UserJourneyRoute() {
  const { loading, user, role } = useAuth();
  const navigate = useNavigate();
  const otherRole = !loading && user !== null && role !== 'admin';

  useEffect(() => {
    if (otherRole) void navigate(ROLE_DASHBOARD_PATHS[role ?? 'family'], { replace: true });
  }, [otherRole, role, navigate]);

  if (loading || otherRole) return <PageSkeleton />;
  if (!user) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <section
          aria-labelledby="user-journey-signed-out-heading"
          className="rounded-card border border-line bg-surface p-6 shadow-sm sm:p-8"
        >
          <span className="grid size-12 place-items-center rounded-full bg-brand-soft text-brand">
            <LockKeyhole aria-hidden="true" className="size-6" />
          </span>
          <h1 id="user-journey-signed-out-heading" className="mt-4 text-3xl font-bold">
            User Journey
          </h1>
          <p className="mt-3 text-ink-muted">
            How people move through the registration chat and on to the registration form: for the team that runs the
            service. Sign in as an admin to continue.
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
  return <UserJourneyPage />;
}
