// The steps every section on the demo data set takes (care plans, medications, matching and boards
// in bench.mjs; the updates feed in feed-bench.mjs; the village in village-section.mjs): an API
// server on DEMO_DATABASE_URL (a database filled by `npm run db:seed:demo`), the signed-in
// baseline every figure sits on, each load judged against its p99 budget, and the table's rows.
// bench.mjs passes its own helpers in (`h`: startApiServer, stopChild, makeTempDir, loadTest), so
// nothing here imports it back.

const NO_DEMO_DATABASE = 'DEMO_DATABASE_URL not set; fill one with npm run db:seed:demo';

/**
 * Runs `measure(baseUrl, prepared)` against an API server started on the demo data set and stops
 * the server after, whatever happens; each response says how many statements it took
 * (Server-Timing, printed per load). Without DEMO_DATABASE_URL the section is skipped. `before`
 * runs first, before the server starts (work that should not compete with it); its result is
 * `prepared`.
 *
 * @param {{ startApiServer: Function, stopChild: Function, makeTempDir: Function }} h
 * @param {{ label: string, dir: string, before?: () => unknown }} server
 * @param {(baseUrl: string, prepared: unknown) => Promise<object>} measure
 */
export async function onDemoDataSet(h, { label, dir, before }, measure) {
  const databaseUrl = process.env.DEMO_DATABASE_URL;
  if (!databaseUrl) return { skipped: NO_DEMO_DATABASE };
  const prepared = before?.();
  const api = await h.startApiServer({
    label,
    dataDir: h.makeTempDir(dir),
    databaseUrl,
    port: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined,
    extraEnv: { SERVER_TIMING: 'true' },
  });
  try {
    return await measure(api.baseUrl, prepared);
  } finally {
    await h.stopChild(api.child);
  }
}

/**
 * What a signed-in request costs on this machine at this moment with no work of the section (the
 * session check and the HTTP round trip): context for every figure after it. `options` as
 * loadTest's (the section's connections).
 */
export function signedInBaseline(h, baseUrl, duration, cookie, options = {}) {
  return h.loadTest('GET /api/auth/get-session (baseline)', `${baseUrl}/api/auth/get-session`, duration, {
    headers: { cookie },
    ...options,
  });
}

/** A load judged against its p99 budget. No completed request is no measurement (every one timed out), never a pass. */
export function withinBudget(load, budgetMs) {
  return { ...load, budgetMs, ok: !load.flagged && load.totalRequests > 0 && load.latencyP99Ms <= budgetMs };
}

/**
 * A section's rows of the bench table: its baseline, then each load against its budget (with its
 * connections when the section sets its own), or one line saying why `what` was skipped.
 */
export function loadRows(section, what, { add, fmtInt, verdict }) {
  if (!section) return;
  if (section.skipped) return add(`${what} (demo data set)`, `skipped (${section.skipped})`);
  const at = (load) => (load.connections ? `, ${load.connections} connections` : '');
  const b = section.baseline;
  add(
    `${b.name}${at(b)}: p50 / p99`,
    `${b.latencyP50Ms} / ${b.latencyP99Ms} ms (${fmtInt(b.requestsPerSecAvg)} req/s)`,
    '-',
    b.flagged ? 'ERRORS' : '-',
  );
  for (const t of section.loads) {
    add(
      `${t.name}${at(t)}: p50 / p99`,
      `${t.latencyP50Ms} / ${t.latencyP99Ms} ms (${fmtInt(t.requestsPerSecAvg)} req/s, ${t.non2xx} non-2xx, ${t.errors} errors)`,
      `p99 ≤ ${t.budgetMs} ms`,
      t.flagged ? 'ERRORS' : verdict(t.ok),
    );
  }
}
