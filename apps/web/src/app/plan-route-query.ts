import { planQuery } from '@/domain/care-plans/plan-queries';
import { readPlanPageParams } from '@/features/care-plans/hooks/plan-page-params';
import { queryClient } from './query-cache';

/**
 * A care plan page's one request (the plan, its team and the week's shifts), asked for when
 * navigation to it starts (route-data.ts), under the key the page reads: a chunk of a few hundred
 * bytes with the typed client, so the request leaves before the page's own chunks have arrived.
 */
export function prefetchPlanPage(planId: string, params: URLSearchParams): void {
  void queryClient.prefetchQuery(planQuery(planId, readPlanPageParams(params).week));
}
