import { useSearchParams } from 'react-router';
import { paramsForTab, paramsForWeek, readPlanPageParams, type PlanTab } from './plan-page-params';

/**
 * The plan page's tab and week, read from and written to the address (replacing the entry, so
 * Back leaves the plan rather than stepping through its tabs).
 */
export function usePlanPageParams() {
  const [params, setParams] = useSearchParams();
  const { tab, week } = readPlanPageParams(params);
  return {
    tab,
    week,
    showTab: (next: PlanTab) => setParams(paramsForTab(params, next), { replace: true }),
    showWeek: (next: string) => setParams(paramsForWeek(params, next), { replace: true }),
  };
}
