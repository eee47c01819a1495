import { sql } from 'drizzle-orm';
import type { Database } from '../client';

/**
 * The updates feed on the demo data set (issue 30, item 4): 100,000 updates for the feed bench.
 * The demo family's three plans (0, 2000 and 4000: family0000 owns every 2000th) get 5,000 each,
 * so their feed is deep; the other 85,000 spread over every plan (about 17 each). Written by the
 * plan's family (two in three) or its caregiver, one every 7 minutes going back; every other
 * update has a caregiver's or family's "thank you" and every fourth a comment. No photos: the
 * seed writes no files (a photo row without its file would be a broken picture).
 * Plans are `md5('demo-plan-' || i)::uuid`, owners `demo-fam-(i % 2000)` and caregivers
 * `demo-pro-(i % 500)`, as seed-demo-cli.ts makes them.
 */
export const DEMO_UPDATES = 100_000;
const DEEP_PER_PLAN = 5_000;
const FAMILIES = 2_000;
const PROFESSIONALS = 500;
const PLANS = 5_000;
const BATCH = 10_000;

const PHRASES = [
  'Mum had a good night and ate all her breakfast',
  'Dad walked to the gate and back this morning',
  'Granny enjoyed the visit from her church friends',
  'A quiet day, lots of rest and a little sunshine on the gallery',
  'We watched the cricket together this afternoon',
  'The physio says the exercises are paying off',
  'She asked about everyone and sends her love',
  'A bit tired today, but in good spirits',
  'Thank you all for the meals this week',
  'He told stories about growing up in Arima all evening',
];

const n = (value: number) => sql.raw(String(Math.trunc(value)));
const phrases = sql.raw(`(array[${PHRASES.map((p) => `'${p.replace(/'/g, "''")}'`).join(', ')}])`);

export async function seedPlanUpdates(db: Database, step: (label: string) => void) {
  const deep = DEEP_PER_PLAN * 3;
  for (let from = 0; from < DEMO_UPDATES; from += BATCH) {
    const to = Math.min(from + BATCH, DEMO_UPDATES) - 1;
    await db.execute(sql`
      insert into plan_updates (id, plan_id, author_id, body, created_at)
      select md5('demo-update-' || j)::uuid,
             md5('demo-plan-' || p)::uuid,
             case when j % 3 = 2 then 'demo-pro-' || lpad((p % ${n(PROFESSIONALS)})::text, 3, '0')
                  else 'demo-fam-' || lpad((p % ${n(FAMILIES)})::text, 4, '0') end,
             ${phrases}[1 + j % ${n(PHRASES.length)}] || '. (Demo update ' || j || '.)',
             date_trunc('milliseconds', now()) - make_interval(mins => (j / 3) * 7 + j % 3)
      from generate_series(${n(from)}, ${n(to)}) as j
      cross join lateral (select case when j < ${n(deep)} then (j % 3) * ${n(FAMILIES)} else j % ${n(PLANS)} end as p) as pp`);
    // Thanks from the one who did not write it; a comment on every fourth.
    await db.execute(sql`
      insert into plan_update_thanks (update_id, user_id, created_at)
      select md5('demo-update-' || j)::uuid,
             case when j % 3 = 2 then 'demo-fam-' || lpad((p % ${n(FAMILIES)})::text, 4, '0')
                  else 'demo-pro-' || lpad((p % ${n(PROFESSIONALS)})::text, 3, '0') end,
             now()
      from generate_series(${n(from)}, ${n(to)}) as j
      cross join lateral (select case when j < ${n(deep)} then (j % 3) * ${n(FAMILIES)} else j % ${n(PLANS)} end as p) as pp
      where j % 2 = 0`);
    await db.execute(sql`
      insert into plan_update_comments (update_id, author_id, body, created_at)
      select md5('demo-update-' || j)::uuid,
             case when j % 3 = 2 then 'demo-fam-' || lpad((p % ${n(FAMILIES)})::text, 4, '0')
                  else 'demo-pro-' || lpad((p % ${n(PROFESSIONALS)})::text, 3, '0') end,
             'Lovely to hear. (Demo comment ' || j || '.)',
             date_trunc('milliseconds', now()) - make_interval(mins => (j / 3) * 7 + j % 3) + interval '30 minutes'
      from generate_series(${n(from)}, ${n(to)}) as j
      cross join lateral (select case when j < ${n(deep)} then (j % 3) * ${n(FAMILIES)} else j % ${n(PLANS)} end as p) as pp
      where j % 4 = 0`);
  }
  await db.execute(sql`analyze plan_updates, plan_update_thanks, plan_update_comments`);
  step(`${DEMO_UPDATES} plan updates (${DEEP_PER_PLAN} on each of the demo family's plans)`);
}
