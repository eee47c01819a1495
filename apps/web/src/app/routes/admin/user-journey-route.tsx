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
      <div className="mx-auto max-w-xl px-4 py-12">
        <section
          aria-labelledby="admin-sign-in-heading"
          className="rounded-card border border-line bg-surface p-6 text-center shadow-sm"
        >
          <LockKeyhole aria-hidden="true" className="mx-auto size-8 text-brand" />
          <h1 id="admin-sign-in-heading" className="mt-3 text-2xl font-bold">
            Sign in as an admin
          </h1>
          <p className="mt-2 text-ink-muted">
            The user journey shows how people move through registration. It is for the Tavara team only.
          </p>
          <Button asChild className="mt-5">
            <Link to="/auth">Sign in</Link>
          </Button>
        </section>
      </div>
    );
  }
  return <UserJourneyPage />;
}
