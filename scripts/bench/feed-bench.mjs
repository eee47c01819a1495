// The updates feed on the demo data set (issue 30, item 4; `--only feed`): the demo family's
// first plan has 5,000 updates (apps/api/src/db/seed/plan-updates.demo.ts). Its feed's first
// page (20 updates with their thanks and comments), signed in, under 20 connections, p99 ≤ 50 ms
// on PostgreSQL; and a page 100 deep (the keyset cursor after 2,000 updates) for context, with
// the same budget: a keyset page costs what the first does.
import { createHash } from 'node:crypto';

export const FEED_P99_MS = 50;

/** The demo plan i's id, as the seed makes it: md5('demo-plan-' || i)::uuid. */
function demoPlanId(i) {
  const hex = createHash('md5').update(`demo-plan-${i}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * `deps` are bench.mjs's own helpers (startApiServer, stopChild, makeTempDir, signIn, apiJson,
 * loadTest, BenchError) and the demo accounts; nothing here starts a process of its own.
 */
export async function measureFeed(duration, deps) {
  const { startApiServer, stopChild, makeTempDir, signIn, apiJson, loadTest, BenchError, DEMO } = deps;
  const databaseUrl = process.env.DEMO_DATABASE_URL;
  if (!databaseUrl) return { skipped: 'DEMO_DATABASE_URL not set; fill one with npm run db:seed:demo' };
  const api = await startApiServer({
    label: 'demo data set on PostgreSQL (updates feed)',
    dataDir: makeTempDir('demo-feed'),
    databaseUrl,
    port: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined,
    extraEnv: { SERVER_TIMING: 'true' },
  });
  try {
    const base = api.baseUrl;
    const family = await signIn(base, DEMO.familyEmail);
    const feedPath = `/api/care-plans/${demoPlanId(0)}/updates`;
    const first = await apiJson(base, feedPath, family);
    if (!first.updates || first.updates.length < 20 || !first.nextCursor)
      throw new BenchError('the demo plan has no deep updates feed; run npm run db:seed:demo again');
    // Walk 100 pages down for a deep cursor.
    let cursor = first.nextCursor;
    for (let page = 1; page < 100 && cursor; page++) {
      cursor = (await apiJson(base, `${feedPath}?before=${encodeURIComponent(cursor)}`, family)).nextCursor;
    }
    if (!cursor) throw new BenchError('the demo plan has fewer than 2,000 updates; run npm run db:seed:demo again');
    const baseline = await loadTest('GET /api/auth/get-session (baseline)', `${base}/api/auth/get-session`, duration, {
      headers: { cookie: family },
    });
    const loads = [
      await loadTest(`GET plan feed, first page (${first.updates.length} updates)`, `${base}${feedPath}`, duration, {
        headers: { cookie: family },
      }),
      await loadTest(
        'GET plan feed, page 101 (keyset cursor)',
        `${base}${feedPath}?before=${encodeURIComponent(cursor)}`,
        duration,
        { headers: { cookie: family } },
      ),
    ].map((load) => ({
      ...load,
      budgetMs: FEED_P99_MS,
      ok: !load.flagged && load.totalRequests > 0 && load.non2xx === 0 && load.latencyP99Ms <= FEED_P99_MS,
    }));
    return { baseline, loads };
  } finally {
    await stopChild(api.child);
  }
}

/** The bench table's rows for the feed step. */
export function feedRows(r, { add, fmtInt, verdict }) {
  if (!r) return;
  if (r.skipped) return add('Updates feed (demo data set)', `skipped (${r.skipped})`);
  const b = r.baseline;
  add(
    `${b.name}: p50 / p99`,
    `${b.latencyP50Ms} / ${b.latencyP99Ms} ms (${fmtInt(b.requestsPerSecAvg)} req/s)`,
    '-',
    b.flagged ? 'ERRORS' : '-',
  );
  for (const t of r.loads) {
    add(
      `${t.name}: p50 / p99`,
      `${t.latencyP50Ms} / ${t.latencyP99Ms} ms (${fmtInt(t.requestsPerSecAvg)} req/s, ${t.non2xx} non-2xx, ${t.errors} errors)`,
      `p99 ≤ ${t.budgetMs} ms`,
      t.flagged ? 'ERRORS' : verdict(t.ok),
    );
  }
}
