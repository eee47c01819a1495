// Where the offline second visit's time goes (issue 29, decision 037): the same carer and the same
// offline visit as offline.mjs, with a Chrome trace of each run. For every run it prints the time
// to usable (the bench's figure), the main thread's CPU time until then (less sensitive to a
// loaded machine than the wall clock), and the page's own marks: the scripts it loaded (with
// where each came from: the service worker or the network), the first paint and the app's
// `offline:` User Timing marks.
//
//   node scripts/bench/offline-profile.mjs --url http://127.0.0.1:3000 [--runs 3] [--trace-dir DIR]
//
// A server started with AUTH_AUTO_CONFIRM=true (development only), as for offline.mjs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareOfflineCarer, visitOffline, OFFLINE_BUDGET } from './offline.mjs';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '3' },
    'trace-dir': { type: 'string' },
    rate: { type: 'string', default: String(OFFLINE_BUDGET.cpuSlowdown) },
    cpu: { type: 'boolean', default: false },
  },
});
if (!values.url) throw new Error('give --url http://host:port of a server running with AUTH_AUTO_CONFIRM=true');

const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'toplevel',
];

/**
 * The page's main thread in a trace, from its navigation to `untilUs` after it: busy time (its
 * top-level tasks, not nested ones), and the longest tasks with what ran in them.
 */
function mainThreadCpu(events, untilUs) {
  const nav = events.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.includes('/dashboard/'),
  );
  if (!nav) return null;
  const main = events.find((e) => e.name === 'thread_name' && e.pid === nav.pid && e.args?.name === 'CrRendererMain');
  const start = nav.ts;
  const end = start + untilUs;
  const onMain = events.filter(
    (e) => e.pid === nav.pid && e.tid === main?.tid && e.ph === 'X' && e.ts >= start && e.ts <= end,
  );
  const top = [];
  let last = 0;
  for (const e of onMain
    .filter((x) => x.name === 'RunTask' || x.name === 'ThreadControllerImpl::RunTask')
    .sort((x, y) => x.ts - y.ts)) {
    if (e.ts < last) continue;
    top.push(e);
    last = e.ts + (e.dur ?? 0);
  }
  const busy = top.reduce((sum, e) => sum + Math.min(e.dur ?? 0, end - e.ts), 0);
  // Thread time (tdur): what the main thread really ran, without the time it was descheduled —
  // by the throttling's pauses or by other processes on a loaded machine.
  const cpu = top.reduce((sum, e) => sum + (e.tdur ?? 0), 0);
  const kinds = [
    'v8.compileModule',
    'v8.evaluateModule',
    'FunctionCall',
    'ParseHTML',
    'Layout',
    'UpdateLayoutTree',
    'Paint',
    'MajorGC',
    'MinorGC',
  ];
  const byKind = {};
  for (const e of onMain) if (kinds.includes(e.name)) byKind[e.name] = (byKind[e.name] ?? 0) + (e.dur ?? 0);
  return {
    busyMs: Math.round(busy / 1000),
    cpuMs: Math.round(cpu / 1000),
    byKindMs: Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, Math.round(v / 1000)])),
    longestTasks: top
      .sort((x, y) => (y.dur ?? 0) - (x.dur ?? 0))
      .slice(0, 6)
      .map((e) => ({ at: Math.round((e.ts - start) / 1000), ms: Math.round((e.dur ?? 0) / 1000) })),
  };
}

const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const { context, cacheBytes } = await prepareOfflineCarer(values.url, browser);
  console.log(`persisted cache: ${(cacheBytes / 1000).toFixed(1)} kB`);
  await context.setOffline(true);
  if (values['trace-dir']) mkdirSync(values['trace-dir'], { recursive: true });
  for (let run = 0; run < Number(values.runs); run++) {
    const events = [];
    let profile;
    const { ms, marks } = await visitOffline(context, values.url, {
      rate: Number(values.rate),
      async beforeNavigate(cdp) {
        if (values.cpu) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
          return;
        }
        cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
        await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES.join(','), transferMode: 'ReportEvents' });
      },
      async afterUsable(cdp, page) {
        if (values.cpu) profile = (await cdp.send('Profiler.stop')).profile;
        else {
          const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
          await cdp.send('Tracing.end');
          await done;
        }
        return page.evaluate(() => ({
          scripts: performance
            .getEntriesByType('resource')
            .filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'))
            .map((e) => ({
              name: e.name.replace(/^.*\/assets\//, ''),
              start: Math.round(e.startTime),
              end: Math.round(e.responseEnd),
              sw: e.workerStart > 0,
            })),
          paints: performance.getEntriesByType('paint').map((e) => [e.name, Math.round(e.startTime)]),
          nav: (() => {
            const n = performance.getEntriesByType('navigation')[0];
            return (
              n && {
                workerStart: Math.round(n.workerStart),
                responseEnd: Math.round(n.responseEnd),
                domContentLoaded: Math.round(n.domContentLoadedEventEnd),
                load: Math.round(n.loadEventEnd),
              }
            );
          })(),
          marks: performance
            .getEntriesByType('mark')
            .filter((m) => m.name.startsWith('offline:'))
            .map((m) => [m.name, Math.round(m.startTime)]),
        }));
      },
    });
    if (values['trace-dir'])
      writeFileSync(
        join(values['trace-dir'], `run-${run}.${profile ? 'cpuprofile' : 'json'}`),
        JSON.stringify(profile ?? { traceEvents: events }),
      );
    const cpu = mainThreadCpu(events, ms * 1000);
    console.log(`run ${run}: ${JSON.stringify({ usableMs: ms, cpu, ...marks })}`);
  }
  await context.close();
} finally {
  await browser.close();
}
process.exit(0);
