/**
 * The pages people open every day (issue 35, decision 043): a care plan, its medications and the
 * professional's schedule — described once, here, for both places that start them early:
 *
 * - the build (apps/web/vite.config.ts) puts each page's code in its own chunks and writes the
 *   app shell's boot script, which asks for the chunks and `data` as the HTML is read;
 * - the router (apps/web/src/app/router.tsx) starts the code and data as an in-app navigation to
 *   one of them starts (apps/web/src/app/route-data.ts, keyed by `name`).
 *
 * `pattern` matches the address; its one group, where there is one, is the plan. `module` is the
 * page the router loads lazily (from apps/web), `dataModule` the lazy module that asks for its
 * data (app/route-data.ts imports it; the boot script preloads it). `data` are the requests its
 * first render makes for an address with no query, `$1` standing for the plan (the same the page's
 * queries send: lib/api-client.ts `earlyOr`). No address matches two patterns.
 *
 * Plain data with no imports: the build's config reads it too.
 */
export const DAILY_PAGES = [
  {
    name: 'medications',
    pattern: '^/family/care-management/(?!create(?:/|$))([^/]+)/medications/?$',
    module: 'src/app/routes/care/medications-route.tsx',
    dataModule: 'src/app/medications-route-query.ts',
    data: ['/api/care-plans/$1/medications?days=7', '/api/care-plans/$1/doses'],
  },
  {
    name: 'plan',
    pattern: '^/family/care-management/(?!create(?:/|$))([^/]+)/?$',
    module: 'src/app/routes/care/care-plan-detail-route.tsx',
    dataModule: 'src/app/plan-route-query.ts',
    data: ['/api/care-plans/$1'],
  },
  {
    name: 'schedule',
    pattern: '^/professional/schedule/?$',
    module: 'src/app/routes/care/professional-schedule-route.tsx',
    dataModule: 'src/app/schedule-route-query.ts',
    data: ['/api/professional/schedule?view=week'],
  },
] as const;

export type DailyPageName = (typeof DAILY_PAGES)[number]['name'];

const MATCHERS = DAILY_PAGES.map((page) => ({ name: page.name, pattern: new RegExp(page.pattern) }));

/** Which daily page an address is, with its plan (if the page has one); null for any other page. */
export function matchDailyPage(pathname: string): { name: DailyPageName; planId: string | undefined } | null {
  for (const { name, pattern } of MATCHERS) {
    const match = pattern.exec(pathname);
    if (match) return { name, planId: match[1] };
  }
  return null;
}
