#!/usr/bin/env node
// The server figures of issue 23, in one run, each with its goal:
//   - the ceiling: a bare node:http server (bare-server.mjs) started by this run, under the same
//     load generator, so every API figure is a ratio to what Node and autocannon do on this
//     machine at this moment;
//   - GET /api/health (one database ping) and the authenticated GET /api/profile/me (session, user
//     and profile) on PostgreSQL and on PGlite: req/s as a share of the ceiling, p50 and p99; the
//     profile read as a share of its engine's health check (goal ≥ 60 %; p99 ≤ 25 ms on PostgreSQL);
//   - GET /api/health p99 while 50 sign-ins (password hashing) are in flight (goal ≤ 50 ms);
//   - two API processes on one PostgreSQL against one (goal ≥ 1.7×), with the CPU each part used,
//     since on a small machine the answer is usually "there was no core left".
// Each API server is the built apps/api/dist/server.js (or --server), on a fresh PGlite directory
// or on the PostgreSQL database named by BENCH_DATABASE_URL (else DATABASE_URL; never real data:
// the bench signs up users and creates sessions in it). Servers run with AUTH_AUTO_CONFIRM and
// the per-IP limiter off (development only) so a sign-up signs in and every sign-in hashes.
//
// Called by bench.mjs (section "server"), or alone:
//   node scripts/bench/server-bench.mjs [--duration S] [--connections N] [--only bare,postgres,pglite,sign-ins,scale]
//                                       [--server path/to/server.js] [--json file]
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { makeSignedInScenario } from './signed-in.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DEFAULT_SERVER_JS = join(ROOT, 'apps/api/dist/server.js');
const BARE_SERVER_JS = fileURLToPath(new URL('./bare-server.mjs', import.meta.url));

export const SERVER_SECTIONS = ['bare', 'postgres', 'pglite', 'sign-ins', 'scale'];
/** The issue's load: 50 connections (it measured with wrk -c 50). */
const CONNECTIONS = 50;
const SIGN_IN_CONNECTIONS = 50;
const HEALTH_BESIDE_SIGN_INS_CONNECTIONS = 5;
const WARMUP_SECONDS = 1;
const START_TIMEOUT_MS = Number(process.env.BENCH_START_TIMEOUT_MS) || 120_000;
export const SERVER_GOALS = {
  profileShareOfHealth: 0.6,
  /** Issue 35: the care plan page's read (plan, team, this week's shifts) on PGlite. */
  carePlanShareOfHealthPglite: 0.4,
  profileP99PostgresMs: 25,
  healthP99UnderSignInsMs: 50,
  twoInstancesRatio: 1.7,
};
const PASSWORD = 'Bench-server-figures-2026';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (x) => `${Math.round(x * 100)} %`;
const int = (n) => Math.round(n).toLocaleString('en-US');

// ---------------------------------------------------------------------------------------------
// Processes: every child is stopped and every temp directory removed, whatever happens.

const children = new Set();
const tempDirs = new Set();
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
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

function httpStatus(url) {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: 2_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(0));
  });
}

async function startBareServer() {
  const child = track(fork(BARE_SERVER_JS, [], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] }));
  const port = await new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`the bare node:http server exited with code ${code}`)));
  });
  return { child, url: `http://127.0.0.1:${port}/` };
}

async function startApi({ serverJs, label, databaseUrl, extraEnv = {} }) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(os.tmpdir(), 'tavara-server-bench-'));
  tempDirs.add(dataDir);
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    AUTH_AUTO_CONFIRM: 'true',
    AUTH_RATE_LIMIT_DISABLED: 'true',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  let output = '';
  const child = track(spawn(process.execPath, [serverJs], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] }));
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (text) => (output = (output + text).slice(-8_000)));
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API server (${label}) exited with ${child.exitCode}:\n${output}`);
    if ((await httpStatus(`${baseUrl}/api/health`)) === 200) return { child, baseUrl, label };
    if (Date.now() - started > START_TIMEOUT_MS) {
      await stopChild(child);
      throw new Error(`API server (${label}) gave no 200 from /api/health in ${START_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await sleep(25);
  }
}

/** A new account, signed in (AUTH_AUTO_CONFIRM): returns its e-mail and the cookie header. */
async function signUp(baseUrl) {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ firstName: 'Bench', lastName: 'User', email, password: PASSWORD, role: 'family' }),
  });
  if (!res.ok) throw new Error(`sign-up answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const me = await fetch(`${baseUrl}/api/profile/me`, { headers: { cookie } });
  if (me.status !== 200) throw new Error(`GET /api/profile/me after sign-up answered ${me.status}`);
  return { email, cookie };
}

// ---------------------------------------------------------------------------------------------
// Load

let currentLoads = [];
async function load(options) {
  const run = autocannon({ connections: CONNECTIONS, ...options });
  currentLoads.push(run);
  try {
    return await run;
  } finally {
    currentLoads = currentLoads.filter((r) => r !== run);
  }
}

function summary(result) {
  return {
    requestsPerSec: Math.round(result.requests.average),
    completed: result.latency.totalCount,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** A warm-up run (discarded: JIT, pool connections), then the measured one. */
async function measure(url, duration, extra = {}) {
  await load({ url, duration: WARMUP_SECONDS, ...extra });
  return summary(await load({ url, duration, ...extra }));
}

// ---------------------------------------------------------------------------------------------
// CPU accounting (Linux /proc): who used the cores during a run.

const TICKS_PER_SECOND = 100;
function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * Per-thread CPU of a process and its event loop's run-queue wait (Linux schedstat: nanoseconds a
 * runnable thread waited for a CPU). The event loop is the thread whose id is the pid.
 */
function threadTimes(pid) {
  const out = { loopCpu: 0, loopWait: 0, otherCpu: 0 };
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const [cpuNs, waitNs] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ').map(Number);
      if (Number(tid) === pid) {
        out.loopCpu = cpuNs / 1e9;
        out.loopWait = waitNs / 1e9;
      } else out.otherCpu += cpuNs / 1e9;
    }
  } catch {
    // The process ended or /proc is not Linux's: the figures stay 0.
  }
  return out;
}

/** The PostgreSQL backends serving our bench database (pg_stat_activity), by pid. */
async function postgresBackendPids(databaseUrl) {
  // The API's own driver (scripts/bench has no database client of its own).
  const pg = createRequire(join(ROOT, 'apps/api/package.json'))('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

async function withCpu(pids, work) {
  const before = pids.map(cpuSecondsOf);
  const self = process.cpuUsage();
  const wallStart = performance.now();
  const result = await work();
  const wall = (performance.now() - wallStart) / 1000;
  const usedSelf = process.cpuUsage(self);
  return {
    result,
    cores: pids.map((pid, i) => (cpuSecondsOf(pid) - before[i]) / wall),
    benchCores: (usedSelf.user + usedSelf.system) / 1e6 / wall,
    wallSeconds: wall,
  };
}

// ---------------------------------------------------------------------------------------------
// Sections

async function engineFigures({ serverJs, label, databaseUrl, duration, log }) {
  const api = await startApi({ serverJs, label, databaseUrl });
  try {
    const { cookie } = await signUp(api.baseUrl);
    // The API process's CPU per request (PGlite runs inside it): unlike req/s, it hardly depends
    // on how much of the machine other work takes, so it compares runs on a shared machine.
    const timed = async (url, extra) => {
      await load({ url, duration: WARMUP_SECONDS, ...extra });
      const run = await withCpu([api.child.pid], async () => summary(await load({ url, duration, ...extra })));
      const cpuMsPerRequest = run.result.completed ? (run.cores[0] * run.wallSeconds * 1000) / run.result.completed : 0;
      return { ...run.result, apiCores: run.cores[0], apiCpuMsPerRequest: cpuMsPerRequest };
    };
    log(`server bench: ${label} GET /api/health (${duration} s)…`);
    const health = await timed(`${api.baseUrl}/api/health`);
    log(`server bench: ${label} GET /api/profile/me, signed in (${duration} s)…`);
    const profile = await timed(`${api.baseUrl}/api/profile/me`, { headers: { cookie } });
    // The care plan page's own read: a family with one plan, two weeks of shifts, five
    // medications and a professional on the team (signed-in.mjs makes it through the API).
    const scenario = await makeSignedInScenario(api.baseUrl);
    log(`server bench: ${label} GET /api/care-plans/:id, the care plan page's read (${duration} s)…`);
    const carePlan = await timed(`${api.baseUrl}/api/care-plans/${scenario.planId}`, {
      headers: { cookie: scenario.family.cookie },
    });
    return { health, profile, carePlan };
  } finally {
    await stopChild(api.child);
  }
}

async function signInFigures({ serverJs, databaseUrl, duration, log }) {
  const api = await startApi({ serverJs, label: 'sign-in burst', databaseUrl });
  try {
    const { email } = await signUp(api.baseUrl);
    await measure(`${api.baseUrl}/api/health`, 1); // warm
    log(`server bench: ${SIGN_IN_CONNECTIONS} sign-ins in flight, GET /api/health beside them (${duration} s)…`);
    const headers = { 'content-type': 'application/json', origin: api.baseUrl };
    const threadsBefore = threadTimes(api.child.pid);
    const wallStart = performance.now();
    const [signIns, health] = await Promise.all([
      load({
        url: `${api.baseUrl}/api/auth/sign-in/email`,
        method: 'POST',
        headers,
        body: JSON.stringify({ email, password: PASSWORD }),
        connections: SIGN_IN_CONNECTIONS,
        duration,
        timeout: 30,
      }),
      load({ url: `${api.baseUrl}/api/health`, connections: HEALTH_BESIDE_SIGN_INS_CONNECTIONS, duration }),
    ]);
    const wall = (performance.now() - wallStart) / 1000;
    const threadsAfter = threadTimes(api.child.pid);
    const share = (key) => (threadsAfter[key] - threadsBefore[key]) / wall;
    return {
      engine: databaseUrl ? 'PostgreSQL' : 'PGlite',
      // Where the time went, in cores (CPU seconds per second): the event loop's own CPU, the time
      // it was runnable but waiting for a CPU (starvation), and every other thread (hashing, GC helpers).
      threads: { loopCpu: share('loopCpu'), loopRunQueueWait: share('loopWait'), otherThreadsCpu: share('otherCpu') },
      health: summary(health),
      signIns: { ...summary(signIns), status503: signIns.statusCodeStats?.['503']?.count ?? 0 },
    };
  } finally {
    await stopChild(api.child);
  }
}

async function scaleFigures({ serverJs, databaseUrl, duration, log }) {
  // Started one after the other: both would otherwise run the migrations at once.
  const a = await startApi({ serverJs, label: 'instance A', databaseUrl });
  const b = await startApi({ serverJs, label: 'instance B', databaseUrl });
  try {
    const { cookie } = await signUp(a.baseUrl);
    const headers = { cookie };
    await Promise.all([
      load({ url: `${a.baseUrl}/api/profile/me`, duration: WARMUP_SECONDS, headers }),
      load({ url: `${b.baseUrl}/api/profile/me`, duration: WARMUP_SECONDS, headers }),
    ]);
    const pids = await postgresBackendPids(databaseUrl);
    const postgresCores = (run) => run.cores.slice(2).reduce((x, y) => x + y, 0);
    log(`server bench: one instance, GET /api/profile/me (${duration} s)…`);
    const one = await withCpu([a.child.pid, b.child.pid, ...pids], async () =>
      summary(await load({ url: `${a.baseUrl}/api/profile/me`, duration, headers })),
    );
    log(`server bench: two instances on one PostgreSQL, GET /api/profile/me (${duration} s)…`);
    const two = await withCpu([a.child.pid, b.child.pid, ...pids], async () => {
      const half = Math.ceil(CONNECTIONS / 2);
      const [ra, rb] = await Promise.all([
        load({ url: `${a.baseUrl}/api/profile/me`, duration, headers, connections: half }),
        load({ url: `${b.baseUrl}/api/profile/me`, duration, headers, connections: half }),
      ]);
      return { a: summary(ra), b: summary(rb) };
    });
    const oneRps = one.result.requestsPerSec;
    const twoRps = two.result.a.requestsPerSec + two.result.b.requestsPerSec;
    const cpu = (run) => ({
      apiCores: run.cores[0] + run.cores[1],
      postgresCores: postgresCores(run),
      benchCores: run.benchCores,
    });
    // CPU milliseconds each request cost in each part: with all of them, the most this machine's
    // cores can serve however many instances run — the bound the two-instance ratio meets.
    const perRequest = (c, rps) => ({
      apiMs: (c.apiCores * 1000) / rps,
      postgresMs: (c.postgresCores * 1000) / rps,
      benchMs: (c.benchCores * 1000) / rps,
    });
    const costs = oneRps > 0 ? perRequest(cpu(one), oneRps) : undefined;
    const cpuBoundRps = costs ? (os.cpus().length * 1000) / (costs.apiMs + costs.postgresMs + costs.benchMs) : 0;
    return {
      cpuMsPerRequest: costs,
      cpuBoundRequestsPerSec: cpuBoundRps,
      // One instance is one event loop: at most one core of API work, and what the cores allow.
      oneInstanceBoundRequestsPerSec: costs ? Math.min(1000 / costs.apiMs, cpuBoundRps) : 0,
      cpuBoundRatio: costs ? Math.min(2, cpuBoundRps / Math.min(1000 / costs.apiMs, cpuBoundRps)) : 0,
      one: { ...one.result, cpu: cpu(one) },
      two: { requestsPerSec: twoRps, a: two.result.a, b: two.result.b, cpu: cpu(two) },
      ratio: oneRps > 0 ? twoRps / oneRps : 0,
    };
  } finally {
    await Promise.all([stopChild(a.child), stopChild(b.child)]);
  }
}

// ---------------------------------------------------------------------------------------------

/**
 * Runs the sections asked for and returns `{ results, rows }`; rows are
 * `{ metric, value, budget, ok }` like bench.mjs's table.
 */
export async function runServerBench({
  duration = 10,
  only = new Set(SERVER_SECTIONS),
  serverJs = DEFAULT_SERVER_JS,
  databaseUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL,
  log = (m) => process.stderr.write(`${m}\n`),
} = {}) {
  const results = {
    loadAverage1m: { atStart: Number(os.loadavg()[0].toFixed(2)) },
    cpus: os.cpus().length,
    connections: CONNECTIONS,
    durationSeconds: duration,
    server: serverJs,
  };
  if (only.has('bare')) {
    log(`server bench: bare node:http (${duration} s)…`);
    const bare = await startBareServer();
    try {
      results.bare = await measure(bare.url, duration);
    } finally {
      await stopChild(bare.child);
    }
  }
  const needsPostgres = ['postgres', 'scale'].some((s) => only.has(s));
  if (needsPostgres && !databaseUrl) results.postgresSkipped = 'set BENCH_DATABASE_URL (or DATABASE_URL)';
  if (only.has('postgres') && databaseUrl)
    results.postgres = await engineFigures({ serverJs, label: 'PostgreSQL', databaseUrl, duration, log });
  if (only.has('pglite')) results.pglite = await engineFigures({ serverJs, label: 'PGlite', duration, log });
  if (only.has('sign-ins')) results.signIns = await signInFigures({ serverJs, databaseUrl, duration, log });
  if (only.has('scale') && databaseUrl) results.scale = await scaleFigures({ serverJs, databaseUrl, duration, log });
  results.loadAverage1m.atEnd = Number(os.loadavg()[0].toFixed(2));
  return { results, rows: serverRows(results) };
}

export function serverRows(r) {
  const rows = [];
  const add = (metric, value, budget = '-', ok = '-') => rows.push({ metric, value, budget, ok });
  const verdict = (ok) => (ok ? 'ok' : 'over');
  const flag = (s) => (s.non2xx || s.errors ? ` (${s.non2xx} non-2xx, ${s.errors} errors)` : '');
  const bare = r.bare?.requestsPerSec;
  const ofBare = (rps) => (bare ? `, ${pct(rps / bare)} of bare` : '');
  if (r.bare)
    add(
      `Bare node:http (the ceiling), ${r.connections} connections`,
      `${int(bare)} req/s, p50 ${r.bare.p50Ms} / p99 ${r.bare.p99Ms} ms`,
    );
  for (const [key, name] of [
    ['postgres', 'PostgreSQL'],
    ['pglite', 'PGlite'],
  ]) {
    const e = r[key];
    if (!e) continue;
    add(
      `GET /api/health, ${name}`,
      `${int(e.health.requestsPerSec)} req/s${ofBare(e.health.requestsPerSec)}, p50 ${e.health.p50Ms} / p99 ${e.health.p99Ms} ms${flag(e.health)}`,
    );
    if (e.health.apiCpuMsPerRequest && e.profile.apiCpuMsPerRequest) {
      add(
        `  API CPU per request, ${name}: health / profile`,
        `${e.health.apiCpuMsPerRequest.toFixed(2)} / ${e.profile.apiCpuMsPerRequest.toFixed(2)} ms (profile at ${pct(e.health.apiCpuMsPerRequest / e.profile.apiCpuMsPerRequest)} of health's rate when the API's CPU is the limit)`,
      );
    }
    const share = e.health.requestsPerSec ? e.profile.requestsPerSec / e.health.requestsPerSec : 0;
    const p99Goal = key === 'postgres' ? SERVER_GOALS.profileP99PostgresMs : undefined;
    add(
      `GET /api/profile/me (signed in), ${name}`,
      `${int(e.profile.requestsPerSec)} req/s${ofBare(e.profile.requestsPerSec)}, ${pct(share)} of health, p50 ${e.profile.p50Ms} / p99 ${e.profile.p99Ms} ms${flag(e.profile)}`,
      `≥ ${pct(SERVER_GOALS.profileShareOfHealth)} of health${p99Goal ? `, p99 ≤ ${p99Goal} ms` : ''}`,
      verdict(
        share >= SERVER_GOALS.profileShareOfHealth &&
          (!p99Goal || e.profile.p99Ms <= p99Goal) &&
          !e.profile.non2xx &&
          !e.profile.errors,
      ),
    );
  }
  for (const [key, name] of [
    ['postgres', 'PostgreSQL'],
    ['pglite', 'PGlite'],
  ]) {
    const e = r[key];
    if (!e?.carePlan) continue;
    const share = e.health.requestsPerSec ? e.carePlan.requestsPerSec / e.health.requestsPerSec : 0;
    const goal = key === 'pglite' ? SERVER_GOALS.carePlanShareOfHealthPglite : undefined;
    add(
      `GET /api/care-plans/:id (the care plan page's read), ${name}`,
      `${int(e.carePlan.requestsPerSec)} req/s, ${pct(share)} of health, p50 ${e.carePlan.p50Ms} / p99 ${e.carePlan.p99Ms} ms, API CPU ${e.carePlan.apiCpuMsPerRequest.toFixed(2)} ms a request${flag(e.carePlan)}`,
      goal ? `≥ ${pct(goal)} of health` : '-',
      goal ? verdict(share >= goal && !e.carePlan.non2xx && !e.carePlan.errors) : '-',
    );
  }
  if (r.postgresSkipped) add('PostgreSQL figures', `skipped (${r.postgresSkipped})`);
  if (r.signIns) {
    const s = r.signIns;
    add(
      `GET /api/health p99 with ${SIGN_IN_CONNECTIONS} sign-ins in flight, ${s.engine}`,
      `${s.health.p99Ms} ms (p50 ${s.health.p50Ms}, max ${s.health.maxMs}; ${s.signIns.completed} sign-ins done, ${int(s.signIns.requestsPerSec)}/s, sign-in p99 ${s.signIns.p99Ms} ms, ${s.signIns.status503} × 503, ${s.signIns.non2xx - s.signIns.status503} other non-2xx)`,
      `≤ ${SERVER_GOALS.healthP99UnderSignInsMs} ms`,
      verdict(s.health.p99Ms <= SERVER_GOALS.healthP99UnderSignInsMs && !s.health.non2xx),
    );
    add(
      '  during it: event loop CPU / run-queue wait / other threads',
      `${s.threads.loopCpu.toFixed(2)} / ${s.threads.loopRunQueueWait.toFixed(2)} / ${s.threads.otherThreadsCpu.toFixed(2)} cores`,
    );
  }
  if (r.scale) {
    const s = r.scale;
    const cpu = (c) =>
      `CPU: API ${c.apiCores.toFixed(2)}, PostgreSQL ${c.postgresCores.toFixed(2)}, load generator ${c.benchCores.toFixed(2)} cores`;
    add(
      'GET /api/profile/me, one instance on PostgreSQL',
      `${int(s.one.requestsPerSec)} req/s, p99 ${s.one.p99Ms} ms (${cpu(s.one.cpu)})`,
    );
    add(
      'Two instances on one PostgreSQL vs one',
      `${s.ratio.toFixed(2)}× (${int(s.two.requestsPerSec)} req/s; ${cpu(s.two.cpu)})`,
      `≥ ${SERVER_GOALS.twoInstancesRatio}×`,
      verdict(s.ratio >= SERVER_GOALS.twoInstancesRatio),
    );
    if (s.cpuMsPerRequest) {
      const c = s.cpuMsPerRequest;
      add(
        '  CPU per request (one instance) and what the cores allow',
        `API ${c.apiMs.toFixed(2)} + PostgreSQL ${c.postgresMs.toFixed(2)} + load generator ${c.benchMs.toFixed(2)} ms → idle ${r.cpus} cores allow one instance ≤ ${int(s.oneInstanceBoundRequestsPerSec)}, any number ≤ ${int(s.cpuBoundRequestsPerSec)} req/s: two ≤ ${s.cpuBoundRatio.toFixed(2)}× one`,
      );
    }
  }
  return rows;
}

export function renderRows(rows) {
  const header = { metric: 'figure', value: 'measured', budget: 'goal', ok: 'ok' };
  const cols = ['metric', 'value', 'budget', 'ok'];
  const widths = cols.map((c) => Math.max(...[header, ...rows].map((row) => String(row[c]).length)));
  const line = (row) =>
    cols
      .map((c, i) => String(row[c]).padEnd(widths[i]))
      .join(' | ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}

async function main() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      only: { type: 'string', default: SERVER_SECTIONS.join(',') },
      server: { type: 'string', default: DEFAULT_SERVER_JS },
      json: { type: 'string' },
    },
  });
  const only = new Set(values.only.split(',').map((s) => s.trim()));
  const unknown = [...only].filter((s) => !SERVER_SECTIONS.includes(s));
  if (unknown.length) throw new Error(`unknown --only section(s): ${unknown.join(', ')}`);
  const stop = async () => {
    for (const run of currentLoads) run.stop();
    await Promise.allSettled([...children].map(stopChild));
    process.exit(130);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const { results, rows } = await runServerBench({
    duration: Number(values.duration),
    only,
    serverJs: values.server,
  });
  console.log(
    `\nTavara server bench — node ${process.version}, ${results.cpus} CPUs, load average ${results.loadAverage1m.atStart} → ${results.loadAverage1m.atEnd}, ${CONNECTIONS} connections × ${results.durationSeconds} s (+${WARMUP_SECONDS} s warm-up)\n`,
  );
  console.log(renderRows(rows));
  if (values.json) writeFileSync(values.json, `${JSON.stringify(results, null, 2)}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    await main();
    process.exit(0);
  } catch (error) {
    process.stderr.write(`\nserver bench failed: ${error?.stack ?? error}\n`);
    await Promise.allSettled([...children].map(stopChild));
    process.exit(1);
  }
}
