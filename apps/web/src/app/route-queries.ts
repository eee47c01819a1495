import { matchPath } from 'react-router';
import { planQuery } from '@/domain/care-plans/plan-queries';
import { readPlanPageParams } from '@/features/care-plans/hooks/plan-page-params';
import { doseDayQuery, medicationsQuery, readMedicationsPageParams } from '@/features/medications/api/medications-api';
import { readScheduleParams, scheduleQuery } from '@/features/shifts/api/shifts-api';
import { queryClient } from './query-cache';

/**
 * The data of the pages carers open every day, asked for when navigation to them starts — beside
 * the page's code, not after it has downloaded and rendered (issue 35, item 1). Each reads its
 * address exactly as its page does, so the page finds the answer (or the request already on its
 * way) under the same key. Loaded as its own small chunk by router.tsx.
 */
export function prefetchRouteData(pathname: string, search: string): void {
  const params = new URLSearchParams(search);
  const plan = matchPath('/family/care-management/:id', pathname)?.params.id;
  if (plan && plan !== 'create') {
    void queryClient.prefetchQuery(planQuery(plan, readPlanPageParams(params).week));
    return;
  }
  const medicationsOf = matchPath('/family/care-management/:carePlanId/medications', pathname)?.params.carePlanId;
  if (medicationsOf) {
    const { tab, days, date } = readMedicationsPageParams(params);
    void queryClient.prefetchQuery(medicationsQuery(medicationsOf, days));
    if (tab === 'today') void queryClient.prefetchQuery(doseDayQuery(medicationsOf, date));
    return;
  }
  if (matchPath('/professional/schedule', pathname)) {
    const { view, date } = readScheduleParams(params);
    void queryClient.prefetchQuery(scheduleQuery(view, date));
  }
}
