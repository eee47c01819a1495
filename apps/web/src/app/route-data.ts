import { matchDailyPage, type DailyPageName } from '@tavara/shared/daily-pages';

/**
 * How each daily page (packages/shared/src/daily-pages.ts, issue 35 item 1) starts: `code` is the
 * same module as router.tsx's lazy page, so the page finds its code already loaded or on its way.
 */
const PAGES: Record<
  DailyPageName,
  { code: () => Promise<unknown>; data: (planId: string, search: URLSearchParams) => Promise<unknown> }
> = {
  medications: {
    code: () => import('./routes/care/medications-route'),
    data: (planId, search) =>
      import('./medications-route-query').then((m) => m.prefetchMedicationsPage(planId, search)),
  },
  plan: {
    code: () => import('./routes/care/care-plan-detail-route'),
    data: (planId, search) => import('./plan-route-query').then((m) => m.prefetchPlanPage(planId, search)),
  },
  schedule: {
    code: () => import('./routes/care/professional-schedule-route'),
    data: (_planId, search) => import('./schedule-route-query').then((m) => m.prefetchSchedulePage(search)),
  },
};

/**
 * Starts a daily page's data and its code as navigation to it starts (router.tsx calls it for a
 * browser last seen signed in). This chunk imports nothing beyond the shell's: the entry's lazy
 * imports carry no preload lists (vite.config.ts, the landing page's budget), but this chunk's
 * do, so the query's chunks and then all the page's chunks are asked for at once — one round
 * trip after this one — instead of one level of imports at a time under a page that waits for
 * the data layer to render. The data first: the page's chunks queue behind it.
 */
export function startRoute(pathname: string, search: string): void {
  const match = matchDailyPage(pathname);
  if (!match) return;
  const page = PAGES[match.name];
  // A failed download: the page asks for its own data, and reports its own code (lazyPage).
  page.data(match.planId ?? '', new URLSearchParams(search)).catch(() => undefined);
  page.code().catch(() => undefined);
}
