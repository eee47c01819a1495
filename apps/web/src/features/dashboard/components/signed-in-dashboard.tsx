import { useQuery } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import type { PublicRole } from '@tavara/shared/roles';
import { PanelError } from '@/components/query-panel';
import { NotAvailableOffline } from '@/components/not-available-offline';
import { useAuth } from '@/lib/auth';
import { careFiguresQuery, dashboardQuery, medicationFiguresQuery } from '../api/dashboard-api';
import { CareSummary } from './care-summary';
import { DashboardHeader, SignedInDashboardLoading } from './dashboard-frame';
import { MedicationSummary } from './medication-summary';
import { MyVotes } from './my-votes';
import { NextSteps } from './next-steps';
import { ProfileSummary } from './profile-summary';
import { YourPages } from './your-pages';

export interface SignedInDashboardProps {
  role: PublicRole;
  title: string;
  onStartChat?: () => void;
  extra?: ReactNode;
  /** Cards from another feature at the top of the main column (the community member's help). */
  main?: ReactNode;
}

/**
 * A signed-in user's own dashboard: their profile, next steps, votes and their pages.
 * Loaded on demand by role-dashboard-page.tsx: the prerendered signed-out view does not carry it.
 */
export default function SignedInDashboard({ role, title, onStartChat, extra, main }: SignedInDashboardProps) {
  const { user } = useAuth();
  const dashboard = useQuery({ ...dashboardQuery(user?.id ?? ''), enabled: Boolean(user) });
  // The care and medication summaries open the main column and their height depends on their
  // figures (a professional's next doses are a list): the column waits for them behind the
  // skeleton rather than pushing everything below down as they arrive (issue 35: a layout shift of
  // 0.18 on a phone when the doses came after the cards below them). Offline they show their own
  // state, so a paused query holds nothing back.
  const summaries = role !== 'community';
  const care = useQuery({ ...careFiguresQuery(), enabled: summaries });
  const medications = useQuery({ ...medicationFiguresQuery(), enabled: summaries });
  const summariesLoading =
    summaries && [care, medications].some((query) => query.isPending && query.fetchStatus === 'fetching');

  if (dashboard.isPending && dashboard.fetchStatus === 'paused')
    return (
      <>
        <DashboardHeader role={role} title={title} />
        <NotAvailableOffline />
      </>
    );
  if (dashboard.isPending || (summariesLoading && !dashboard.isError))
    return <SignedInDashboardLoading role={role} title={title} />;
  if (dashboard.isError) {
    return (
      <>
        <DashboardHeader role={role} title={title} />
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
      <DashboardHeader role={role} title={title} name={data.profile.name} />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          {role !== 'community' && <CareSummary role={role} />}
          {role !== 'community' && <MedicationSummary role={role} />}
          <NextSteps role={role} checklist={data.checklist} onStartChat={onStartChat} />
          <MyVotes votes={data.votes} />
          {/* Last in the column: these cards' code arrives on its own, and above the next steps it
              pushed them down as it came (layout shift 0.14 at 1280 px, found on CI). */}
          {main && <Suspense fallback={null}>{main}</Suspense>}
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <ProfileSummary role={role} profile={data.profile} />
          {/* The side cards load on their own (the route starts them with this dashboard); one
              still on its way must not put the whole dashboard back behind its skeleton. */}
          <Suspense fallback={null}>{extra}</Suspense>
        </div>
      </div>
      <div className="mt-10">
        <YourPages role={role} />
      </div>
    </>
  );
}
