// The village on the demo data set (issue 30): a community member's open requests in their regions
// (GET /api/community/help-requests: 50,000 help requests, 10,000 of them shared across the ten
// regions) at 20 connections, signed in as the demo community member (Arima and San Juan).
// Budget p99 ≤ 50 ms. Called by bench.mjs (`--only village`), which passes its helpers in.
import { onDemoDataSet, signedInBaseline, withinBudget } from './demo-data-set.mjs';

export const VILLAGE_BUDGET = { openRequestsP99Ms: 50 };
const COMMUNITY_EMAIL = 'community0000@demo.tavara.invalid';

/**
 * @param {number} duration seconds per load
 * @param {{ startApiServer: Function, makeTempDir: Function, signIn: Function, apiJson: Function,
 *   loadTest: Function, stopChild: Function, BenchError: new (message: string) => Error }} h
 */
export function measureVillage(duration, h) {
  return onDemoDataSet(h, { label: 'demo data set on PostgreSQL', dir: 'demo-village' }, async (base) => {
    const member = await h.signIn(base, COMMUNITY_EMAIL);
    const first = await h.apiJson(base, '/api/community/help-requests', member);
    if (first.requests.length === 0)
      throw new h.BenchError('no shared help requests in the demo regions; run npm run db:seed:demo again');
    const baseline = await signedInBaseline(h, base, duration, member);
    const load = await h.loadTest(
      `GET a community member's open requests in 2 regions (${first.requests.length} shown)`,
      `${base}/api/community/help-requests`,
      duration,
      { headers: { cookie: member } },
    );
    return { baseline, loads: [withinBudget(load, VILLAGE_BUDGET.openRequestsP99Ms)] };
  });
}
