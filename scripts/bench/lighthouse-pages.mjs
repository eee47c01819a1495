// Lighthouse on the prerendered public pages (issue 23 items 1 and 7, decision 028): each page's
// performance, accessibility and best-practices scores, median of N runs, against its goal.
// Used by bench.mjs (its `lighthouse` section) and on its own to compare two builds side by side:
//
//   node scripts/bench/lighthouse-pages.mjs --runs 3 --label before=http://127.0.0.1:4363 \
//     --label after=http://127.0.0.1:4362 [--page /auth ...]
//
// The runs are interleaved (run 1 of every page of every label, then run 2…), so a load spike on
// a shared machine lands on both sides rather than on one.
import { parseArgs } from 'node:util';

/** The pages and their goals (issue 23: 100 on `/`, ≥ 98 on the others). */
export const LIGHTHOUSE_PAGES = [
  { path: '/', performance: 100 },
  { path: '/auth', performance: 98 },
  { path: '/features', performance: 98 },
  { path: '/dashboard/family', performance: 98 },
  { path: '/faq', performance: 98 },
];
export const LIGHTHOUSE_GOALS = { accessibility: 100, bestPractices: 100 };

const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * One Lighthouse run of `url` in a fresh headless Chromium (Debian's, never a downloaded one):
 * the default mobile profile (Moto G-class screen, 4× CPU slowdown, slow 4G, simulated).
 */
async function runOnce(url, { track = () => undefined, cookie, prepare } = {}) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
  });
  track(chrome.process);
  try {
    // A signed-in page (signed-in.mjs): the browser is first made the person's own, as signing in leaves it.
    await prepare?.(chrome.port);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // A signed-in page (signed-in.mjs): the session cookie goes with every request it makes.
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result?.lhr) throw new Error(`lighthouse returned no report for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // LIGHTHOUSE_REPORT_DIR=dir: each run's whole report beside the figures, to read where the time went.
    if (process.env.LIGHTHOUSE_REPORT_DIR) {
      const { mkdirSync, writeFileSync } = await import('node:fs');
      mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
      writeFileSync(`${process.env.LIGHTHOUSE_REPORT_DIR}/${name}`, JSON.stringify(lhr));
    }
    const metric = (id) => lhr.audits[id]?.numericValue;
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const failed = (category) =>
      lhr.categories[category].auditRefs
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
        .map((ref) => ref.id);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcpMs: Math.round(metric('first-contentful-paint') ?? 0),
      lcpMs: Math.round(metric('largest-contentful-paint') ?? 0),
      tbtMs: Math.round(metric('total-blocking-time') ?? 0),
      cls: Number((metric('cumulative-layout-shift') ?? 0).toFixed(3)),
      transferKiB: Math.round((metric('total-byte-weight') ?? 0) / 1024),
      failedAccessibilityAudits: failed('accessibility'),
      failedBestPracticesAudits: failed('best-practices'),
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * Lighthouse 12.8 with Debian's Chromium 156 now and then fails to record the trace
 * (NO_NAVSTART, "please run Lighthouse again"): the run is repeated, up to three times.
 */
export async function runWithRetry(url, { track, log = console.log, cookie, prepare }) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url, { track, cookie, prepare });
    } catch (error) {
      if (attempt === 3 || !/NO_NAVSTART|NO_FCP/.test(String(error))) throw error;
      log(`lighthouse: ${url} — ${String(error).slice(0, 80)}; running it again`);
    }
  }
}

/** The run with the median performance score, and the lowest accessibility and best practices. */
export function summarise(runs, goal) {
  const medianRun = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
  const accessibility = Math.min(...runs.map((r) => r.accessibility));
  const bestPractices = Math.min(...runs.map((r) => r.bestPractices));
  return {
    runs,
    medianRun,
    performance: medianRun.performance,
    accessibility,
    bestPractices,
    goal,
    ok:
      medianRun.performance >= goal.performance &&
      accessibility >= LIGHTHOUSE_GOALS.accessibility &&
      bestPractices >= LIGHTHOUSE_GOALS.bestPractices,
  };
}

/**
 * Measures every page of every target `runs` times, interleaved. `targets` maps a label to a
 * base URL. Returns `{ [label]: { [path]: summary } }`.
 */
export async function measureLighthousePages(
  targets,
  { runs = 3, pages = LIGHTHOUSE_PAGES, log = console.log, track, beforeRun } = {},
) {
  const raw = {};
  for (let i = 1; i <= runs; i++) {
    for (const page of pages) {
      for (const [label, baseUrl] of Object.entries(targets)) {
        await beforeRun?.();
        log(`lighthouse: ${label} ${page.path}, mobile profile (${i}/${runs})…`);
        ((raw[label] ??= {})[page.path] ??= []).push(
          await runWithRetry(`${baseUrl}${page.path}`, { track, log, cookie: page.cookie, prepare: page.prepare }),
        );
      }
    }
  }
  const results = {};
  for (const [label, byPath] of Object.entries(raw)) {
    results[label] = {};
    for (const page of pages) results[label][page.path] = summarise(byPath[page.path], page);
  }
  return results;
}

/** One line per page: the figure, its goal and the medians behind it. */
export function lighthouseRows(summaries) {
  return Object.entries(summaries).map(([path, s]) => ({
    name: `Lighthouse mobile ${path}: performance / accessibility / best practices (median of ${s.runs.length})`,
    figure:
      `${s.performance} / ${s.accessibility} / ${s.bestPractices} (FCP ${s.medianRun.fcpMs} ms, LCP ` +
      `${s.medianRun.lcpMs} ms, TBT ${s.medianRun.tbtMs} ms, CLS ${s.medianRun.cls}, ${s.medianRun.transferKiB} KiB)` +
      [...s.medianRun.failedAccessibilityAudits, ...s.medianRun.failedBestPracticesAudits]
        .map((id, index) => `${index === 0 ? ' failing: ' : ', '}${id}`)
        .join(''),
    goal: `≥ ${s.goal.performance} / ${LIGHTHOUSE_GOALS.accessibility} / ${LIGHTHOUSE_GOALS.bestPractices}`,
    ok: s.ok,
  }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      label: { type: 'string', multiple: true },
      page: { type: 'string', multiple: true },
      json: { type: 'string' },
    },
  });
  const targets = Object.fromEntries((values.label ?? []).map((pair) => pair.split(/=(.*)/s).slice(0, 2)));
  if (Object.keys(targets).length === 0) throw new Error('give at least one --label name=http://host:port');
  const pages = values.page ? LIGHTHOUSE_PAGES.filter((p) => values.page.includes(p.path)) : LIGHTHOUSE_PAGES;
  const results = await measureLighthousePages(targets, { runs: Number(values.runs), pages });
  if (values.json) (await import('node:fs')).writeFileSync(values.json, JSON.stringify(results, null, 2));
  for (const [label, summaries] of Object.entries(results)) {
    console.log(`\n${label}`);
    for (const row of lighthouseRows(summaries))
      console.log(`  ${row.ok ? 'ok  ' : 'MISS'} ${row.name}: ${row.figure} — goal ${row.goal}`);
  }
  process.exit(0);
}
