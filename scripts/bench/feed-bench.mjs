// The updates feed on the demo data set (issue 30, item 4; `--only feed`): the demo family's
// first plan has 5,000 updates (apps/api/src/db/seed/plan-updates.demo.ts). Its feed's first
// page (20 updates with their thanks and comments), signed in, under 20 connections, p99 ≤ 50 ms
// on PostgreSQL; and a page 100 deep (the keyset cursor after 2,000 updates) for context, with
// the same budget: a keyset page costs what the first does.
import { createHash } from 'node:crypto';
import { onDemoDataSet, signedInBaseline, withinBudget } from './demo-data-set.mjs';

export const FEED_P99_MS = 50;

/** The demo plan i's id, as the seed makes it: md5('demo-plan-' || i)::uuid. */
function demoPlanId(i) {
  const hex = createHash('md5').update(`demo-plan-${i}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * `h` are bench.mjs's own helpers (signIn, apiJson, loadTest, BenchError, the demo accounts, and
 * those demo-data-set.mjs starts the server with); nothing here starts a process of its own.
 */
export function measureFeed(duration, h) {
  const server = { label: 'demo data set on PostgreSQL (updates feed)', dir: 'demo-feed' };
  return onDemoDataSet(h, server, async (base) => {
    const family = await h.signIn(base, h.DEMO.familyEmail);
    const feedPath = `/api/care-plans/${demoPlanId(0)}/updates`;
    const first = await h.apiJson(base, feedPath, family);
    if (!first.updates || first.updates.length < 20 || !first.nextCursor)
      throw new h.BenchError('the demo plan has no deep updates feed; run npm run db:seed:demo again');
    // Walk 100 pages down for a deep cursor.
    let cursor = first.nextCursor;
    for (let page = 1; page < 100 && cursor; page++) {
      cursor = (await h.apiJson(base, `${feedPath}?before=${encodeURIComponent(cursor)}`, family)).nextCursor;
    }
    if (!cursor) throw new h.BenchError('the demo plan has fewer than 2,000 updates; run npm run db:seed:demo again');
    const baseline = await signedInBaseline(h, base, duration, family);
    const loads = [
      await h.loadTest(`GET plan feed, first page (${first.updates.length} updates)`, `${base}${feedPath}`, duration, {
        headers: { cookie: family },
      }),
      await h.loadTest(
        'GET plan feed, page 101 (keyset cursor)',
        `${base}${feedPath}?before=${encodeURIComponent(cursor)}`,
        duration,
        { headers: { cookie: family } },
      ),
    ].map((load) => withinBudget(load, FEED_P99_MS));
    return { baseline, loads };
  });
}
