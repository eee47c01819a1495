import type { QueryClient } from '@tanstack/react-query';
import { planQuery, plansQuery } from '@/domain/care-plans/plan-queries';
import { planAssessmentQuery, planStoryQuery } from '@/features/care-plans/api/care-plans-api';
import { assignmentQuery } from '@/features/care-team/api/care-team-api';
import { careFiguresQuery, dashboardQuery, medicationFiguresQuery } from '@/features/dashboard/api/dashboard-api';
import { doseDayQuery, medicationsQuery } from '@/features/medications/api/medications-api';
import { scheduleQuery } from '@/features/shifts/api/shifts-api';
import { whenIdle } from './page-settled';

/**
 * What a carer needs in a dead zone, fetched while the connection is there: for each plan the
 * person is on, the plan with its team and this week's shifts, the day's doses, the medication
 * list, the plan's care details (the family's assessment and story: allergies, emergency
 * contacts, routines — shown on the plan page to the owner and the team), and for a team member
 * the assignment (care details, contacts, the next two weeks' shifts); and their dashboard and
 * schedule. Fresh answers are not fetched again (staleTime), and
 * plans are taken one at a time so a phone on one bar of signal is not flooded — each in an idle
 * moment of the main thread, so the answers' handling and saving never pile up into one long task
 * while the person uses the page (issue 35). It starts once the page has settled
 * (offline-work-layer.tsx loads then).
 */
const DASHBOARD_FRESH_MS = 5 * 60_000;

export async function keepCareOffline(queryClient: QueryClient, userId: string): Promise<void> {
  const { plans, teams } = await queryClient.fetchQuery(plansQuery());
  await Promise.allSettled([
    // The dashboard asks again each time it opens (staleTime 0); one the page has just fetched
    // is what would be saved anyway, so it is not fetched a second time here (issue 35).
    queryClient.prefetchQuery({ ...dashboardQuery(userId), staleTime: DASHBOARD_FRESH_MS }),
    queryClient.prefetchQuery(careFiguresQuery()),
    queryClient.prefetchQuery(medicationFiguresQuery()),
    queryClient.prefetchQuery(scheduleQuery('week')),
  ]);
  for (const plan of [...plans, ...teams]) {
    await whenIdle();
    const team = teams.some((t) => t.id === plan.id);
    await Promise.allSettled([
      queryClient.prefetchQuery(planQuery(plan.id)),
      queryClient.prefetchQuery(doseDayQuery(plan.id)),
      queryClient.prefetchQuery(medicationsQuery(plan.id, 7)),
      queryClient.prefetchQuery(planAssessmentQuery(plan.id)),
      queryClient.prefetchQuery(planStoryQuery(plan.id)),
      ...(team ? [queryClient.prefetchQuery(assignmentQuery(plan.id))] : []),
    ]);
  }
}
