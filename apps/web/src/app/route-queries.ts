import { doseDayQuery, medicationsQuery, readMedicationsPageParams } from '@/features/medications/api/medications-api';
import { readScheduleParams, scheduleQuery } from '@/features/shifts/api/shifts-api';
import { queryClient } from './query-cache';

/**
 * The data of the medications page and the professional's schedule, asked for when navigation to
 * them starts (route-data.ts) — beside the page's code, not after it has downloaded and rendered
 * (issue 35, item 1). Each reads its address exactly as its page does, so the page finds the
 * answer (or the request already on its way) under the same key. The plan page's is in
 * plan-route-query.ts: it needs none of these modules' mutations and schemas.
 */
export function prefetchMedicationsPage(planId: string, params: URLSearchParams): void {
  const { tab, days, date } = readMedicationsPageParams(params);
  void queryClient.prefetchQuery(medicationsQuery(planId, days));
  if (tab === 'today') void queryClient.prefetchQuery(doseDayQuery(planId, date));
}

export function prefetchSchedulePage(params: URLSearchParams): void {
  const { view, date } = readScheduleParams(params);
  void queryClient.prefetchQuery(scheduleQuery(view, date));
}
