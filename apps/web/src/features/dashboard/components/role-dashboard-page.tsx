import { useMemo, type ReactNode } from 'react';
import type { PublicRole } from '@tavara/shared/roles';
import { PanelError } from '@/components/query-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { dashboardLabel } from '@/config/paths';
import { showsAuthLoading, useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useDashboard } from '../api/dashboard-api';
import { ROLE_DASHBOARD_CONTENT } from '../dashboard-content';
import { CareSummary } from './care-summary';
import { MedicationSummary } from './medication-summary';
import { MyVotes } from './my-votes';
import { NextSteps } from './next-steps';
import { ProfileSummary } from './profile-summary';
import { SignedOutWelcome } from './signed-out-welcome';
import { UpcomingAreas } from './upcoming-areas';

export interface RoleDashboardPageProps {
  role: PublicRole;
  /** Opens the registration chat on this role; the app passes it in (a feature does not import another). */
  onStartChat?: () => void;
  /** A card from another feature for the signed-in dashboard's side column (the professional's training). */
  extra?: ReactNode;
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
  extra,
}: {
  role: PublicRole;
  title: string;
  onStartChat?: () => void;
  extra?: ReactNode;
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
    return (
      <>
        {header}
        <PanelError
          title="Your dashboard could not load"
          error={dashboard.error}
          retrying={dashboard.isFetching}
          onRetry={() => void dashboard.refetch()}
        />
      </>
    );
  }

  const data = dashboard.data;
  return (
    <>
      {header}
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          {role !== 'community' && <CareSummary role={role} />}
          {role !== 'community' && <MedicationSummary role={role} />}
          <NextSteps role={role} checklist={data.checklist} onStartChat={onStartChat} />
          <MyVotes votes={data.votes} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <ProfileSummary role={role} profile={data.profile} />
          {extra}
        </div>
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
export function RoleDashboardPage({ role, onStartChat, extra }: RoleDashboardPageProps) {
  const auth = useAuth();
  const title = dashboardLabel(role);

  let body;
  if (!auth.user && showsAuthLoading(auth)) body = <DashboardSkeleton label="Loading page" />;
  else if (!auth.user) {
    body = (
      <div className="flex flex-col gap-10">
        <SignedOutWelcome role={role} title={title} onStartChat={onStartChat} />
        <UpcomingAreas role={role} />
      </div>
    );
  } else if (auth.role !== role) body = <DashboardSkeleton label="Opening your own dashboard" />;
  else body = <SignedInDashboard role={role} title={title} onStartChat={onStartChat} extra={extra} />;

  return <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">{body}</div>;
}
