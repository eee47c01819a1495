import { queryOptions } from '@tanstack/react-query';
import { api, earlyOr, unwrap } from '@/lib/api-client';
import { careKeys } from '../query-keys';

/**
 * The care plans as several features read them (issue 33): the plan page's one request carries
 * the plan, its team and the week's shifts, so the care-plans, care-team and shifts features all
 * read `planQuery`. Plain `queryOptions`, usable outside components:
 * `queryClient.ensureQueryData(planQuery(id))` prefetches a plan page when navigation starts.
 */
const fetchPlans = () => unwrap(api['care-plans'].$get());
const fetchPlan = (planId: string, week?: string) => {
  const call = () => api['care-plans'][':planId'].$get({ param: { planId }, query: week ? { week } : {} });
  // This week's plan is what the app shell's boot script asks for as a plan's page starts.
  return unwrap(week ? call() : earlyOr(`/api/care-plans/${planId}`, call));
};

export const plansQuery = () => queryOptions({ queryKey: careKeys.plans(), queryFn: fetchPlans, retry: 1 });

/** One plan with its team and one week of shifts (`week` is that week's Monday; none: this week). */
export const planQuery = (planId: string, week?: string) =>
  queryOptions({
    queryKey: careKeys.plan(planId, week),
    queryFn: () => fetchPlan(planId, week),
    retry: false,
    // Another week keeps the last one on screen (dimmed) until it arrives.
    placeholderData: (previous) => previous,
  });

export type PlanSummary = Awaited<ReturnType<typeof fetchPlans>>['plans'][number];
export type TeamPlanSummary = Awaited<ReturnType<typeof fetchPlans>>['teams'][number];
export type PlanDetail = Awaited<ReturnType<typeof fetchPlan>>;
export type ShiftItem = PlanDetail['week']['shifts'][number];
export type TeamMember = PlanDetail['team'][number];
