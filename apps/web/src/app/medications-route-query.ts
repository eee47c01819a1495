import { doseDayQuery, medicationsQuery, readMedicationsPageParams } from '@/features/medications/api/medications-api';
import { queryClient } from './query-cache';

/**
 * The medications page's data, asked for when navigation to it starts (route-data.ts) — beside
 * the page's code, not after it has downloaded and rendered (issue 35, item 1). It reads its
 * address exactly as its page does, so the page finds the answer (or the request already on its
 * way) under the same key. The plan page's is plan-route-query.ts, the schedule's
 * schedule-route-query.ts: each page's own, so the boot script preloads no other page's API.
 */
export function prefetchMedicationsPage(planId: string, params: URLSearchParams): void {
  const { tab, days, date } = readMedicationsPageParams(params);
  void queryClient.prefetchQuery(medicationsQuery(planId, days));
  if (tab === 'today') void queryClient.prefetchQuery(doseDayQuery(planId, date));
}
