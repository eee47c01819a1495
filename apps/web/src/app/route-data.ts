import { matchPath } from 'react-router';
import { LOCAL_KEYS, localStore } from '@/lib/browser-storage';

type Params = Record<string, string | undefined>;

/**
 * The daily pages whose code and data start with the route (issue 35, item 1): a care plan, its
 * medications and the professional's schedule. `code` is the same module as router.tsx's lazy
 * page, so the page finds its code already loaded or on its way.
 */
const PAGES = [
  {
    path: '/family/care-management/:id/medications',
    code: () => import('./routes/care/medications-route'),
    data: (route: Params, search: URLSearchParams) =>
      import('./route-queries').then((m) => m.prefetchMedicationsPage(route.id ?? '', search)),
  },
  {
    path: '/family/care-management/:id',
    code: () => import('./routes/care/care-plan-detail-route'),
    data: (route: Params, search: URLSearchParams) =>
      import('./plan-route-query').then((m) => m.prefetchPlanPage(route.id ?? '', search)),
  },
  {
    path: '/professional/schedule',
    code: () => import('./routes/care/professional-schedule-route'),
    data: (_route: Params, search: URLSearchParams) =>
      import('./route-queries').then((m) => m.prefetchSchedulePage(search)),
  },
];

/**
 * Starts a daily page's data (for a browser last seen signed in: a visitor would be answered 401)
 * and its code, as navigation to it starts. This chunk imports nothing beyond the shell's: the
 * entry's lazy imports carry no preload lists (vite.config.ts, the landing page's budget), but
 * this chunk's do, so the query's chunks and then all the page's chunks are asked for at once —
 * one round trip after this one — instead of one level of imports at a time under a page that
 * waits for the data layer to render. The data first: the page's chunks queue behind it.
 */
export function startRoute(pathname: string, search: string): void {
  if (pathname.startsWith('/family/care-management/create')) return;
  for (const page of PAGES) {
    const match = matchPath(page.path, pathname);
    if (!match) continue;
    // A failed download: the page asks for its own data, and reports its own code (lazyPage).
    if (localStore.get(LOCAL_KEYS.seenSignedIn) === '1')
      page.data(match.params, new URLSearchParams(search)).catch(() => undefined);
    page.code().catch(() => undefined);
    return;
  }
}
