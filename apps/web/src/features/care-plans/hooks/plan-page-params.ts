/**
 * Where a plan page is, kept in its address so a reload or a shared link opens the same view:
 * `?tab=` (details, care details, team, schedule) and `?week=` (the Monday of the week shown).
 */
export const PLAN_TABS = ['details', 'care', 'team', 'schedule'] as const;
export type PlanTab = (typeof PLAN_TABS)[number];

export interface PlanPageParams {
  tab: PlanTab;
  /** The week's Monday (`YYYY-MM-DD`); undefined: this week, as the server reckons it. */
  week: string | undefined;
}

/** Reads the address; an unknown tab opens the details. */
export function readPlanPageParams(params: URLSearchParams): PlanPageParams {
  const tab = params.get('tab');
  return {
    tab: (PLAN_TABS as readonly string[]).includes(tab ?? '') ? (tab as PlanTab) : 'details',
    week: params.get('week') ?? undefined,
  };
}

/** The address after showing `tab`; the week shown is kept. */
export const paramsForTab = (params: URLSearchParams, tab: PlanTab): URLSearchParams => withParams(params, { tab });

/** The address after moving to another week: the schedule tab, showing that week. */
export const paramsForWeek = (params: URLSearchParams, week: string): URLSearchParams =>
  withParams(params, { week, tab: 'schedule' });

function withParams(params: URLSearchParams, changes: Record<string, string>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) next.set(key, value);
  return next;
}
