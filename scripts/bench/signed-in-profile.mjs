// Where a signed-in page's main-thread time goes (issue 35, decision 043): the signed-in bench's
// scenario (signed-in.mjs: a family with a plan, a professional on its team, made through the
// API) and its returning browser (the session cookie in the jar, the app's own "signed in on this
// device" mark, then the HTTP cache, the service workers and their caches emptied, as Lighthouse
// does), each page loaded at 4× CPU (CDP `Emulation.setCPUThrottlingRate`) with a Chrome trace or,
// with `--cpu`, a CPU profile. The load is followed until the main thread has been quiet (no task
// of 50 ms or more) for 3 s.
//
// For each run it prints the main thread's busy time and thread CPU time (`tdur`: what it really
// ran, less sensitive to a loaded machine than the wall clock), the blocking time of its long
// tasks after the first paint (what Lighthouse's TBT adds up, here measured rather than simulated)
// and the longest tasks with what ran in them. With `--cpu` it prints the self time by source
// file and the heaviest functions, read through the chunks' source maps when the build has them
// (`PROFILE_SOURCEMAP=1 npm run build`: hidden maps, same chunks and hashes).
//
//   node scripts/bench/signed-in-profile.mjs --url http://127.0.0.1:3000 [--runs 2] [--cpu]
//     [--page /dashboard/family] [--trace-dir DIR] [--scenario scenario.json]
//
// A server started with AUTH_AUTO_CONFIRM=true (development only), as for signed-in.mjs; its web
// build is read from apps/web/dist (or `--dist DIR`) for the source maps.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { makeSignedInScenario } from './signed-in.mjs';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '2' },
    rate: { type: 'string', default: '4' },
    cpu: { type: 'boolean', default: false },
    page: { type: 'string', multiple: true },
    'trace-dir': { type: 'string' },
    // Reuse a scenario made earlier (its JSON is written here when missing), so two builds are
    // profiled on the same data.
    scenario: { type: 'string' },
    dist: { type: 'string', default: new URL('../../apps/web/dist', import.meta.url).pathname },
    top: { type: 'string', default: '25' },
    // With --cpu: also the samples of one stretch of the load, `FROM,TO` in ms after navigation
    // (between the first paint and the main content, say), read as one more "long task".
    window: { type: 'string' },
  },
});
if (!values.url) throw new Error('give --url http://host:port of a server running with AUTH_AUTO_CONFIRM=true');
const baseUrl = values.url;
const QUIET_MS = 3000;
const MAX_MS = 40_000;

const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'toplevel',
];

async function scenario() {
  if (values.scenario && existsSync(values.scenario)) return JSON.parse(readFileSync(values.scenario, 'utf8'));
  const made = await makeSignedInScenario(baseUrl, { firstVisit: true });
  const pages = made.pages.map(({ path, cookie }) => ({ path, cookie }));
  if (values.scenario) writeFileSync(values.scenario, JSON.stringify({ pages }));
  return { pages };
}

function cookiesFor(header) {
  return header.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
  });
}

// ------------------------------------------------------------------------------------------------
// Source maps (VLQ mappings decoded here: the bench has no source-map library of its own)

const B64 = Object.fromEntries(
  [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]),
);

function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  let srcLine = 0;
  let srcCol = 0;
  let name = 0;
  for (const line of mappings.split(';')) {
    const segments = [];
    let col = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = B64[char];
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      col += fields[0];
      if (fields.length >= 4) {
        source += fields[1];
        srcLine += fields[2];
        srcCol += fields[3];
        if (fields.length >= 5) name += fields[4];
        segments.push([col, source, srcLine, srcCol, fields.length >= 5 ? name : -1]);
      }
    }
    lines.push(segments);
  }
  return lines;
}

const maps = new Map();
function sourceMapFor(url) {
  const file = url.replace(/^.*\/assets\//, '');
  if (!/\.js$/.test(file)) return null;
  if (!maps.has(file)) {
    const path = join(values.dist, 'assets', `${file}.map`);
    if (!existsSync(path)) maps.set(file, null);
    else {
      const map = JSON.parse(readFileSync(path, 'utf8'));
      maps.set(file, { sources: map.sources, names: map.names ?? [], lines: decodeMappings(map.mappings) });
    }
  }
  return maps.get(file);
}

/** `url:line:col` (0-based, as the profile gives them) → the source file (shortened) and its line. */
function original(url, line, col) {
  const map = sourceMapFor(url);
  const fallback = { source: url.replace(/^.*\/assets\//, '') || '(native)', line: line + 1 };
  if (!map) return fallback;
  const segments = map.lines[line];
  if (!segments?.length) return fallback;
  let found = segments[0];
  for (const segment of segments) {
    if (segment[0] > col) break;
    found = segment;
  }
  const source = map.sources[found[1]] ?? '?';
  return {
    source: source
      .replace(/^(\.\.\/)+/, '')
      .replace(/^.*node_modules\/((@[^/]+\/)?[^/]+)\//, '$1: ')
      .replace(/^apps\/web\/src\//, 'web: ')
      .replace(/^packages\/shared\/src\//, 'shared: '),
    line: found[2] + 1,
  };
}

// ------------------------------------------------------------------------------------------------
// The trace

/**
 * The page's main thread in a trace, from its navigation until `endUs` (trace clock): busy and
 * thread CPU time of its top-level tasks, blocking time after the first paint, and the longest
 * tasks with the script and rendering work nested in them.
 */
function readTrace(events, path) {
  // The navigation's start, or — when the page moved to a new renderer process as the trace
  // began and its navigationStart was not recorded — the first task of the renderer that painted it.
  let nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.endsWith(path));
  if (!nav) {
    const painted = events.find((e) => e.name === 'firstContentfulPaint');
    const thread =
      painted &&
      events.find((e) => e.name === 'thread_name' && e.pid === painted.pid && e.args?.name === 'CrRendererMain');
    const first =
      thread &&
      events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X').sort((x, y) => x.ts - y.ts)[0];
    if (!first) return null;
    nav = { pid: first.pid, ts: first.ts };
  }
  const main = events.find((e) => e.name === 'thread_name' && e.pid === nav.pid && e.args?.name === 'CrRendererMain');
  const onMain = events.filter((e) => e.pid === nav.pid && e.tid === main?.tid && e.ph === 'X' && e.ts >= nav.ts);
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === nav.pid && e.ts >= nav.ts);
  const top = [];
  let last = 0;
  for (const e of onMain.filter((x) => x.name === 'RunTask').sort((x, y) => x.ts - y.ts)) {
    if (e.ts < last) continue;
    top.push(e);
    last = e.ts + (e.dur ?? 0);
  }
  const busy = top.reduce((sum, e) => sum + (e.dur ?? 0), 0);
  const cpu = top.reduce((sum, e) => sum + (e.tdur ?? 0), 0);
  const fcpTs = fcp?.ts ?? nav.ts;
  const blocking = top
    .filter((e) => e.ts >= fcpTs && (e.dur ?? 0) > 50_000)
    .reduce((sum, e) => sum + e.dur - 50_000, 0);
  const inside = (task) => onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0));
  const describe = (task) => {
    const parts = {};
    for (const e of inside(task)) {
      let label = null;
      if (e.name === 'v8.evaluateModule' || e.name === 'EvaluateScript')
        label = `run ${(e.args?.data?.url ?? '').replace(/^.*\/assets\//, '') || 'module'}`;
      else if (e.name === 'v8.compileModule' || e.name === 'v8.compile')
        label = `compile ${(e.args?.fileName ?? e.args?.data?.url ?? '').replace(/^.*\/assets\//, '')}`;
      else if (e.name === 'FunctionCall')
        label = `call ${e.args?.data?.functionName || '?'} ${(e.args?.data?.url ?? '').replace(/^.*\/assets\//, '')}`;
      else if (['ParseHTML', 'Layout', 'UpdateLayoutTree', 'Paint', 'MajorGC', 'MinorGC', 'TimerFire'].includes(e.name))
        label = e.name;
      if (label) parts[label] = (parts[label] ?? 0) + (e.dur ?? 0);
    }
    return Object.entries(parts)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([label, us]) => `${label} ${Math.round(us / 1000)}`)
      .join('; ');
  };
  const kinds = {
    compile: ['v8.compileModule', 'v8.compile', 'V8.CompileCode', 'v8.parseOnBackground'],
    evaluate: ['v8.evaluateModule', 'EvaluateScript'],
    call: ['FunctionCall', 'TimerFire', 'EventDispatch', 'FireAnimationFrame'],
    html: ['ParseHTML'],
    style: ['UpdateLayoutTree', 'RecalculateStyles'],
    layout: ['Layout'],
    paint: ['Paint', 'PrePaint', 'Layerize', 'UpdateLayer'],
    gc: ['MajorGC', 'MinorGC', 'V8.GC_SCAVENGER', 'BlinkGC.AtomicPhase'],
  };
  const byKind = {};
  for (const [kind, names] of Object.entries(kinds)) {
    // Outermost events of the kind only (a FunctionCall inside a TimerFire counts once).
    let end = 0;
    let sum = 0;
    for (const e of onMain.filter((x) => names.includes(x.name)).sort((x, y) => x.ts - y.ts)) {
      if (e.ts < end) continue;
      sum += e.dur ?? 0;
      end = e.ts + (e.dur ?? 0);
    }
    byKind[kind] = Math.round(sum / 1000);
  }
  return {
    fcpMs: fcp ? Math.round((fcp.ts - nav.ts) / 1000) : null,
    byKindMs: byKind,
    busyMs: Math.round(busy / 1000),
    cpuMs: Math.round(cpu / 1000),
    blockingMs: Math.round(blocking / 1000),
    tasksOver50: top.filter((e) => (e.dur ?? 0) > 50_000).length,
    longTaskWindows: [
      ...top
        .filter((e) => (e.dur ?? 0) > 50_000)
        .map((e) => ({
          at: Math.round((e.ts - nav.ts) / 1000),
          ms: Math.round(e.dur / 1000),
          from: e.ts,
          to: e.ts + e.dur,
        })),
      ...(values.window ? [stretch(values.window, nav.ts)] : []),
    ],
    longestTasks: [...top]
      .sort((x, y) => (y.dur ?? 0) - (x.dur ?? 0))
      .slice(0, 8)
      .map((e) => ({ at: Math.round((e.ts - nav.ts) / 1000), ms: Math.round((e.dur ?? 0) / 1000), what: describe(e) })),
  };
}

/** `--window FROM,TO` as a window of the trace clock. */
function stretch(fromTo, navTs) {
  const [from, to] = fromTo.split(',').map(Number);
  return { at: from, ms: to - from, from: navTs + from * 1000, to: navTs + to * 1000 };
}

// ------------------------------------------------------------------------------------------------
// The CPU profile

/** Self time by source file and by function, and inclusive time by source file (each sample once). */
function readProfile(profile, windows = []) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const where = new Map();
  const locate = (node) => {
    if (!where.has(node.id)) {
      const { url, lineNumber, columnNumber, functionName } = node.callFrame;
      if (!url) where.set(node.id, { source: `(${functionName || 'native'})`, fn: functionName || '(native)' });
      else {
        const at = original(url, lineNumber, columnNumber);
        where.set(node.id, { source: at.source, fn: `${functionName || '(anonymous)'} ${at.source}:${at.line}` });
      }
    }
    return where.get(node.id);
  };
  const selfBySource = {};
  const selfByFn = {};
  const totalBySource = {};
  let total = 0;
  // Each long task's samples, by the source files on their stacks (React's own and the idle left
  // out: they are in every task), so a task says whose code it ran.
  const perWindow = windows.map(() => ({}));
  const FRAMEWORK = /^\(\((root|program|idle)\)\)$|^react-dom: |^scheduler: |^react: /;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i + 1] ?? 0;
    at += profile.timeDeltas[i] ?? 0;
    total += us;
    const windowIndex = windows.findIndex((w) => at >= w.from && at < w.to);
    if (windowIndex >= 0) {
      const table = perWindow[windowIndex];
      const seen = new Set();
      for (let node = id; node !== undefined; node = parent.get(node)) {
        const { source } = locate(byId.get(node));
        if (seen.has(source) || FRAMEWORK.test(source)) continue;
        seen.add(source);
        table[source] = (table[source] ?? 0) + us;
      }
      if (seen.size === 0) table['(react or native only)'] = (table['(react or native only)'] ?? 0) + us;
    }
    const node = byId.get(id);
    const here = locate(node);
    selfBySource[here.source] = (selfBySource[here.source] ?? 0) + us;
    selfByFn[here.fn] = (selfByFn[here.fn] ?? 0) + us;
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const { source } = locate(byId.get(at));
      if (seen.has(source)) continue;
      seen.add(source);
      totalBySource[source] = (totalBySource[source] ?? 0) + us;
    }
  });
  const topOf = (table) =>
    Object.entries(table)
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(values.top))
      .map(([name, us]) => `${String(Math.round(us / 1000)).padStart(6)} ms  ${name}`);
  return {
    sampledMs: Math.round(total / 1000),
    longTasks: windows.map((w, i) => ({
      at: w.at,
      ms: w.ms,
      what: Object.entries(perWindow[i])
        .sort((a, b) => b[1] - a[1])
        .slice(0, 10)
        .map(([source, us]) => `${source} ${Math.round(us / 1000)}`)
        .join('; '),
    })),
    selfBySource: topOf(selfBySource),
    totalBySource: topOf(totalBySource),
    selfByFunction: topOf(selfByFn),
  };
}

// ------------------------------------------------------------------------------------------------

/** A browser as the person's own after Lighthouse's reset: cookie and marks kept, caches and workers gone. */
async function returningPage(context, cookie) {
  await context.addCookies(cookiesFor(cookie));
  const page = await context.newPage();
  await page.goto(`${baseUrl}/terms`);
  await page.waitForFunction(() => localStorage.getItem('seenSignedIn') === '1', undefined, { timeout: 30_000 });
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', {
    origin: new URL(baseUrl).origin,
    storageTypes: 'service_workers,cache_storage',
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  return { page, cdp };
}

/** Until the main thread has had no task of 50 ms or more for QUIET_MS (page clock), at most MAX_MS. */
function untilQuiet(page) {
  return page.evaluate(
    ({ quietMs, maxMs }) =>
      new Promise((resolve) => {
        let lastEnd = performance.now();
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) lastEnd = Math.max(lastEnd, entry.startTime + entry.duration);
        }).observe({ type: 'longtask', buffered: true });
        const check = () => {
          const now = performance.now();
          if (now - lastEnd >= quietMs || now >= maxMs) resolve(Math.round(lastEnd));
          else setTimeout(check, 250);
        };
        setTimeout(check, 250);
      }),
    { quietMs: QUIET_MS, maxMs: MAX_MS },
  );
}

const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const { pages } = await scenario();
  const chosen = values.page
    ? pages.filter(({ path }) =>
        values.page.some(
          (want) => want === path.replace(/care-management\/[^/]+/, 'care-management/<id>') || want === path,
        ),
      )
    : pages;
  if (values['trace-dir']) mkdirSync(values['trace-dir'], { recursive: true });
  for (const { path, cookie } of chosen) {
    const name = path.replace(/care-management\/[^/]+/, 'care-management/<id>');
    for (let run = 0; run < Number(values.runs); run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      try {
        const { page, cdp } = await returningPage(context, cookie);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(values.rate) });
        const events = [];
        if (values.cpu) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
          await cdp.send('Profiler.start');
        }
        // With --cpu too: its long tasks are where the profile's samples are read.
        cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
        await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES.join(','), transferMode: 'ReportEvents' });
        await page.goto(`${baseUrl}${path}`);
        const lastLongTaskEnd = await untilQuiet(page);
        const scripts = await page.evaluate(
          () => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js')).length,
        );
        const heading = await page
          .locator('main h1, main h2')
          .first()
          .textContent({ timeout: 1000 })
          .catch(() => '(none)');
        const profile = values.cpu ? (await cdp.send('Profiler.stop')).profile : null;
        const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
        await cdp.send('Tracing.end');
        await done;
        const file = join(values['trace-dir'] ?? '', `${name.replace(/\W+/g, '_')}-${run}`);
        if (values['trace-dir']) writeFileSync(`${file}.json`, JSON.stringify({ traceEvents: events }));
        if (values['trace-dir'] && profile) writeFileSync(`${file}.cpuprofile`, JSON.stringify(profile));
        const traced = readTrace(events, path);
        const result = profile ? { ...readProfile(profile, traced?.longTaskWindows ?? []), traced } : traced;
        console.log(
          `\n${name} run ${run + 1}: heading "${heading?.trim()}", ${scripts} scripts, last long task ended at ${lastLongTaskEnd} ms`,
        );
        if (values.cpu) {
          const { longestTasks: _, longTaskWindows: __, ...figures } = result.traced ?? {};
          console.log(`  ${JSON.stringify(figures)}`);
          console.log('  long tasks (by the code on their stacks, React and native work left out):');
          for (const task of result.longTasks) console.log(`    at ${task.at} ms: ${task.ms} ms — ${task.what}`);
          console.log(`  sampled ${result.sampledMs} ms\n  self time by source:`);
          for (const line of result.selfBySource) console.log(`    ${line}`);
          console.log('  inclusive time by source:');
          for (const line of result.totalBySource) console.log(`    ${line}`);
          console.log('  self time by function:');
          for (const line of result.selfByFunction) console.log(`    ${line}`);
        } else if (result) {
          const { longestTasks, longTaskWindows: _, ...figures } = result;
          console.log(`  ${JSON.stringify(figures)}`);
          for (const task of longestTasks) console.log(`    at ${task.at} ms: ${task.ms} ms — ${task.what}`);
        } else console.log('  (no navigation in the trace)');
      } finally {
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
}
process.exit(0);
