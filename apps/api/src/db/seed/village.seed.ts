import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import { TT_REGION_OPTIONS } from '@tavara/shared/codes/tt-regions';
import type { Database } from '../client';

/**
 * The village in the demo data set (issue 30): 1,000 community members (each helping in two
 * regions), two of them in the care circle of each of the 5,000 plans, and 50,000 help requests —
 * ten per plan, half still to come, every fifth shared with the community of a region — with
 * sign-ups, offers and thanks. Index arithmetic in SQL, so every run makes the same village.
 * The bench signs in as DEMO_COMMUNITY_EMAIL, who helps in Arima and San Juan.
 * Called by seed-demo-cli.ts after the plans exist (plan i is md5('demo-plan-' || i), family i % families).
 */
export const COMMUNITY_MEMBERS = 1_000;
export const HELP_REQUESTS_PER_PLAN = 10;

export async function seedVillage(
  db: Database,
  opts: {
    plans: number;
    families: number;
    domain: string;
    password: string;
    step: (label: string) => void;
  },
) {
  const { plans, families, domain, step } = opts;
  const n = (value: number) => sql.raw(String(Math.trunc(value)));
  const regions = TT_REGION_OPTIONS.filter((r) => r.code !== 'other').map((r) => r.code);
  const regionArray = sql`(array[${sql.join(
    regions.map((r) => sql`${r}`),
    sql`, `,
  )}]::text[])`;
  const R = n(regions.length);
  const comId = sql.raw(`'demo-com-' || lpad(i::text, 4, '0')`);

  await db.execute(sql`
    insert into users (id, name, email, email_verified, role, first_name, last_name)
    select ${comId}, 'Neighbour ' || i, 'community' || lpad(i::text, 4, '0') || '@' || ${domain}, true, 'community',
           'Neighbour', i::text
    from generate_series(0, ${n(COMMUNITY_MEMBERS - 1)}) as i`);
  await db.execute(sql`
    insert into profiles (id, role, full_name, first_name, last_name, registered_at)
    select ${comId}, 'community', 'Neighbour ' || i, 'Neighbour', i::text, now()
    from generate_series(0, ${n(COMMUNITY_MEMBERS - 1)}) as i`);
  // Member i helps in regions i % R and (i + 3) % R; community0000 in Arima and San Juan.
  await db.execute(sql`
    insert into community_help_regions (user_id, region)
    select ${comId}, ${regionArray}[1 + (i + k) % ${R}]
    from generate_series(0, ${n(COMMUNITY_MEMBERS - 1)}) as i cross join (values (0), (3)) as o(k)
    where i > 0
    union all select 'demo-com-0000', r from unnest(array['arima', 'san_juan']) as r`);
  const password = await hashPassword(opts.password);
  await db.execute(sql`
    insert into accounts (id, account_id, provider_id, user_id, password)
    values ('demo-account-demo-com-0000', 'demo-com-0000', 'credential', 'demo-com-0000', ${password})`);
  step(`${COMMUNITY_MEMBERS} community members with their help regions`);

  // Circles: plan i's circle holds community members (2i) and (2i + 1) mod 1,000.
  await db.execute(sql`
    insert into care_circle_members (plan_id, user_id, status, invited_by_id, invited_at, responded_at)
    select md5('demo-plan-' || i)::uuid, 'demo-com-' || lpad(((2 * i + k) % ${n(COMMUNITY_MEMBERS)})::text, 4, '0'),
           'accepted', 'demo-fam-' || lpad((i % ${n(families)})::text, 4, '0'), now() - interval '60 days',
           now() - interval '59 days'
    from generate_series(0, ${n(plans - 1)}) as i cross join (values (0), (1)) as o(k)`);
  step(`${plans * 2} care-circle members`);

  // Requests: plan i's request j starts (j - 5) * 3 days + i % 3 days from now at 9 AM (+ j hours),
  // for two hours; kinds and helpers by index; every fifth shared with region ((i + j) / 5) % R (all ten regions).
  const kinds = sql`(array['meal', 'ride', 'visit', 'errand', 'pharmacy', 'home_help', 'other']::text[])`;
  const BATCH_PLANS = 1_000;
  for (let from = 0; from < plans; from += BATCH_PLANS) {
    await db.execute(sql`
      insert into help_requests (id, plan_id, kind, title, starts_at, ends_at, place, notes, helpers_needed,
                                 status, created_by_id, public_region, created_at)
      select md5('demo-help-' || i || '-' || j)::uuid, md5('demo-plan-' || i)::uuid,
             ${kinds}[1 + (i + j) % 7], 'Demo help ' || j || ' for plan ' || i, s, s + interval '2 hours',
             case when j % 2 = 0 then (i % 200) || ' Demo Street' end, null, 1 + (i + j) % 3,
             case when (i + j) % 23 = 0 then 'cancelled' else 'open' end,
             'demo-fam-' || lpad((i % ${n(families)})::text, 4, '0'),
             case when (i + j) % 5 = 0 then ${regionArray}[1 + ((i + j) / 5) % ${R}] end,
             now() - interval '30 days'
      from generate_series(${n(from)}, ${n(Math.min(from + BATCH_PLANS, plans) - 1)}) as i
      cross join generate_series(0, ${n(HELP_REQUESTS_PER_PLAN - 1)}) as j
      cross join lateral (select date_trunc('day', now()) + make_interval(days => (j - 5) * 3 + i % 3, hours => 13 + j % 6) as s) as t`);
  }
  step(`${plans * HELP_REQUESTS_PER_PLAN} help requests`);

  // Sign-ups: the circle's first member on every third request (done and thanked when past).
  await db.execute(sql`
    insert into help_signups (request_id, user_id, slot, status, done_at, thanked_at)
    select r.id, 'demo-com-' || lpad(((2 * i) % ${n(COMMUNITY_MEMBERS)})::text, 4, '0'), 1,
           case when r.ends_at < now() then 'done' else 'coming' end,
           case when r.ends_at < now() then r.ends_at end,
           case when r.ends_at < now() and j % 2 = 0 then r.ends_at + interval '1 day' end
    from generate_series(0, ${n(plans - 1)}) as i
    cross join generate_series(0, ${n(HELP_REQUESTS_PER_PLAN - 1)}) as j
    join help_requests r on r.id = md5('demo-help-' || i || '-' || j)::uuid
    where (i + j) % 3 = 0 and r.status = 'open'`);
  // Offers on shared requests still to come: one waiting from a member who helps in that region.
  await db.execute(sql`
    insert into help_offers (request_id, user_id, status)
    select r.id, 'demo-com-' || lpad((1 + (i * 7) % ${n(COMMUNITY_MEMBERS - 1)})::text, 4, '0'), 'offered'
    from generate_series(0, ${n(plans - 1)}) as i
    cross join generate_series(0, ${n(HELP_REQUESTS_PER_PLAN - 1)}) as j
    join help_requests r on r.id = md5('demo-help-' || i || '-' || j)::uuid
    where r.public_region is not null and r.starts_at > now() and i % 2 = 0
    on conflict do nothing`);
  await db.execute(sql`analyze community_help_regions, care_circle_members, help_requests, help_signups, help_offers`);
  step('help sign-ups and community offers');
}
