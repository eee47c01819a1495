import { readScheduleParams, scheduleQuery } from '@/features/shifts/api/shifts-api';
import { queryClient } from './query-cache';

/**
 * The professional's schedule, asked for when navigation to it starts (route-data.ts) — beside
 * the page's code, not after it has downloaded and rendered (issue 35, item 1). A module of its
 * own: the boot script preloads it with the page, and the medications page's API is no part of it.
 */
export function prefetchSchedulePage(params: URLSearchParams): void {
  const { view, date } = readScheduleParams(params);
  void queryClient.prefetchQuery(scheduleQuery(view, date));
}
