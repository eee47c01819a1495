import { Suspense, useEffect, type ReactNode } from 'react';
import type { PublicRole } from '@tavara/shared/roles';
import { PageLoadError } from '@/components/errors/page-load-error';
import { dashboardLabel } from '@/config/paths';
import { showsAuthLoading, useAuth } from '@/lib/auth';
import { lazyWithRetry } from '@/lib/lazy-with-retry';
import { DashboardSkeleton, SignedInDashboardLoading } from './dashboard-frame';
import { SignedOutWelcome } from './signed-out-welcome';

export interface RoleDashboardPageProps {
  role: PublicRole;
  /** Opens the registration chat on this role; the app passes it in (a feature does not import another). */
  onStartChat?: () => void;
  /** A card from another feature for the signed-in dashboard's side column (the professional's training). */
  extra?: ReactNode;
  /** Cards from another feature at the end of the main column (the community member's help). */
  main?: ReactNode;
}

/**
 * The signed-in dashboard's code (its summaries, the data it asks for, TanStack Query's hooks)
 * loads once someone is signed in: the prerendered signed-out view, which most visitors see
 * first, does not carry it (issue 23).
 */
const loadSignedInDashboard = () => import('./signed-in-dashboard');
const SignedInDashboard = lazyWithRetry(loadSignedInDashboard, PageLoadError, 'Dashboard code');

/**
 * `/dashboard/{role}` for the three public roles (issue 8). Signed out: the role's welcome and
 * the ways in. Signed in with this role: their profile, next steps, votes and their pages. Someone signed in with another role is sent on by the route before this renders
 * (app/routes/dashboard/use-own-dashboard-redirect.ts); until then the skeleton shows.
 */
export function RoleDashboardPage({ role, onStartChat, extra, main }: RoleDashboardPageProps) {
  const auth = useAuth();
  const title = dashboardLabel(role);
  const checking = !auth.user && showsAuthLoading(auth);
  // A browser last seen signed in: its dashboard's code downloads while the session is checked.
  useEffect(() => {
    if (checking) loadSignedInDashboard().catch(() => undefined);
  }, [checking]);

  let body;
  if (checking) body = <DashboardSkeleton label="Loading page" />;
  else if (!auth.user) {
    body = <SignedOutWelcome role={role} title={title} onStartChat={onStartChat} />;
  } else if (auth.role !== role) body = <DashboardSkeleton label="Opening your own dashboard" />;
  else {
    body = (
      // The same heading and skeleton as while its data loads: nothing moves when the code arrives.
      <Suspense fallback={<SignedInDashboardLoading role={role} title={title} />}>
        <SignedInDashboard role={role} title={title} onStartChat={onStartChat} extra={extra} main={main} />
      </Suspense>
    );
  }

  return <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">{body}</div>;
}
