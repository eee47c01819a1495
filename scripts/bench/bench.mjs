#!/usr/bin/env node
// Performance bench (`npm run bench`): measures, in one run against the built app, the figures
// that decide whether the product stays fast for people on slow mobile data and small servers:
//   1. bundle size: gzip (level 9) of the landing page's first-load JS (its boot list and route
//      chunk, counted from the build as scripts/check-landing-size.mjs does) and, beside it, of
//      all the JS the landing page fetches in Chromium until the network is idle; of all
//      JS in apps/web/dist/assets, and the largest single chunk minified; the training lesson
//      page's own JS, beyond chunks other routes share (issue 21: under 30 kB), from the chunk
//      graph of the build;
//   2. cold start: spawn of apps/api/dist/server.js until the first 200 from GET /api/health,
//      on a fresh PGlite directory, on an existing one (median of 3), and on PostgreSQL when
//      DATABASE_URL is set;
//   3. throughput: autocannon against /api/health, /api/features and a bare node:http server
//      (the baseline of what Node alone does on this machine);
//   4. GET /api/health p99 while 20 sign-ins (password hashing) are in flight;
//   5. the registration chat: main-thread ms per bot message (the chat's own User Timing
//      measures, read in Chromium) and which JS opening the chat loads (none of it may be in the
//      landing page's first load);
//   6. Lighthouse (the `lighthouse` npm package, its default mobile profile with simulated
//      throttling) in Debian's Chromium on the prerendered pages /, /auth, /features,
//      /dashboard/family and /faq (lighthouse-pages.mjs), median of 3: performance 100 on /, ≥ 98
//      on the others; accessibility and best practices 100;
//   7. care plans (issue 16), on the PostgreSQL demo data set of `npm run db:seed:demo` named by
//      DEMO_DATABASE_URL (2,000 families, 500 professionals, 5,000 plans, 250,000 shifts): p50/p99
//      at 20 connections of a plan's detail, a plan's shifts for a week and a professional's week
//      schedule (p99 ≤ 50 ms), and generating 4 weeks of shifts for a fresh plan (≤ 20 ms, median);
//   8. medications on the same data set (issue 17);
//   9. matching (issue 19), same data set: the demo family matched against 5,000 listed
//      professionals at 10 connections, with filters (p99 ≤ 150 ms) and without any (every listed
//      professional read and scored), and the demo professional's family matching.
//  10. the server figures of issue 23 (server-bench.mjs, section "server"): a bare node:http ceiling
//      started in the same run, /api/health and the signed-in /api/profile/me on PostgreSQL
//      (BENCH_DATABASE_URL, else DATABASE_URL) and PGlite as ratios to it with p50/p99, health p99
//      while 50 sign-ins are in flight, and two API instances on one PostgreSQL against one.
//  11. message boards (issue 20), on the same demo data set (100,000 posts): a board search with
//      words and the type, region and urgency filters, first page, p99 ≤ 100 ms at 20 connections.
//      The village (issue 30, village-section.mjs): a community member's open requests in their two
//      regions over 50,000 help requests, p99 ≤ 50 ms at 20 connections.
//  12. offline (issue 29, offline.mjs): a carer on three plans, the persisted cache's size (< 2 MB)
//      and the dashboard with today's doses on a second visit with no network at 4× CPU (≤ 2 s).
// It prints one table and writes the same figures to bench-results/latest.json. Budgets that
// fail are reported as "over"; only a failure to measure (build, server start) exits non-zero.
// Sizes are in kB = 1000 bytes, the unit Vite's own build report and chunk warning use.
// Only loopback addresses are used: every server binds 127.0.0.1 and the browser may not leave it.
//
// Usage: node scripts/bench/bench.mjs [--no-build] [--duration SECONDS] [--only SECTION,…]
//   --only first-load,lighthouse,chat,start,throughput,care-plans,medications,matching,boards,feed,village,server,signed-in,offline,notifications
//   runs just those sections (notifications: e-mail and push delivery on BENCH_DATABASE_URL's PostgreSQL).
// Environment: DATABASE_URL adds a PostgreSQL cold start; DEMO_DATABASE_URL (a database filled by
// `npm run db:seed:demo`, never real data) enables the care-plans, medications and matching sections; BENCH_PORT pins the
// port of that section's server (default: any free port); BENCH_START_TIMEOUT_MS how long a
// server may take to answer its first health check (default 60 s).
import { fork, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { runChatJourney } from './chat-journey.mjs';
import { runServerBench } from './server-bench.mjs';
import { lighthouseRows, measureLighthousePages } from './lighthouse-pages.mjs';
import { makeSignedInScenario, measureSignedInPages, signedInRows } from './signed-in.mjs';
import { measureOffline, offlineRows } from './offline.mjs';
import { loadRows, onDemoDataSet, signedInBaseline, withinBudget } from './demo-data-set.mjs';
import { measureFeed } from './feed-bench.mjs';
import { measureNotifications, notificationRows } from './notifications-section.mjs';
import { measureVillage } from './village-section.mjs';
import { formatBreakdown, residentBreakdownMb } from './resident-memory.mjs';
import { LANDING_CHUNKS, measureFirstLoad as measureBuiltFirstLoad } from '../first-load-js.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_JS = join(ROOT, 'apps/api/dist/server.js');
const WEB_DIST = join(ROOT, 'apps/web/dist');
const ASSETS_DIR = join(WEB_DIST, 'assets');
const RESULTS_FILE = join(ROOT, 'bench-results/latest.json');
const BARE_SERVER_JS = fileURLToPath(new URL('./bare-server.mjs', import.meta.url));

const KB = 1000;
const BUDGET = {
  firstLoadGzipBytes: 100 * KB,
  lessonPageOwnGzipBytes: 30 * KB,
  largestChunkRawBytes: 500 * KB,
  existingStartMs: 1500,
  /** Issue 35: resident memory of a started server on PGlite, MB. */
  existingStartRssMb: 250,
  freshStartRssMb: 400,
  healthP99UnderSignInsMs: 50,
  chatBotMessageMaxMs: 16,
  carePlansP99Ms: 50,
  generateFourWeeksMs: 20,
  medicationDayP99Ms: 50,
  doseGenerationMs: 5,
  adherenceReport90Ms: 100,
  matchingP99Ms: 150,
  boardSearchP99Ms: 100,
  /** Issue 35: a board page (filters, no words) p99. */
  boardPageP99Ms: 50,
};
const LIGHTHOUSE_RUNS = 3;
const SECTIONS = [
  'first-load',
  'chat',
  'start',
  'throughput',
  'lighthouse',
  'care-plans',
  'medications',
  'server',
  'matching',
  'boards',
  'feed',
  'village',
  'signed-in',
  'offline',
  'notifications',
];
/** `--only care-budgets`: the care core's budgets on the demo data (issue 35, item 3). */
const SECTION_GROUPS = { 'care-budgets': ['care-plans', 'medications', 'matching', 'boards', 'feed', 'village'] };
const POLL_INTERVAL_MS = 10;
// Generous, so a slow machine yields a slow figure rather than a failed run; a server that
// really hangs still ends the bench.
// BENCH_START_TIMEOUT_MS widens it on a machine shared with other work, where a fresh PGlite
// directory (migrations and seed) can take longer than a minute to answer.
const START_TIMEOUT_MS = Number(process.env.BENCH_START_TIMEOUT_MS) || 60_000;
const STOP_TIMEOUT_MS = 15_000;
const EXISTING_DIR_STARTS = 3;
const CONNECTIONS = 20;
const WARMUP_SECONDS = 1;
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

class BenchError extends Error {}

// ---------------------------------------------------------------------------------------------
// Cleanup: whatever happens (error, Ctrl-C, crash), no server outlives the bench and no temp
// directory is left behind.

const children = new Set();
const tempDirs = new Set();
let browser;

function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function isRunning(child) {
  return child.exitCode === null && child.signalCode === null;
}

/** SIGTERM (the server's clean shutdown releases the PGlite lock), SIGKILL if it hangs. */
async function stopChild(child, timeoutMs = STOP_TIMEOUT_MS) {
  if (!isRunning(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

function makeTempDir(label) {
  const dir = mkdtempSync(join(os.tmpdir(), `tavara-bench-${label}-`));
  tempDirs.add(dir);
  return dir;
}

// Last resort on any exit path: synchronous, so it also runs after process.exit().
function cleanupSync() {
  for (const child of children) {
    if (isRunning(child)) child.kill('SIGKILL');
  }
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}
process.on('exit', cleanupSync);

let interrupted = false;
let currentLoad; // the running autocannon instance, stopped first so servers can close quickly

/** After a signal, the main flow must not start the next step while cleanup runs. */
async function haltIfInterrupted() {
  if (interrupted) await new Promise(() => {});
}

async function onSignal(signal) {
  if (interrupted) return;
  interrupted = true;
  log(`\n${signal}: stopping servers and cleaning up…`);
  if (currentLoad) {
    // Autocannon notices stop() on its next tick; until its sockets close, a server keeps
    // answering them and cannot finish its own shutdown.
    const load = currentLoad;
    load.stop();
    await Promise.race([Promise.resolve(load).catch(() => undefined), sleep(3_000)]);
  }
  await Promise.allSettled([...children].map((child) => stopChild(child, 5_000)));
  await browser?.close().catch(() => undefined);
  cleanupSync();
  process.exit(signal === 'SIGINT' ? 130 : 143);
}
process.once('SIGINT', () => void onSignal('SIGINT'));
process.once('SIGTERM', () => void onSignal('SIGTERM'));

// ---------------------------------------------------------------------------------------------
// Small helpers

/** Progress goes to stderr so stdout holds only the table. */
function log(message) {
  process.stderr.write(`${message}\n`);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * One GET with its own connection (agent: false): a pooled keep-alive socket could outlive the
 * server it belongs to and blur when the next server became reachable.
 */
function httpGet(url, timeoutMs) {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', () => resolve({ status: 0, body: '' }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, body: '' }));
  });
}

function keepTail(stream, sink, limit = 8_000) {
  stream.setEncoding('utf8');
  stream.on('data', (text) => {
    sink.text = (sink.text + text).slice(-limit);
  });
}

const fmtKb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;
const fmtMs = (ms) => `${Math.round(ms)} ms`;
const fmtInt = (n) => Math.round(n).toLocaleString('en-US');

// ---------------------------------------------------------------------------------------------
// Options

const USAGE = `Usage: node scripts/bench/bench.mjs [--no-build] [--duration SECONDS] [--only ${[...SECTIONS, ...Object.keys(SECTION_GROUPS)].join(',')}]`;

function parseOptions() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        'no-build': { type: 'boolean', default: false },
        duration: { type: 'string', default: '5' },
        only: { type: 'string', default: SECTIONS.join(',') },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new BenchError(`${error.message}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const duration = Number(values.duration);
  if (!Number.isInteger(duration) || duration < 1) {
    throw new BenchError(`--duration must be a whole number of seconds ≥ 1 (got "${values.duration}")`);
  }
  const only = new Set(
    values.only
      .split(',')
      .map((name) => name.trim())
      .flatMap((name) => SECTION_GROUPS[name] ?? [name]),
  );
  const unknown = [...only].filter((name) => !SECTIONS.includes(name));
  if (unknown.length) throw new BenchError(`unknown --only section(s): ${unknown.join(', ')}\n${USAGE}`);
  return { build: !values['no-build'], duration, only };
}

// ---------------------------------------------------------------------------------------------
// Build

async function runBuild() {
  log('building (npm run build)…');
  const output = { text: '' };
  const child = track(spawn('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] }));
  keepTail(child.stdout, output, 20_000);
  keepTail(child.stderr, output, 20_000);
  const [code] = await new Promise((resolve) => child.once('exit', (...args) => resolve(args)));
  if (code !== 0) throw new BenchError(`npm run build failed (exit ${code}):\n${output.text}`);
}

function checkBuilt() {
  for (const file of [SERVER_JS, join(WEB_DIST, 'index.html')]) {
    if (!existsSync(file))
      throw new BenchError(`${relative(ROOT, file)} is missing: run without --no-build (or npm run build)`);
  }
}

// ---------------------------------------------------------------------------------------------
// 1. Bundle size

/** Every emitted JS file with its raw and gzip-9 size, measured from the files themselves. */
function measureJsFiles() {
  const files = readdirSync(ASSETS_DIR)
    .filter((name) => name.endsWith('.js'))
    .sort()
    .map((file) => {
      const source = readFileSync(join(ASSETS_DIR, file));
      return { file, rawBytes: source.length, gzipBytes: gzipSync(source, { level: 9 }).length };
    });
  if (files.length === 0) throw new BenchError(`no .js files in ${relative(ROOT, ASSETS_DIR)}`);
  return files;
}

/**
 * The JS a lazy route brings that no other route (nor the entry) uses: the static-import closure
 * of its chunk minus the closures of the entry and of every other lazily imported chunk. That is
 * the "beyond the shared chunks" — what opening this page costs on top of code the app
 * loads elsewhere anyway. Also reports everything it loads beyond the entry's closure, for context.
 * Read from the emitted files: `from"./x.js"` / `import"./x.js"` are static, `import(\`./x.js\`)`
 * (Vite's lazy routes) dynamic.
 */
function measureRouteOwnJs(jsFiles, routePrefix) {
  const byName = new Map(jsFiles.map((f) => [f.file, f]));
  const staticDeps = new Map();
  const lazy = new Set();
  for (const { file } of jsFiles) {
    const source = readFileSync(join(ASSETS_DIR, file), 'utf8');
    const deps = new Set();
    for (const m of source.matchAll(/(?:\bfrom\s*|\bimport\s*)["'`]\.\/([^"'`]+\.js)["'`]/g)) deps.add(m[1]);
    for (const m of source.matchAll(/\bimport\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g)) lazy.add(m[1]);
    staticDeps.set(
      file,
      [...deps].filter((d) => byName.has(d)),
    );
  }
  const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]+src="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
  if (entries.length === 0) throw new BenchError('no entry script in apps/web/dist/index.html');
  const closure = (roots) => {
    const seen = new Set();
    const stack = [...roots];
    while (stack.length) {
      const file = stack.pop();
      if (seen.has(file)) continue;
      seen.add(file);
      stack.push(...(staticDeps.get(file) ?? []));
    }
    return seen;
  };
  const route = [...lazy].find((file) => file.startsWith(routePrefix));
  if (!route) throw new BenchError(`no lazily imported chunk named ${routePrefix}*.js in apps/web/dist/assets`);
  const routeFiles = closure([route]);
  const entryFiles = closure(entries);
  const elsewhere = closure([...entries, ...[...lazy].filter((file) => file !== route)]);
  const sum = (files) => files.reduce((total, f) => total + f.gzipBytes, 0);
  const own = [...routeFiles].filter((file) => !elsewhere.has(file)).map((file) => byName.get(file));
  const beyondEntry = [...routeFiles].filter((file) => !entryFiles.has(file)).map((file) => byName.get(file));
  return {
    route,
    ownFiles: own.sort((a, b) => b.gzipBytes - a.gzipBytes),
    ownGzipBytes: sum(own),
    beyondEntryFiles: beyondEntry.length,
    beyondEntryGzipBytes: sum(beyondEntry),
  };
}

/** Debian's Chromium, headless; kept in `browser` so an interrupted bench closes it. */
async function launchChromium() {
  const { chromium } = await import('playwright-core');
  // Playwright's own signal handlers would exit before our servers are stopped.
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    timeout: 60_000,
  });
}

/**
 * Which JS the landing route loads first, as the browser decides it (entry, modulepreloads and
 * the lazy route chunk), rather than guessed from the build manifest.
 */
async function measureFirstLoad(baseUrl, jsFiles) {
  await haltIfInterrupted();
  browser = await launchChromium();
  try {
    const context = await browser.newContext();
    const blocked = [];
    await context.route('**/*', (route) => {
      const { hostname } = new URL(route.request().url());
      if (hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]') return route.continue();
      blocked.push(route.request().url());
      return route.abort();
    });
    const page = await context.newPage();
    const jsUrls = new Set();
    const failed = [];
    const pageErrors = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('.js')) jsUrls.add(request.url());
    });
    page.on('requestfailed', (request) => failed.push(`${request.url()} (${request.failure()?.errorText})`));
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.url()} (HTTP ${response.status()})`);
    });
    // An error boundary turns a crash into a rendered "Something went wrong", so uncaught
    // errors alone would miss it; console errors are what make a broken first load visible.
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text().split('\n')[0]);
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle', timeout: 30_000 });
    await context.close();

    const byName = new Map(jsFiles.map((f) => [f.file, f]));
    const files = [...jsUrls].map((url) => {
      const { pathname } = new URL(url);
      const name = pathname.startsWith('/assets/') ? pathname.slice('/assets/'.length) : undefined;
      const file = name && byName.get(name);
      if (!file) throw new BenchError(`landing page requested ${url}, which is not a file in apps/web/dist/assets`);
      return file;
    });
    if (files.length === 0) throw new BenchError('landing page requested no JS: did the page load?');
    if (failed.length) log(`warning: failed requests while loading /: ${failed.join(', ')}`);
    if (pageErrors.length) {
      log(
        `warning: errors in the page while loading / (its first-load figure may be incomplete): ${pageErrors.join(' | ')}`,
      );
    }
    if (blocked.length) log(`warning: blocked non-loopback requests: ${blocked.join(', ')}`);
    // The budget counts first load as the build names it (the boot list and the landing route's
    // chunk); the chat bubble and the floating buttons' clearance check start after the page's
    // load event (root-layout.tsx) and are in the browser's total below, not in the budget.
    const built = measureBuiltFirstLoad(WEB_DIST, 'index.html', LANDING_CHUNKS);
    return {
      files: built.rows.map(({ file, bytes }) => ({ file: file.replace(/^\/assets\//, ''), gzipBytes: bytes })),
      gzipBytes: built.total,
      fetched: {
        files: files.sort((a, b) => b.gzipBytes - a.gzipBytes),
        gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
      },
      failedRequests: failed,
      pageErrors,
      blockedRequests: blocked,
    };
  } finally {
    await browser.close().catch(() => undefined);
    browser = undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// 5. The registration chat in the browser

const CHAT_MEASURE_NAMES = { bot: 'tavara-chat:bot-message', user: 'tavara-chat:user-event' };

function summariseMs(durations) {
  const sorted = [...durations].sort((a, b) => a - b);
  const round = (ms) => Number(ms.toFixed(1));
  return {
    count: sorted.length,
    medianMs: sorted.length ? round(median(sorted)) : 0,
    maxMs: sorted.length ? round(sorted.at(-1)) : 0,
    allMs: durations.map(round),
  };
}

/**
 * Opens the chat on /about (a page without role bubbles) and answers the family interview up to
 * its multi-select at the real typing pause, then reads the chat's User Timing measures: each
 * spans the synchronous work of one update (engine, React render and commit, the log's layout
 * read, focus moves). The first visit also records which JS the chat loads when opened.
 */
async function measureChat(baseUrl, firstLoadFiles) {
  await haltIfInterrupted();
  browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${baseUrl}/about`, { waitUntil: 'networkidle', timeout: 30_000 });
    const chatJs = new Set();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.js')) chatJs.add(pathname.replace(/^\/assets\//, ''));
    });
    await runChatJourney(page);
    const measures = await page.evaluate(
      (names) => ({
        bot: performance.getEntriesByName(names.bot).map((entry) => entry.duration),
        user: performance.getEntriesByName(names.user).map((entry) => entry.duration),
      }),
      CHAT_MEASURE_NAMES,
    );
    await context.close();
    if (pageErrors.length) throw new BenchError(`the chat page threw: ${pageErrors.join(' | ')}`);
    if (measures.bot.length === 0) throw new BenchError('the chat recorded no bot-message measures');

    const sizes = new Map(measureJsFiles().map((f) => [f.file, f.gzipBytes]));
    const inFirstLoad = firstLoadFiles.map((f) => f.file);
    const loadedOnOpen = [...chatJs].sort();
    const bot = summariseMs(measures.bot);
    return {
      botMessage: { ...bot, budgetMs: BUDGET.chatBotMessageMaxMs, ok: bot.maxMs <= BUDGET.chatBotMessageMaxMs },
      userAction: summariseMs(measures.user),
      loadedOnOpen: {
        files: loadedOnOpen,
        gzipBytes: loadedOnOpen.reduce((sum, file) => sum + (sizes.get(file) ?? 0), 0),
      },
      // The chat's own chunk (Vite names it after components/chat-host) must arrive only on open.
      chatInFirstLoad: inFirstLoad.filter((file) => file.startsWith('chat-host-')),
      okNotInFirstLoad:
        loadedOnOpen.some((file) => file.startsWith('chat-host-')) &&
        !inFirstLoad.some((file) => file.startsWith('chat-host-')),
    };
  } finally {
    await browser.close().catch(() => undefined);
    browser = undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// 6. Lighthouse on the prerendered public pages: lighthouse-pages.mjs (issue 23, decision 028)

// ---------------------------------------------------------------------------------------------
// 6b. Lighthouse on the signed-in daily pages: signed-in.mjs (issue 35, decision 034)

/**
 * A server on a fresh PGlite directory with sign-up signing in (AUTH_AUTO_CONFIRM, development
 * only); the family, plan, medications and professional are made through its API, then each page
 * is measured with the cookie of the person who opens it.
 */
async function measureSignedIn() {
  const api = await startApiServer({
    label: 'signed-in pages',
    dataDir: makeTempDir('signed-in'),
    extraEnv: { AUTH_AUTO_CONFIRM: 'true', AUTH_RATE_LIMIT_DISABLED: 'true', NODE_ENV: 'development' },
  });
  try {
    log('signed in: a family with a plan (2 weeks of shifts, 5 medications) and a professional, through the API…');
    const scenario = await makeSignedInScenario(api.baseUrl);
    return await measureSignedInPages(api.baseUrl, scenario, {
      runs: LIGHTHOUSE_RUNS,
      log,
      track,
      beforeRun: haltIfInterrupted,
    });
  } finally {
    await stopChild(api.child);
  }
}

// ---------------------------------------------------------------------------------------------
// 12. Offline: offline.mjs (issue 29, decision 037)

/** A server on a fresh PGlite directory, the carer on three plans made through its API. */
async function measureOfflineSection() {
  const api = await startApiServer({
    label: 'offline',
    dataDir: makeTempDir('offline'),
    extraEnv: { AUTH_AUTO_CONFIRM: 'true', AUTH_RATE_LIMIT_DISABLED: 'true', NODE_ENV: 'development' },
  });
  try {
    browser = await launchChromium();
    return await measureOffline(api.baseUrl, browser, { runs: 5, log });
  } finally {
    await browser?.close().catch(() => undefined);
    browser = undefined;
    await stopChild(api.child);
  }
}

// ---------------------------------------------------------------------------------------------
// 2. Cold start

/**
 * Spawns the built server and polls GET /api/health every 10 ms from the moment of spawn; the
 * figure is spawn → first 200, so it includes Node start-up, module loading, opening the
 * database, migrations and seeding — everything a restart costs before the app can serve.
 */
async function startApiServer({ label, dataDir, databaseUrl, port: fixedPort, extraEnv = {} }) {
  await haltIfInterrupted();
  const port = fixedPort ?? (await freePort());
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    // The public URL is the address the bench calls, so cookie-carrying POSTs pass the Origin check.
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  // The PGlite figures must not silently run on PostgreSQL because the bench's shell has it set.
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;

  const output = { text: '' };
  const healthUrl = `http://127.0.0.1:${port}/api/health`;
  const started = performance.now();
  const child = track(spawn(process.execPath, [SERVER_JS], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] }));
  keepTail(child.stdout, output);
  keepTail(child.stderr, output);
  const fail = async (reason) => {
    await stopChild(child, 5_000);
    throw new BenchError(
      `the API server failed to start (${label}): ${reason}\n--- server output ---\n${output.text.trim() || '(none)'}`,
    );
  };

  for (let attempt = 0; ; attempt++) {
    if (!isRunning(child)) {
      await fail(child.exitCode !== null ? `exited with code ${child.exitCode}` : `killed by ${child.signalCode}`);
    }
    const { status } = await httpGet(healthUrl, 2_000);
    const now = performance.now();
    if (status === 200) return { ms: now - started, child, baseUrl: `http://127.0.0.1:${port}` };
    if (now - started > START_TIMEOUT_MS)
      await fail(`no 200 from /api/health within ${START_TIMEOUT_MS / 1000} s (last status ${status || 'none'})`);
    // Fixed 10 ms grid from spawn time; a slot already missed is skipped, not queued.
    const next = started + POLL_INTERVAL_MS * Math.max(attempt + 1, Math.ceil((now - started) / POLL_INTERVAL_MS));
    await sleep(Math.max(0, next - performance.now()));
  }
}

/** Resident memory of a process, MB (Linux /proc; null elsewhere). */
function residentMb(pid) {
  try {
    const kb = Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}
/** How long a started server is left to settle (seed, the notification worker's first scan) before its memory is read. */
const MEMORY_SETTLE_MS = 5_000;

async function coldStart(options) {
  const { ms, child } = await startApiServer(options);
  await sleep(MEMORY_SETTLE_MS);
  const rssMb = residentMb(child.pid);
  const memory = residentBreakdownMb(child.pid);
  // A second process on the same PGlite directory refuses to start: wait for a full exit.
  await stopChild(child);
  if (child.exitCode !== 0)
    log(`warning: server (${options.label}) exited with ${child.exitCode ?? child.signalCode} on SIGTERM`);
  return { ms: Math.round(ms), rssMb, memory };
}

// ---------------------------------------------------------------------------------------------
// 3. Throughput

async function runAutocannon(options) {
  await haltIfInterrupted();
  currentLoad = autocannon(options);
  const result = await currentLoad;
  currentLoad = undefined;
  await haltIfInterrupted();
  return result;
}

/**
 * The database statements one request takes, from the Server-Timing header of a server started
 * with SERVER_TIMING=true (apps/api/src/lib/server-timing.ts); null when the server does not say.
 */
async function statementsPerRequest(url, { method = 'GET', headers = {}, body } = {}) {
  try {
    const res = await fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
    await res.arrayBuffer();
    const match = res.headers.get('server-timing')?.match(/db;desc="(\d+) statements"/);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

async function loadTest(name, url, duration, extra = {}) {
  await haltIfInterrupted();
  log(`load: ${name} (${WARMUP_SECONDS} s warm-up + ${duration} s)…`);
  // The warm-up is a run of its own whose figures are kept apart (as autocannon's own warmup
  // option does), so the measured run starts on a server that has already JIT-compiled its
  // hot paths and opened its database connections.
  const warmup = await runAutocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS, ...extra });
  const result = await runAutocannon({ url, connections: CONNECTIONS, duration, ...extra });
  const warmupProblems = warmup.non2xx + warmup.errors;
  const statements = await statementsPerRequest(url, extra);
  return {
    name: statements === null ? name : `${name} [${statements} statements]`,
    statements,
    target: url.replace(/:\d+/, ':<port>'),
    requestsPerSecAvg: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyAvgMs: result.latency.average,
    totalRequests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    warmupNon2xxAndErrors: warmupProblems,
    flagged: result.non2xx > 0 || result.errors > 0 || result.timeouts > 0,
  };
}

// ---------------------------------------------------------------------------------------------
// 4. Health under sign-in load

const SIGN_IN_CONNECTIONS = 20;
const HEALTH_UNDER_LOAD_CONNECTIONS = 5;

/**
 * Password hashing is CPU-heavy (scrypt); it must run off the event loop so a burst of sign-ins
 * does not stall everyone else. Keeps 20 correct-password sign-ins in flight with autocannon
 * while a second autocannon measures GET /api/health, on a server with auto-confirm and the
 * per-IP limiter off (both refused in production) so every sign-in really hashes.
 */
async function healthUnderSignIns(dataDir, duration) {
  const api = await startApiServer({
    label: 'sign-in load',
    dataDir,
    extraEnv: { AUTH_AUTO_CONFIRM: 'true', AUTH_RATE_LIMIT_DISABLED: 'true', NODE_ENV: 'development' },
  });
  try {
    const email = `bench-${Date.now()}@example.test`;
    const password = 'Bench-sign-in-load-2026';
    const headers = { 'content-type': 'application/json', origin: api.baseUrl };
    const signUp = await fetch(`${api.baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ firstName: 'Bench', lastName: 'User', email, password, role: 'family' }),
    });
    if (!signUp.ok)
      throw new BenchError(`sign-up for the sign-in load answered ${signUp.status}: ${await signUp.text()}`);

    log(`load: ${SIGN_IN_CONNECTIONS} concurrent sign-ins with GET /api/health beside them (${duration} s)…`);
    const signIns = runAutocannon({
      url: `${api.baseUrl}/api/auth/sign-in/email`,
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password }),
      connections: SIGN_IN_CONNECTIONS,
      duration,
    });
    const health = autocannon({
      url: `${api.baseUrl}/api/health`,
      connections: HEALTH_UNDER_LOAD_CONNECTIONS,
      duration,
    });
    const [signInResult, healthResult] = await Promise.all([signIns, health]);
    return {
      signInsPerSec: Math.round(signInResult.requests.average),
      signInNon2xx: signInResult.non2xx,
      signInErrors: signInResult.errors,
      healthP99Ms: healthResult.latency.p99,
      healthRequestsPerSec: Math.round(healthResult.requests.average),
      healthNon2xxAndErrors: healthResult.non2xx + healthResult.errors,
      budgetMs: BUDGET.healthP99UnderSignInsMs,
      ok: healthResult.latency.p99 <= BUDGET.healthP99UnderSignInsMs && signInResult.non2xx === 0,
    };
  } finally {
    await stopChild(api.child);
  }
}

// ---------------------------------------------------------------------------------------------
// 7. Care plans on the demo data set

// The two accounts `npm run db:seed:demo` lets sign in (apps/api/src/db/seed-demo-cli.ts); a demo
// database only, so the password is no secret.
const DEMO = {
  familyEmail: 'family0000@demo.tavara.invalid',
  professionalEmail: 'pro000@demo.tavara.invalid',
  password: 'Tavara-demo-bench-2026',
};
const GENERATE_RUNS = 7;

/** Signs in by request (as a person would) and returns the session cookie for autocannon. */
async function signIn(baseUrl, email) {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: DEMO.password }),
  });
  if (!res.ok) {
    throw new BenchError(
      `sign-in as ${email} answered ${res.status}: ${(await res.text()).slice(0, 300)}\n` +
        'Is DEMO_DATABASE_URL a database filled by `npm run db:seed:demo`?',
    );
  }
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** bench.mjs's own helpers, for the demo data set's sections kept in modules of their own. */
const DEMO_HELPERS = { startApiServer, stopChild, makeTempDir, signIn, apiJson, loadTest, BenchError, DEMO };

async function apiJson(baseUrl, path, cookie, init = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
  });
  const text = await res.text();
  if (!res.ok) throw new BenchError(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/**
 * The demo family's first generated plan (its detail and this week's shifts), the demo
 * professional's week, each under 20 connections; then 4 weeks of shifts generated for fresh
 * plans, timed as the route's round trip (so it includes HTTP, the session and the ownership
 * check on top of the service), median of GENERATE_RUNS after one warm-up run.
 */
function measureCarePlans(duration) {
  return onDemoDataSet(DEMO_HELPERS, { label: 'demo data set on PostgreSQL', dir: 'demo' }, async (base) => {
    const family = await signIn(base, DEMO.familyEmail);
    const professional = await signIn(base, DEMO.professionalEmail);
    const { plans } = await apiJson(base, '/api/care-plans', family);
    const plan = plans.find((p) => p.notes === 'Generated demo plan.' || p.title?.startsWith('Care for'));
    if (!plan) throw new BenchError('the demo family has no generated plan; run npm run db:seed:demo again');
    const detail = await apiJson(base, `/api/care-plans/${plan.id}`, family);
    const week = detail.week;
    const schedule = await apiJson(base, '/api/professional/schedule', professional);

    const baseline = await signedInBaseline(DEMO_HELPERS, base, duration, family);
    const loads = [
      await loadTest(
        `GET plan detail (${detail.team.length} members, ${week.shifts.length} shifts)`,
        `${base}/api/care-plans/${plan.id}`,
        duration,
        {
          headers: { cookie: family },
        },
      ),
      await loadTest(
        `GET plan shifts, one week (${week.shifts.length} shifts)`,
        `${base}/api/care-plans/${plan.id}/shifts?from=${week.from}&to=${week.to}`,
        duration,
        { headers: { cookie: family } },
      ),
      await loadTest(
        `GET professional week (${schedule.assignments.length} plans, ${schedule.shifts.length} shifts)`,
        `${base}/api/professional/schedule`,
        duration,
        { headers: { cookie: professional } },
      ),
    ].map((load) => withinBudget(load, BUDGET.carePlansP99Ms));

    log(`care plans: generating 4 weeks of shifts for ${GENERATE_RUNS} + 1 fresh plans…`);
    const runsMs = [];
    let created;
    for (let run = 0; run <= GENERATE_RUNS; run++) {
      await haltIfInterrupted();
      const { plan: fresh } = await apiJson(base, '/api/care-plans', family, {
        method: 'POST',
        body: JSON.stringify({
          title: `Bench plan ${run + 1}`,
          recipientName: 'Bench recipient',
          planType: 'scheduled',
          weekdayCoverage: ['weekday_8am_4pm'],
          weekendCoverage: ['weekend_8am_6pm'],
          startDate: week.today,
        }),
      });
      const started = performance.now();
      const result = await apiJson(base, `/api/care-plans/${fresh.id}/shifts/generate`, family, {
        method: 'POST',
        body: '{}',
      });
      const ms = performance.now() - started;
      created = result.created;
      // The first run pays for JIT compilation and is kept apart like the load tests' warm-up.
      if (run > 0) runsMs.push(Number(ms.toFixed(1)));
      // The plan has shifts now, so this archives it: the demo family's list stays as seeded.
      await apiJson(base, `/api/care-plans/${fresh.id}`, family, { method: 'DELETE' });
    }
    const generateMedianMs = median(runsMs);
    return {
      planId: plan.id,
      week: { from: week.from, to: week.to },
      baseline,
      loads,
      generate: {
        runsMs,
        medianMs: generateMedianMs,
        maxMs: Math.max(...runsMs),
        shiftsPerRun: created,
        budgetMs: BUDGET.generateFourWeeksMs,
        ok: generateMedianMs <= BUDGET.generateFourWeeksMs && created === 28,
      },
    };
  });
}

// ---------------------------------------------------------------------------------------------
// 9. Matching on the demo data set (issue 19)

const MATCHING_CONNECTIONS = 10;
/** A family's typical search: a care type, within 40 km of home, at most $40 an hour. */
const MATCHING_FILTERS = '?careType=in_home_care&maxKm=40&rateMax=40';

/**
 * The demo family (needs in Arima, weekdays 8–4) against the 5,000 listed professionals at 10
 * connections: with the filters above (SQL narrows by care type, JS by distance and rate, then
 * scores), and with none (all 5,000 read and scored in JS: the worst case of scoring in JS on the
 * candidate set). Then the demo professional's family matching (500 findable families).
 */
function measureMatching(duration) {
  const server = { label: 'demo data set on PostgreSQL (matching)', dir: 'demo-matching' };
  return onDemoDataSet(DEMO_HELPERS, server, async (base) => {
    const family = await signIn(base, DEMO.familyEmail);
    const professional = await signIn(base, DEMO.professionalEmail);
    const filtered = await apiJson(base, `/api/matching/professionals${MATCHING_FILTERS}`, family);
    const all = await apiJson(base, '/api/matching/professionals', family);
    const families = await apiJson(base, '/api/matching/families', professional);
    if (all.listed < 5000)
      throw new BenchError(`only ${all.listed} professionals are listed; run npm run db:seed:demo again`);
    const opts = (cookie) => ({ headers: { cookie }, connections: MATCHING_CONNECTIONS });
    // At the same 10 connections: on a shared, loaded machine every figure below sits on top of it.
    const baseline = await signedInBaseline(DEMO_HELPERS, base, duration, family, {
      connections: MATCHING_CONNECTIONS,
    });
    const loads = [
      await loadTest(
        `GET caregiver matching, filtered (${filtered.total} of ${filtered.listed} listed pass)`,
        `${base}/api/matching/professionals${MATCHING_FILTERS}`,
        duration,
        opts(family),
      ),
      await loadTest(
        `GET caregiver matching, no filters (all ${all.total} scored)`,
        `${base}/api/matching/professionals`,
        duration,
        opts(family),
      ),
      await loadTest(
        `GET family matching (${families.total} findable families)`,
        `${base}/api/matching/families`,
        duration,
        opts(professional),
      ),
    ].map((load) => ({ ...withinBudget(load, BUDGET.matchingP99Ms), connections: MATCHING_CONNECTIONS }));
    return { filters: MATCHING_FILTERS, baseline: { ...baseline, connections: MATCHING_CONNECTIONS }, loads };
  });
}

// ---------------------------------------------------------------------------------------------
// 8. Medications on the demo data set (issue 17)

const DOSE_GENERATION_JS = join(ROOT, 'apps/api/src/features/medications/dose-generation-bench.ts');
const REPORT_RUNS = 7;

/**
 * The demo family's plan with 20 medications: its day view under 20 connections; the 90-day
 * adherence report as the route's round trip (median of REPORT_RUNS after a warm-up); and dose
 * generation for 20 medications × 90 days in its own process (the TypeScript source through tsx).
 */
function measureMedications(duration) {
  const server = { label: 'demo data set on PostgreSQL', dir: 'demo-medications', before: generateDoses };
  return onDemoDataSet(DEMO_HELPERS, server, async (base, doses) => {
    const family = await signIn(base, DEMO.familyEmail);
    const { plans } = await apiJson(base, '/api/care-plans', family);
    let plan;
    let list;
    for (const candidate of plans) {
      list = await apiJson(base, `/api/care-plans/${candidate.id}/medications`, family);
      if (list.medications.length >= 20) {
        plan = candidate;
        break;
      }
    }
    if (!plan) throw new BenchError('no demo plan has 20 medications; run npm run db:seed:demo again');
    const day = await apiJson(base, `/api/care-plans/${plan.id}/doses`, family);
    const baseline = await signedInBaseline(DEMO_HELPERS, base, duration, family);
    const load = await loadTest(
      `GET day view (${list.medications.length} medications, ${day.doses.length} doses)`,
      `${base}/api/care-plans/${plan.id}/doses`,
      duration,
      { headers: { cookie: family } },
    );
    log(`medications: the 90-day adherence report, ${REPORT_RUNS} + 1 runs…`);
    const runsMs = [];
    let report;
    for (let run = 0; run <= REPORT_RUNS; run++) {
      await haltIfInterrupted();
      const started = performance.now();
      report = await apiJson(base, `/api/care-plans/${plan.id}/medications/report?days=90`, family);
      const ms = performance.now() - started;
      if (run > 0) runsMs.push(Number(ms.toFixed(1)));
    }
    const reportMedianMs = median(runsMs);
    return {
      planId: plan.id,
      baseline,
      day: withinBudget(load, BUDGET.medicationDayP99Ms),
      generation: { ...doses, budgetMs: BUDGET.doseGenerationMs, ok: doses.medianMs <= BUDGET.doseGenerationMs },
      report: {
        runsMs,
        medianMs: reportMedianMs,
        maxMs: Math.max(...runsMs),
        expectedDoses: report.overall.expected,
        budgetMs: BUDGET.adherenceReport90Ms,
        ok: reportMedianMs <= BUDGET.adherenceReport90Ms,
      },
    };
  });
}

/** Dose generation for 20 medications × 90 days, in its own process, before the server starts. */
function generateDoses() {
  log('medications: dose generation, 20 medications × 90 days…');
  const generation = spawnSync(process.execPath, ['--import', 'tsx', DOSE_GENERATION_JS], {
    cwd: join(ROOT, 'apps/api'),
    encoding: 'utf8',
  });
  if (generation.status !== 0) throw new BenchError(`dose generation bench failed: ${generation.stderr.slice(0, 500)}`);
  return JSON.parse(generation.stdout);
}

// ---------------------------------------------------------------------------------------------
// 9. Message boards on the demo data set (issue 20)

/**
 * A professional searching the professional board: words plus the type, region and urgency
 * filters, first page, signed in, under 20 connections; the same without words (the listing
 * index alone) for context.
 */
function measureBoards(duration) {
  return onDemoDataSet(DEMO_HELPERS, { label: 'demo data set on PostgreSQL', dir: 'demo-boards' }, async (base) => {
    const professional = await signIn(base, DEMO.professionalEmail);
    const search = '/api/boards/professional/posts?q=dementia%20care&type=care_need&region=couva&urgency=this_weekend';
    const first = await apiJson(base, search, professional);
    if (first.posts.length === 0)
      throw new BenchError('the board search found nothing; run npm run db:seed:demo again');
    const filtersOnly = '/api/boards/professional/posts?type=care_need&region=couva&urgency=this_weekend';
    const baseline = await signedInBaseline(DEMO_HELPERS, base, duration, professional);
    const loads = [
      await loadTest(
        `GET board search + 3 filters, first page (${first.posts.length} posts)`,
        `${base}${search}`,
        duration,
        {
          headers: { cookie: professional },
        },
      ),
      await loadTest('GET board, 3 filters, no words, first page', `${base}${filtersOnly}`, duration, {
        headers: { cookie: professional },
      }),
    ].map((load, index) => withinBudget(load, index === 0 ? BUDGET.boardSearchP99Ms : BUDGET.boardPageP99Ms));
    return { baseline, loads };
  });
}

async function startBareServer() {
  await haltIfInterrupted();
  const child = track(fork(BARE_SERVER_JS, [], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] }));
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new BenchError('the bare node:http server did not start within 10 s')),
      10_000,
    );
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve(message.port);
    });
    child.once('exit', (code) => reject(new BenchError(`the bare node:http server exited with code ${code}`)));
  });
  return { child, url: `http://127.0.0.1:${port}/` };
}

// ---------------------------------------------------------------------------------------------
// Report

function gitRevision() {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  if (head.status !== 0) return undefined;
  const status = spawnSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' });
  return { commit: head.stdout.trim(), dirty: status.stdout.trim() !== '' };
}

function renderTable(rows) {
  const header = { metric: 'metric', value: 'value', budget: 'budget', ok: 'ok?' };
  const columns = ['metric', 'value', 'budget', 'ok'];
  const all = [header, ...rows];
  const widths = columns.map((col) => Math.max(...all.map((row) => String(row[col]).length)));
  const line = (row) =>
    columns
      .map((col, i) => String(row[col]).padEnd(widths[i]))
      .join(' | ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}

const verdict = (ok) => (ok ? 'ok' : 'over');

function buildRows(r) {
  const rows = [];
  const add = (metric, value, budget = '-', ok = '-') => rows.push({ metric, value, budget, ok });
  if (r.bundle.firstLoad)
    add(
      'First-load JS, landing / (gzip)',
      `${fmtKb(r.bundle.firstLoad.gzipBytes)} (${r.bundle.firstLoad.files.length} files)`,
      `≤ ${fmtKb(BUDGET.firstLoadGzipBytes)}`,
      // A page that failed to render may not have loaded its route chunk: the size is then not
      // the real first load, whatever the budget says.
      r.bundle.firstLoad.pageErrors.length || r.bundle.firstLoad.failedRequests.length
        ? `PAGE ERROR (${verdict(r.bundle.firstLoad.ok)})`
        : verdict(r.bundle.firstLoad.ok),
    );
  if (r.bundle.firstLoad?.fetched)
    add(
      '  all JS / fetches in Chromium until idle (gzip; + chat bubble, floating buttons)',
      `${fmtKb(r.bundle.firstLoad.fetched.gzipBytes)} (${r.bundle.firstLoad.fetched.files.length} files)`,
    );
  if (r.bundle.lessonPage) {
    const l = r.bundle.lessonPage;
    add(
      'Lesson page, own JS beyond shared chunks (gzip)',
      `${fmtKb(l.ownGzipBytes)} (${l.ownFiles.length} files: ${l.ownFiles.map((f) => f.file).join(', ')})`,
      `≤ ${fmtKb(BUDGET.lessonPageOwnGzipBytes)}`,
      verdict(l.ok),
    );
    add(
      'Lesson page, all JS beyond the entry (gzip, incl. shared)',
      `${fmtKb(l.beyondEntryGzipBytes)} (${l.beyondEntryFiles} files)`,
    );
  }
  add('All JS in dist/assets (gzip)', `${fmtKb(r.bundle.allJs.gzipBytes)} (${r.bundle.allJs.files} files)`);
  add(
    'Largest chunk (minified)',
    `${fmtKb(r.bundle.largestChunk.rawBytes)} (${r.bundle.largestChunk.file})`,
    `≤ ${fmtKb(BUDGET.largestChunkRawBytes)}`,
    verdict(r.bundle.largestChunk.ok),
  );
  if (r.notifications)
    for (const row of notificationRows(r.notifications))
      add(row.name, row.figure, row.goal, row.ok === null ? '-' : verdict(row.ok));
  loadRows(r.feed, 'Updates feed', { add, fmtInt, verdict });
  if (r.offline) for (const row of offlineRows(r.offline)) add(row.name, row.figure, row.goal, verdict(row.ok));
  if (r.signedIn) {
    for (const row of signedInRows(r.signedIn)) add(row.name, row.figure, row.goal, verdict(row.ok));
  }
  if (r.lighthouse) {
    for (const row of lighthouseRows(r.lighthouse)) add(row.name, row.figure, row.goal, verdict(row.ok));
  }
  if (r.coldStart) {
    add('Cold start → 200, fresh PGlite dir', fmtMs(r.coldStart.freshPglite.ms));
    add(
      `Cold start → 200, existing PGlite dir (median of ${EXISTING_DIR_STARTS})`,
      fmtMs(r.coldStart.existingPglite.medianMs),
      `≤ ${BUDGET.existingStartMs} ms`,
      verdict(r.coldStart.existingPglite.ok),
    );
    const { freshPglite: f, existingPglite: e } = r.coldStart;
    add(
      `Resident memory ${MEMORY_SETTLE_MS / 1000} s after start, existing PGlite dir (median of ${EXISTING_DIR_STARTS})`,
      `${e.rssMedianMb} MB (${e.rssRunsMb.join(', ')})`,
      `≤ ${e.rssBudgetMb} MB`,
      verdict(e.rssOk),
    );
    add('… of which (the median start)', formatBreakdown(e.memory));
    add(
      `Resident memory ${MEMORY_SETTLE_MS / 1000} s after the first start on a fresh PGlite dir`,
      `${f.rssMb} MB`,
      `≤ ${f.rssBudgetMb} MB`,
      verdict(f.rssOk),
    );
    add('… of which', formatBreakdown(f.memory));
    if (r.coldStart.postgres.skipped) add('Cold start → 200, PostgreSQL', `skipped (${r.coldStart.postgres.skipped})`);
    else add(`Cold start → 200, PostgreSQL (median of ${EXISTING_DIR_STARTS})`, fmtMs(r.coldStart.postgres.medianMs));
  }
  if (r.healthUnderSignIns) {
    const u = r.healthUnderSignIns;
    add(
      `GET /api/health p99 with ${SIGN_IN_CONNECTIONS} sign-ins in flight`,
      `${u.healthP99Ms} ms (${fmtInt(u.signInsPerSec)} sign-ins/s, ${u.signInNon2xx} non-2xx)`,
      `≤ ${BUDGET.healthP99UnderSignInsMs} ms`,
      verdict(u.ok),
    );
  }
  if (r.chat) {
    add(
      'Chat: main-thread ms per bot message (median / max)',
      `${r.chat.botMessage.medianMs} / ${r.chat.botMessage.maxMs} ms (${r.chat.botMessage.count} messages)`,
      `max ≤ ${BUDGET.chatBotMessageMaxMs} ms`,
      verdict(r.chat.botMessage.ok),
    );
    add(
      'Chat: main-thread ms per user action (median / max)',
      `${r.chat.userAction.medianMs} / ${r.chat.userAction.maxMs} ms (${r.chat.userAction.count} actions)`,
    );
    add(
      'Chat: JS loaded when opened (gzip), none in first load',
      `${fmtKb(r.chat.loadedOnOpen.gzipBytes)} (${r.chat.loadedOnOpen.files.length} files)`,
      'not in first load',
      verdict(r.chat.okNotInFirstLoad),
    );
  }
  const demoRows = { add, fmtInt, verdict };
  loadRows(r.carePlans, 'Care plans', demoRows);
  if (r.carePlans?.generate) {
    const g = r.carePlans.generate;
    add(
      `Generate 4 weeks of shifts, route round trip (median of ${g.runsMs.length})`,
      `${g.medianMs} ms (max ${g.maxMs} ms, ${g.shiftsPerRun} shifts each)`,
      `≤ ${g.budgetMs} ms`,
      verdict(g.ok),
    );
  }
  const m = r.medications;
  loadRows(m?.skipped ? m : m && { baseline: m.baseline, loads: [m.day] }, 'Medications', demoRows);
  if (m?.day) {
    add(
      `Dose generation, 20 medications × 90 days (median of ${m.generation.runsMs.length})`,
      `${m.generation.medianMs} ms (fastest ${Math.min(...m.generation.runsMs)} ms, ${m.generation.doses} doses)`,
      `≤ ${m.generation.budgetMs} ms`,
      verdict(m.generation.ok),
    );
    add(
      `90-day adherence report, route round trip (median of ${m.report.runsMs.length})`,
      `${m.report.medianMs} ms (max ${m.report.maxMs} ms, ${m.report.expectedDoses} expected doses)`,
      `≤ ${m.report.budgetMs} ms`,
      verdict(m.report.ok),
    );
  }
  loadRows(r.matching, 'Matching', demoRows);
  loadRows(r.boards, 'Message boards', demoRows);
  loadRows(r.village, 'The village', demoRows);
  for (const t of r.throughput) {
    const flag = t.flagged ? 'ERRORS' : '-';
    add(`${t.name}: requests/s (avg)`, fmtInt(t.requestsPerSecAvg), '-', flag);
    add(`${t.name}: p99 latency`, `${t.latencyP99Ms} ms`, '-', flag);
    add(
      `${t.name}: non-2xx / errors / timeouts`,
      `${t.non2xx} / ${t.errors} / ${t.timeouts}`,
      '0 / 0 / 0',
      t.flagged ? 'ERRORS' : 'ok',
    );
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const options = parseOptions();
  const loadAtStart = Number(os.loadavg()[0].toFixed(2));
  if (options.build) await runBuild();
  checkBuilt();

  const jsFiles = measureJsFiles();
  const largest = jsFiles.reduce((a, b) => (b.rawBytes > a.rawBytes ? b : a));

  const { only } = options;
  const lessonPage = only.has('first-load') ? measureRouteOwnJs(jsFiles, 'lesson-route-') : undefined;
  const pgliteDir = makeTempDir('pglite');
  let fresh;
  const existingStarts = [];
  let postgres = { skipped: 'DATABASE_URL not set' };
  if (only.has('start')) {
    log('cold start: fresh PGlite directory…');
    fresh = await coldStart({ label: 'fresh PGlite directory', dataDir: pgliteDir });
    for (let i = 1; i <= EXISTING_DIR_STARTS; i++) {
      log(`cold start: existing PGlite directory (${i}/${EXISTING_DIR_STARTS})…`);
      existingStarts.push(await coldStart({ label: 'existing PGlite directory', dataDir: pgliteDir }));
    }
    if (process.env.DATABASE_URL) {
      const runs = [];
      for (let i = 1; i <= EXISTING_DIR_STARTS; i++) {
        log(`cold start: PostgreSQL (${i}/${EXISTING_DIR_STARTS})…`);
        runs.push(
          (await coldStart({ label: 'PostgreSQL', dataDir: makeTempDir('pg'), databaseUrl: process.env.DATABASE_URL }))
            .ms,
        );
      }
      postgres = { medianMs: median(runs), runsMs: runs };
    }
  }

  // One server (existing PGlite directory) serves the browser loads and the API load tests; the
  // demo-data sections (care-plans, medications) start their own, so alone they skip this one.
  const needsPglite = ['first-load', 'chat', 'lighthouse', 'throughput'].some((name) => only.has(name));
  const api = needsPglite
    ? await startApiServer({
        label: 'existing PGlite directory, for page load and throughput',
        dataDir: pgliteDir,
      })
    : null;
  let firstLoad;
  if (only.has('first-load') || only.has('chat')) {
    log('first load: landing page in headless Chromium…');
    firstLoad = await measureFirstLoad(api.baseUrl, jsFiles);
  }
  let lighthouseResult;
  if (only.has('lighthouse')) {
    const measured = await measureLighthousePages(
      { ours: api.baseUrl },
      { runs: LIGHTHOUSE_RUNS, log, track, beforeRun: haltIfInterrupted },
    );
    lighthouseResult = measured.ours;
  }

  let chat;
  if (only.has('chat')) {
    log('chat: the family interview in headless Chromium, at the real typing pause…');
    chat = await measureChat(api.baseUrl, firstLoad.fetched.files);
  }

  let featureRows;
  if (api) {
    const features = await httpGet(`${api.baseUrl}/api/features`, 5_000);
    if (features.status !== 200) throw new BenchError(`GET /api/features answered ${features.status}, expected 200`);
    featureRows = JSON.parse(features.body).features?.length;
  }

  const throughput = [];
  let underSignIns;
  if (only.has('throughput')) {
    throughput.push(await loadTest('GET /api/health', `${api.baseUrl}/api/health`, options.duration));
    throughput.push(await loadTest('GET /api/features', `${api.baseUrl}/api/features`, options.duration));
  }
  if (api) await stopChild(api.child);

  if (only.has('throughput')) {
    underSignIns = await healthUnderSignIns(pgliteDir, options.duration);
    const bare = await startBareServer();
    throughput.push(await loadTest('bare node:http', bare.url, options.duration));
    await stopChild(bare.child);
  }

  let server;
  if (only.has('server')) server = await runServerBench({ duration: options.duration, log });

  let carePlans;
  if (only.has('care-plans')) carePlans = await measureCarePlans(options.duration);
  let medications;
  if (only.has('medications')) medications = await measureMedications(options.duration);
  let matching;
  if (only.has('matching')) matching = await measureMatching(options.duration);
  let boards;
  if (only.has('boards')) boards = await measureBoards(options.duration);
  // Issue 30: the plan's updates feed (feed-bench.mjs).
  const feed = only.has('feed') ? await measureFeed(options.duration, DEMO_HELPERS) : undefined;
  let village;
  if (only.has('village')) village = await measureVillage(options.duration, DEMO_HELPERS);
  let signedIn;
  if (only.has('signed-in')) signedIn = await measureSignedIn();
  let offline;
  if (only.has('offline')) offline = await measureOfflineSection();
  let notifications;
  if (only.has('notifications')) notifications = await measureNotifications({ log });

  const results = {
    generatedAt: new Date().toISOString(),
    git: gitRevision(),
    environment: {
      node: process.version,
      platform: `${os.platform()} ${os.arch()}`,
      cpus: os.cpus().length,
      // Other work on the machine skews every figure here; the load average says how busy it was.
      loadAverage1m: { atStart: loadAtStart, atEnd: Number(os.loadavg()[0].toFixed(2)) },
    },
    settings: {
      built: options.build,
      connections: CONNECTIONS,
      durationSeconds: options.duration,
      warmupSeconds: WARMUP_SECONDS,
      pollIntervalMs: POLL_INTERVAL_MS,
      serverLogLevel: 'warn',
      kB: KB,
    },
    sections: [...only],
    bundle: {
      firstLoad: firstLoad && {
        gzipBytes: firstLoad.gzipBytes,
        budgetBytes: BUDGET.firstLoadGzipBytes,
        ok: firstLoad.gzipBytes <= BUDGET.firstLoadGzipBytes,
        files: firstLoad.files,
        fetched: firstLoad.fetched,
        failedRequests: firstLoad.failedRequests,
        pageErrors: firstLoad.pageErrors,
        blockedRequests: firstLoad.blockedRequests,
      },
      lessonPage: lessonPage && {
        ...lessonPage,
        budgetBytes: BUDGET.lessonPageOwnGzipBytes,
        ok: lessonPage.ownGzipBytes <= BUDGET.lessonPageOwnGzipBytes,
      },
      allJs: {
        gzipBytes: jsFiles.reduce((sum, f) => sum + f.gzipBytes, 0),
        rawBytes: jsFiles.reduce((sum, f) => sum + f.rawBytes, 0),
        files: jsFiles.length,
      },
      largestChunk: {
        file: largest.file,
        rawBytes: largest.rawBytes,
        gzipBytes: largest.gzipBytes,
        budgetBytes: BUDGET.largestChunkRawBytes,
        ok: largest.rawBytes <= BUDGET.largestChunkRawBytes,
      },
      jsFiles,
    },
    coldStart: only.has('start') && {
      freshPglite: {
        ms: fresh.ms,
        rssMb: fresh.rssMb,
        memory: fresh.memory,
        rssBudgetMb: BUDGET.freshStartRssMb,
        rssOk: fresh.rssMb !== null && fresh.rssMb <= BUDGET.freshStartRssMb,
      },
      existingPglite: {
        rssMedianMb: median(existingStarts.map((start) => start.rssMb ?? Infinity)),
        rssRunsMb: existingStarts.map((start) => start.rssMb),
        // The breakdown of the start whose RSS is the median.
        memory: existingStarts.toSorted((a, b) => (a.rssMb ?? Infinity) - (b.rssMb ?? Infinity))[
          Math.floor(existingStarts.length / 2)
        ]?.memory,
        rssBudgetMb: BUDGET.existingStartRssMb,
        rssOk: median(existingStarts.map((start) => start.rssMb ?? Infinity)) <= BUDGET.existingStartRssMb,
        medianMs: median(existingStarts.map((start) => start.ms)),
        runsMs: existingStarts.map((start) => start.ms),
        budgetMs: BUDGET.existingStartMs,
        ok: median(existingStarts.map((start) => start.ms)) <= BUDGET.existingStartMs,
      },
      postgres,
    },
    featuresRowCount: featureRows,
    healthUnderSignIns: underSignIns,
    chat,
    lighthouse: lighthouseResult,
    throughput,
    carePlans,
    medications,
    server: server?.results,
    matching,
    boards,
    feed,
    village,
    signedIn,
    offline,
    notifications,
  };
  const rows = [...buildRows(results), ...(server?.rows ?? [])];
  results.table = rows;

  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);

  const rev = results.git ? ` @ ${results.git.commit}${results.git.dirty ? ' (uncommitted changes)' : ''}` : '';
  console.log(
    `\nTavara bench${rev} — node ${process.version}, ${results.environment.cpus} CPUs (load ${loadAtStart} at start), autocannon ${CONNECTIONS} connections × ${options.duration} s (+${WARMUP_SECONDS} s warm-up)\n`,
  );
  console.log(renderTable(rows));
  if (firstLoad && (firstLoad.pageErrors.length || firstLoad.failedRequests.length)) {
    console.log(
      '\nPAGE ERROR: the landing page logged errors or failed requests while loading, so it may not have' +
        '\nrequested its route chunk; see bundle.firstLoad.pageErrors / failedRequests in the JSON.',
    );
  }
  console.log(`\nwritten to ${relative(ROOT, RESULTS_FILE)}`);
}

try {
  await main();
  process.exit(0);
} catch (error) {
  // A step that broke because cleanup killed its server is not a failure to report.
  await haltIfInterrupted();
  log(`\nbench failed: ${error instanceof BenchError ? error.message : (error?.stack ?? error)}`);
  await Promise.allSettled([...children].map((child) => stopChild(child, 5_000)));
  process.exit(1);
}
