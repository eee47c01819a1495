import { RotateCw } from 'lucide-react';
import { useMemo } from 'react';
import type { PublicRole } from '@tavara/shared/roles';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { dashboardLabel } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useDashboard } from '../api/dashboard-api';
import { ROLE_DASHBOARD_CONTENT } from '../dashboard-content';
import { MyVotes } from './my-votes';
import { NextSteps } from './next-steps';
import { ProfileSummary } from './profile-summary';
import { SignedOutWelcome } from './signed-out-welcome';
import { UpcomingAreas } from './upcoming-areas';

export interface RoleDashboardPageProps {
  role: PublicRole;
  /** Opens the registration chat on this role; the app passes it in (a feature does not import another). */
  onStartChat?: () => void;
}

/** The dashboard's shape while it loads, so nothing jumps when it arrives. */
export function DashboardSkeleton({ label = 'Loading your dashboard' }: { label?: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-6">
      <Skeleton className="h-10 w-2/3 max-w-md" />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Skeleton className="h-80 w-full" />
        <Skeleton className="h-80 w-full" />
      </div>
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

function SignedInDashboard({
  role,
  title,
  onStartChat,
}: {
  role: PublicRole;
  title: string;
  onStartChat?: () => void;
}) {
  const { user } = useAuth();
  const dashboard = useDashboard(user?.id ?? null);
  const { accent } = ROLE_DASHBOARD_CONTENT[role];
  const votedIds = useMemo(() => new Set(dashboard.data?.votes.map((vote) => vote.id)), [dashboard.data]);

  const header = (
    <header className={cn('mb-8 border-l-8 pl-4', accent.border)}>
      <h1 id="dashboard-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h1>
      <p className="mt-1 text-lg text-ink-muted">
        {dashboard.data ? `Welcome back, ${dashboard.data.profile.name}.` : 'Welcome back.'}
      </p>
    </header>
  );

  if (dashboard.isPending) {
    return (
      <>
        {header}
        <DashboardSkeleton />
      </>
    );
  }
  if (dashboard.isError) {
    const message =
      dashboard.error instanceof ApiError ? dashboard.error.message : 'Something went wrong. Please try again.';
    return (
      <>
        {header}
        <Notice tone="error" role="alert" title="Your dashboard could not load">
          <p>{message}</p>
          <Button
            variant="secondary"
            className="mt-3"
            aria-disabled={dashboard.isFetching || undefined}
            onClick={() => {
              if (!dashboard.isFetching) void dashboard.refetch();
            }}
          >
            <RotateCw aria-hidden="true" className={cn('size-5', dashboard.isFetching && 'animate-spin')} />
            {dashboard.isFetching ? 'Trying again...' : 'Try again'}
          </Button>
        </Notice>
      </>
    );
  }

  const data = dashboard.data;
  return (
    <>
      {header}
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <NextSteps role={role} checklist={data.checklist} onStartChat={onStartChat} />
          <MyVotes votes={data.votes} />
        </div>
        <ProfileSummary role={role} profile={data.profile} />
      </div>
      <div className="mt-10">
        <UpcomingAreas role={role} votedIds={votedIds} />
      </div>
    </>
  );
}

/**
 * `/dashboard/{role}` for the three public roles (issue 8). Signed out: the role's welcome and
 * the ways in. Signed in with this role: their profile, next steps, votes and what is not built
 * yet. Someone signed in with another role is sent on by the route before this renders
 * (app/routes/dashboard/use-own-dashboard-redirect.ts); until then the skeleton shows.
 */
export function RoleDashboardPage({ role, onStartChat }: RoleDashboardPageProps) {
  const auth = useAuth();
  const title = dashboardLabel(role);

  let body;
  if (!auth.user && auth.loading) body = <DashboardSkeleton label="Loading page" />;
  else if (!auth.user) {
    body = (
      <div className="flex flex-col gap-10">
        <SignedOutWelcome role={role} title={title} onStartChat={onStartChat} />
        <UpcomingAreas role={role} />
      </div>
    );
  } else if (auth.role !== role) body = <DashboardSkeleton label="Opening your own dashboard" />;
  else body = <SignedInDashboard role={role} title={title} onStartChat={onStartChat} />;

  return <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">{body}</div>;
}
