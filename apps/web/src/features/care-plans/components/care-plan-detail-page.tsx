import { useQuery } from '@tanstack/react-query';
import { HandHeart, Newspaper, Pill } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageLoadError } from '@/components/errors/page-load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PageShell, PlanStatusPill, SignedInOnly, planQueryGate } from '@/domain/care-plans/care-ui';
import { isPlanOwner } from '@/domain/care-plans/plan-access';
import { planQuery, type PlanDetail } from '@/domain/care-plans/plan-queries';
import type { PlanTab } from '../hooks/plan-page-params';
import { usePlanPageParams } from '../hooks/use-plan-page-params';
import { lazyWithRetry } from '@/lib/lazy-with-retry';
import { PlanDetailsTab } from './plan-details-tab';

// The care details (the family's assessment and story) come with their tab: their labels are
// read from the assessment's and the story's schema modules, and with zod they were a third of
// the plan page's start on a phone (issue 35). Offline the service worker has the chunk.
const CareDetailsPanel = lazyWithRetry<{ planId: string; isOwner: boolean }>(
  () => import('./care-details-panel').then((m) => ({ default: m.CareDetailsPanel })),
  PageLoadError,
  'Care details',
);

/**
 * The tabs other features draw (joined in app/routes/care): the team (care-team) and the week of
 * shifts (shifts). `loading` is true while another week loads and the last one is still shown.
 */
export interface PlanTabSlots {
  team: (data: PlanDetail) => ReactNode;
  schedule: (data: PlanDetail, week: { loading: boolean; showWeek: (week: string) => void }) => ReactNode;
}

function PlanBody({ planId, tabs }: { planId: string; tabs: PlanTabSlots }) {
  const { tab, week, showTab, showWeek } = usePlanPageParams();
  const plan = useQuery(planQuery(planId, week));
  const gate = planQueryGate(plan, {
    loading: 'Loading the care plan...',
    failed: 'The care plan could not load',
    back: { to: '/family/care-management', label: 'Back to care management' },
  });
  if (gate || !plan.data) return gate;
  const data = plan.data;
  return (
    <>
      <header className="mb-6 border-l-8 border-family pl-4">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{data.plan.title}</h1>
          <PlanStatusPill status={data.plan.status} archived={data.plan.archivedAt !== null} />
        </div>
        <p className="mt-1 text-lg text-ink-muted">
          For {data.plan.recipientName}
          {data.access !== 'owner' && data.familyName ? ` · organised by ${data.familyName}` : ''}
        </p>
        <Link
          to={`/family/care-management/${planId}/medications`}
          className="mt-2 inline-flex min-h-11 items-center gap-2 font-semibold text-brand underline-offset-4 hover:underline"
        >
          <Pill aria-hidden="true" className="size-5" /> Medications
        </Link>
        {/* Issue 30: the village — help requests and the care circle — is a page of its own. */}
        <Link
          to={`/circle/${planId}`}
          className="mt-2 ml-6 inline-flex min-h-11 items-center gap-2 font-semibold text-brand underline-offset-4 hover:underline"
        >
          <HandHeart aria-hidden="true" className="size-5" /> Care circle and help
        </Link>
        <Link
          to={`/circle/${planId}#updates`}
          className="mt-2 ml-6 inline-flex min-h-11 items-center gap-2 font-semibold text-brand underline-offset-4 hover:underline"
        >
          <Newspaper aria-hidden="true" className="size-5" /> Updates
        </Link>
      </header>
      <Tabs value={tab} onValueChange={(value) => showTab(value as PlanTab)}>
        {/* One row of tabs at every width (issue 31): the medications page is a page of its own,
            linked beside the plan's name, so it no longer pushes the tabs onto a second row. */}
        <TabsList aria-label="Care plan sections">
          <TabsTrigger value="details">Details</TabsTrigger>
          <TabsTrigger value="care">Care details</TabsTrigger>
          <TabsTrigger value="team">Team</TabsTrigger>
          <TabsTrigger value="schedule">Schedule</TabsTrigger>
        </TabsList>
        <TabsContent value="details">
          <PlanDetailsTab data={data} />
        </TabsContent>
        <TabsContent value="care">
          <Suspense fallback={<Skeleton className="h-40 w-full" />}>
            <CareDetailsPanel planId={data.plan.id} isOwner={isPlanOwner(data)} />
          </Suspense>
        </TabsContent>
        <TabsContent value="team">{tabs.team(data)}</TabsContent>
        <TabsContent value="schedule">{tabs.schedule(data, { loading: plan.isPlaceholderData, showWeek })}</TabsContent>
      </Tabs>
    </>
  );
}

/** `/family/care-management/:id`: one plan, its team and its shifts, tabs following `?tab=`. */
export function CarePlanDetailPage({ planId, tabs }: { planId: string; tabs: PlanTabSlots }) {
  return (
    <PageShell>
      <SignedInOnly title="Care plan" description="Sign in to see this care plan.">
        <PlanBody planId={planId} tabs={tabs} />
      </SignedInOnly>
    </PageShell>
  );
}
