import { matchPath } from 'react-router';
import { matchDailyPage, type DailyPageName } from '@tavara/shared/daily-pages';
import { warmDateFormats } from '@tavara/shared/time/locale';
import { firstAuthCheck } from '@/lib/auth';
import { LOCAL_KEYS, localStore } from '@/lib/browser-storage';
import type { LazyComponent } from '@/lib/lazy-with-retry';

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

/** How long the tab's first render waits for a daily page's code (firstPageCode) before drawing its skeleton. */
const FIRST_PAGE_WAIT_MS = 1_500;

/**
 * Resolves when the daily page the tab opened on can render without suspending: the data layer
 * and the page have arrived and the session check has answered (its reads left with the HTML), or
 * FIRST_PAGE_WAIT_MS has passed. main.tsx renders after it when the app shell's boot script is
 * preloading a daily page's chunks (`__tavaraPagePreload`; this chunk is among them, and here
 * rather than in the entry for the landing page's budget). Otherwise the first render drew the
 * skeleton, and each lazy part revealed after it was held by React's 300 ms reveal throttle: on a
 * phone the plan appeared ~0.3 s after its data and code were both there (decision 046).
 */
export function firstPageCode(
  pathname: string,
  { layout, pages }: { layout: LazyComponent<object>; pages: Partial<Record<string, LazyComponent<object>>> },
): Promise<void> {
  // The address's data as the entry runs, not after React's first commit: it reaches the cache
  // while the page's code arrives (the router's own start, after that commit, finds it there).
  // For a browser last seen signed in only, as the router does: a visitor's would be answered 401.
  if (localStore.get(LOCAL_KEYS.seenSignedIn) === '1') startRoute(pathname, window.location.search);
  const path = Object.keys(pages).find((route) => matchPath(route, pathname));
  const code = Promise.all([layout.preload(), path ? pages[path]?.preload() : undefined, firstAuthCheck()]);
  const wait = new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS));
  // While the code and data download, not inside the page's first render.
  warmDateFormats();
  // A failed download renders as before: the page's own boundary says so and tries again.
  return Promise.race([code, wait]).then(
    () => undefined,
    () => undefined,
  );
}
