// `npm run db:seed:demo`: a generated demo data set on PostgreSQL for the care-plan bench (issue 16,
// "Numbers"): 2,000 families, 500 professionals, 5,000 care plans with their teams and 250,000
// shifts; for the matching bench (issue 19) 4,500 more professionals, all 5,000 with registration
// answers and listed, and every family with answers, a quarter of them findable. 100,000 message-board posts (issue 20).
// It never mixes with real data: DATABASE_URL must name a database that is empty (it is
// created when missing) or was filled by this script; any other user in it makes the script refuse.
// Deterministic: a seeded RNG for people, index arithmetic in SQL (`generate_series`) for plans,
// teams and shifts; only the dates move with the week it runs in, so "this week" always has shifts.
// Every demo e-mail ends in DEMO_EMAIL_DOMAIN (.invalid never delivers). Two accounts can sign in,
// for the bench: DEMO_FAMILY_EMAIL and DEMO_PROFESSIONAL_EMAIL with DEMO_PASSWORD (demo only).
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { DEFAULT_TIME_ZONE } from '@tavara/shared/care-plans/care-plans';
import { CARE_TYPE_CODES } from '@tavara/shared/codes/care-types';
import { PROFESSIONAL_CONDITION_EXPERIENCE_CODES } from '@tavara/shared/codes/professional-condition-experience';
import { PROFESSIONAL_ROLE_OPTIONS } from '@tavara/shared/codes/professional-role';
import { SHIFT_CODES } from '@tavara/shared/codes/shifts';
import { TT_REGION_OPTIONS } from '@tavara/shared/codes/tt-regions';
import { YEARS_OF_EXPERIENCE_CODES } from '@tavara/shared/codes/years-of-experience';
import { loadEnv } from '../env';
import { createLogger } from '../lib/logger';
import { openDatabase } from './client';
import { account, user } from './schema/auth';
import { profiles } from './schema/profiles';
import { seedPlanUpdates } from './seed/plan-updates.demo';
import { seedVillage } from './seed/village.seed';

export const DEMO_EMAIL_DOMAIN = 'demo.tavara.invalid';
export const DEMO_FAMILY_EMAIL = `family0000@${DEMO_EMAIL_DOMAIN}`;
export const DEMO_PROFESSIONAL_EMAIL = `pro000@${DEMO_EMAIL_DOMAIN}`;
export const DEMO_PASSWORD = 'Tavara-demo-bench-2026';
/** The community member the village bench signs in as (apps/api/src/db/seed/village.seed.ts). */
export const DEMO_COMMUNITY_EMAIL = `community0000@${DEMO_EMAIL_DOMAIN}`;

const FAMILIES = 2_000;
const PROFESSIONALS = 500;
const PLANS = 5_000;
/** Professionals listed for caregiver matching (issue 19): the 500 above and 4,500 more. */
const LISTED_PROFESSIONALS = 5_000;
/** Days of shifts per plan (one a day): 5,000 × 50 = 250,000. */
const SHIFT_DAYS = 50;
/** Of those days, how many lie before this week's Monday (the rest are this week and after). */
const PAST_DAYS = 28;
const BATCH = 1_000;

/** Medication names for the demo set (common in Trinidad and Tobago's pharmacies). */
const MEDICINES = [
  ['Metformin', '500 mg'],
  ['Amlodipine', '5 mg'],
  ['Lisinopril', '10 mg'],
  ['Atorvastatin', '20 mg'],
  ['Losartan', '50 mg'],
  ['Aspirin', '81 mg'],
  ['Furosemide', '40 mg'],
  ['Gliclazide', '80 mg'],
  ['Omeprazole', '20 mg'],
  ['Levothyroxine', '50 mcg'],
  ['Donepezil', '5 mg'],
  ['Hydrochlorothiazide', '25 mg'],
  ['Vitamin D3', '1000 IU'],
  ['Calcium', '600 mg'],
  ['Ferrous sulfate', '325 mg'],
  ['Folic acid', '5 mg'],
  ['Tamsulosin', '0.4 mg'],
  ['Carvedilol', '6.25 mg'],
  ['Insulin glargine', '10 units'],
  ['Paracetamol', '500 mg'],
] as const;
/** The demo family's plans (family i mod 2,000 = 0) carry this many medications: the bench's day view. */
const BENCH_MEDICATIONS = 20;
/** Every other plan carries this many. */
const PLAN_MEDICATIONS = 2;
/** Days of dose records before today: 90 on the bench plans (the 90-day report), 30 elsewhere. */
const BENCH_RECORD_DAYS = 90;
const RECORD_DAYS = 30;

/** Message-board posts (issue 20): 100,000 over the last year, for the board search bench. */
const BOARD_POSTS = 100_000;
/** Phrases the generated posts are made of; each post takes three, so words recur at varied rates. */
const BOARD_PHRASES = [
  'evening help with bathing and dressing',
  'overnight supervision for a parent with dementia',
  'insulin injections and blood sugar checks',
  'physiotherapy exercises after a hip replacement',
  'companionship and conversation three mornings a week',
  'meal preparation for a low-salt diet',
  'transport to clinic appointments in town',
  'wound dressing after surgery',
  'help with a wheelchair and transfers',
  'medication reminders and pill organiser',
  'light housekeeping, laundry and errands',
  'respite for the family on weekends',
  'care for a child with autism after school',
  'feeding tube care and hygiene',
  'gardening and short walks in the yard',
  'reading and prayers in the evening',
  'post-stroke speech practice',
  'oxygen equipment and breathing support',
  'live-in care for a grandmother',
  "Parkinson's tremor and fall prevention",
] as const;

const FIRST_NAMES = [
  'Anil',
  'Keisha',
  'Marcus',
  'Shivani',
  'Andre',
  'Natalie',
  'Ravi',
  'Candice',
  'Kevon',
  'Priya',
  'Darnell',
  'Sasha',
  'Rajesh',
  'Alicia',
  'Jerome',
  'Kavita',
  'Nigel',
  'Tricia',
  'Vishnu',
  'Renee',
  'Brian',
  'Anisha',
  'Kerron',
  'Melissa',
  'Dexter',
  'Savitri',
  'Curtis',
  'Lisa',
  'Sunil',
  'Cheryl',
];
const LAST_NAMES = [
  'Ramdass',
  'Charles',
  'Mohammed',
  'Joseph',
  'Persad',
  'Baptiste',
  'Ali',
  'Williams',
  'Maharaj',
  'Thomas',
  'Singh',
  'Alexander',
  'Rampersad',
  'Phillip',
  'Khan',
  'George',
  'Seepersad',
  'John',
  'Boodram',
  'Francis',
  'Ramkissoon',
  'Lewis',
  'Sookdeo',
  'Cudjoe',
  'Ramlogan',
  'Pierre',
];
const PROFESSIONAL_TYPES = ['caregiver', 'nurse', 'caregiver', 'therapist', 'caregiver'];

/** mulberry32: a tiny seeded RNG, so every run makes the same people. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number written into the SQL (ours, never input), so PostgreSQL knows its type. */
const n = (value: number) => sql.raw(String(Math.trunc(value)));
const textArray = (list: readonly string[]) =>
  sql`(array[${sql.join(
    list.map((item) => sql`${item}`),
    sql`, `,
  )}]::text[])`;

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
if (!env.DATABASE_URL) {
  logger.error('db:seed:demo needs DATABASE_URL (PostgreSQL), e.g. postgres://postgres@127.0.0.1:5432/tavara_demo');
  process.exit(1);
}
const url = env.DATABASE_URL;

/** Creates the database named in the URL when it does not exist yet (via the server's `postgres` db). */
async function ensureDatabase() {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database ${client.escapeIdentifier(name)}`);
      logger.info({ database: name }, 'demo database created');
    }
  } finally {
    await client.end();
  }
}

await ensureDatabase();
const database = await openDatabase({ driver: 'postgres', url, poolSize: 2 }, logger);
const { db } = database;
const started = performance.now();
const step = (label: string) => logger.info({ ms: Math.round(performance.now() - started) }, label);

try {
  await database.migrate(new URL('./migrations', import.meta.url).pathname);

  // Never mixed with real data: refuse when any user is not a demo user.
  const [counts] = await db
    .select({
      real: sql<number>`count(*) filter (where ${user.email} not like ${`%@${DEMO_EMAIL_DOMAIN}`})::int`,
      demo: sql<number>`count(*) filter (where ${user.email} like ${`%@${DEMO_EMAIL_DOMAIN}`})::int`,
    })
    .from(user);
  const { real, demo } = counts!;
  if (real > 0) {
    logger.error(
      { realUsers: real },
      'refusing: this database has users that are not demo users. Point DATABASE_URL at an empty database (e.g. …/tavara_demo).',
    );
    process.exitCode = 1;
  } else {
    if (demo > 0) {
      // A re-run starts over. Every user here is a demo user, so every plan is a demo plan: the
      // plan tables are emptied first (deleting users would set done shifts' assignee to null,
      // which the shifts' own check refuses, and scan shifts once per user), then the users go
      // with their sessions and accounts (cascade).
      await db.execute(
        sql`truncate table dose_records, medications, shifts, care_team_members, care_plans, match_interests, board_posts cascade`,
      );
      await db.execute(sql`delete from users where email like ${`%@${DEMO_EMAIL_DOMAIN}`}`);
      step(`previous demo data removed (${demo} users)`);
    }
    await seedDemo();
    step('demo data set ready');
  }
} finally {
  await database.close();
}

async function seedDemo() {
  const random = rng(16);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const regions = TT_REGION_OPTIONS.filter((r) => r.code !== 'other');

  type Person = { id: string; email: string; role: 'family' | 'professional'; first: string; last: string };
  const people: Person[] = [
    ...Array.from({ length: FAMILIES }, (_, i) => ({
      id: `demo-fam-${String(i).padStart(4, '0')}`,
      email: `family${String(i).padStart(4, '0')}@${DEMO_EMAIL_DOMAIN}`,
      role: 'family' as const,
      first: pick(FIRST_NAMES),
      last: pick(LAST_NAMES),
    })),
    ...Array.from({ length: PROFESSIONALS }, (_, i) => ({
      id: `demo-pro-${String(i).padStart(3, '0')}`,
      email: `pro${String(i).padStart(3, '0')}@${DEMO_EMAIL_DOMAIN}`,
      role: 'professional' as const,
      first: pick(FIRST_NAMES),
      last: pick(LAST_NAMES),
    })),
  ];
  for (let i = 0; i < people.length; i += BATCH) {
    const batch = people.slice(i, i + BATCH);
    await db.insert(user).values(
      batch.map((p) => ({
        id: p.id,
        name: `${p.first} ${p.last}`,
        email: p.email,
        emailVerified: true,
        role: p.role,
        firstName: p.first,
        lastName: p.last,
      })),
    );
    await db.insert(profiles).values(
      batch.map((p) => ({
        id: p.id,
        role: p.role,
        fullName: `${p.first} ${p.last}`,
        firstName: p.first,
        lastName: p.last,
        location: pick(regions).label,
        professionalType: p.role === 'professional' ? pick(PROFESSIONAL_TYPES) : null,
        registeredAt: new Date(),
      })),
    );
  }
  // The two accounts the bench signs in with (hashing only these two keeps the seed fast).
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.insert(account).values(
    [DEMO_FAMILY_EMAIL, DEMO_PROFESSIONAL_EMAIL].map((email) => {
      const p = people.find((x) => x.email === email)!;
      return { id: `demo-account-${p.id}`, accountId: p.id, providerId: 'credential', userId: p.id, password: hash };
    }),
  );
  step(`${people.length} users and profiles`);

  // Dates: shifts run from PAST_DAYS before this week's Monday (Trinidad and Tobago time) for SHIFT_DAYS days.
  // (PostgreSQL's time-zone rules and ISO weeks, which start on Monday.)
  const zone = DEFAULT_TIME_ZONE;
  const [week] = await db
    .select({ monday: sql<string>`date_trunc('week', now() at time zone ${zone}::text)::date::text` })
    .from(sql`(select 1) as one`);
  const monday = week!.monday;

  // Plans: plan i belongs to family i mod 2,000; ids are md5-derived so teams and shifts find them.
  for (let from = 0; from < PLANS; from += BATCH) {
    await db.execute(sql`
      insert into care_plans (id, family_id, title, recipient_name, plan_type, weekday_coverage,
        weekend_coverage, start_date, notes, time_zone, created_at)
      select md5('demo-plan-' || i)::uuid,
             'demo-fam-' || lpad((i % ${n(FAMILIES)})::text, 4, '0'),
             (array['Care for Mum', 'Care for Dad', 'Granny''s care', 'Uncle''s recovery', 'Auntie''s support'])[1 + i % 5]
               || ' (' || ${textArray(regions.map((r) => r.label))}[1 + (i * 7) % ${n(regions.length)}] || ')',
             ${textArray(FIRST_NAMES)}[1 + (i * 13) % ${n(FIRST_NAMES.length)}] || ' ' ||
               ${textArray(LAST_NAMES)}[1 + (i * 17) % ${n(LAST_NAMES.length)}],
             (array['scheduled', 'both', 'scheduled', 'on_demand'])[1 + i % 4],
             array['weekday_8am_4pm'],
             array['weekend_8am_6pm'],
             ${monday}::text::date - ${n(PAST_DAYS)} - (i % 60),
             'Generated demo plan.',
             ${zone}::text,
             now() - make_interval(days => ${n(PAST_DAYS)} + i % 60)
      from generate_series(${n(from)}, ${n(Math.min(from + BATCH, PLANS) - 1)}) as i`);
  }
  step(`${PLANS} care plans`);

  // Teams: plan i has professional i mod 500 as its caregiver (each professional serves 10 plans),
  // every 4th plan a second professional as nurse, every 5th a family member; every 7th one more
  // professional still invited.
  await db.execute(sql`
    insert into care_team_members (plan_id, user_id, kind, team_role, status, invited_by_id, invited_at, responded_at)
    select md5('demo-plan-' || i)::uuid, m.user_id, m.kind, m.team_role, m.status,
           'demo-fam-' || lpad((i % ${n(FAMILIES)})::text, 4, '0'),
           now() - interval '40 days', case when m.status = 'accepted' then now() - interval '39 days' end
    from generate_series(0, ${n(PLANS - 1)}) as i
    cross join lateral (values
      ('demo-pro-' || lpad((i % ${n(PROFESSIONALS)})::text, 3, '0'), 'professional', 'caregiver', 'accepted', true),
      ('demo-pro-' || lpad(((i + 137) % ${n(PROFESSIONALS)})::text, 3, '0'), 'professional', 'nurse', 'accepted', i % 4 = 0),
      ('demo-fam-' || lpad(((i + 1) % ${n(FAMILIES)})::text, 4, '0'), 'family', 'family_member', 'accepted', i % 5 = 0),
      ('demo-pro-' || lpad(((i + 271) % ${n(PROFESSIONALS)})::text, 3, '0'), 'professional', 'caregiver', 'invited', i % 7 = 0)
    ) as m(user_id, kind, team_role, status, included)
    where m.included`);
  step('care teams');

  // Shifts: one a day per plan, 8 AM–4 PM on weekdays and 8 AM–6 PM at weekends (plan-local time,
  // converted by PostgreSQL's time-zone rules). Plan i's caregiver (professional i mod 500) works
  // its days with d mod 10 = i div 500: each professional has one shift a day across their 10
  // plans, so the no-double-booking constraint holds. Past days are done (or missed when nobody
  // was booked); this week's and later unbooked days are open.
  for (let from = 0; from < PLANS; from += BATCH / 2) {
    await db.execute(sql`
      insert into shifts (plan_id, shift_code, local_date, generated_date, starts_at, ends_at, status, assignee_id,
        checked_in_at, checked_out_at, done_by_id, assigned_at)
      select s.plan_id, s.code, s.day, s.day, s.starts_at, s.ends_at, s.status, s.assignee,
             case when s.status = 'done' then s.starts_at end,
             case when s.status = 'done' then s.ends_at end,
             case when s.status = 'done' then s.assignee end,
             -- Booked well before they start (issue 28: only those can miss a check-in).
             case when s.assignee is not null then s.starts_at - interval '7 days' end
      from (
        select md5('demo-plan-' || i)::uuid as plan_id, day,
               case when weekend then 'weekend_8am_6pm' else 'weekday_8am_4pm' end as code,
               (day + time '08:00') at time zone ${zone}::text as starts_at,
               (day + case when weekend then time '18:00' else time '16:00' end) at time zone ${zone}::text as ends_at,
               case when booked then (case when past then 'done' else 'assigned' end)
                    else (case when past then 'missed' else 'open' end) end as status,
               case when booked then 'demo-pro-' || lpad((i % ${n(PROFESSIONALS)})::text, 3, '0') end as assignee
        from generate_series(${n(from)}, ${n(Math.min(from + BATCH / 2, PLANS) - 1)}) as i
        cross join generate_series(0, ${n(SHIFT_DAYS - 1)}) as d
        cross join lateral (select (${monday}::text::date - ${n(PAST_DAYS)} + d) as day) as dd
        cross join lateral (select extract(isodow from day) >= 6 as weekend,
                                   d % 10 = i / ${n(PROFESSIONALS)} as booked,
                                   d < ${n(PAST_DAYS)} as past) as f
      ) as s`);
  }
  step(`${PLANS * SHIFT_DAYS} shifts`);
  await seedMedications(zone);
  await seedMatching();
  await seedBoardPosts(
    regions.map((r) => r.code),
    regions.map((r) => r.label),
  );
  await seedPlanUpdates(db, step);
  await seedVillage(db, { plans: PLANS, families: FAMILIES, domain: DEMO_EMAIL_DOMAIN, password: DEMO_PASSWORD, step });
  await db.execute(
    sql`analyze users, profiles, care_plans, care_team_members, shifts, medications, dose_records, professional_details, family_details, matching_visibility, board_posts, board_replies`,
  );
}

/**
 * Matching (issue 19): registration answers for 5,000 listed professionals (the 500 above plus
 * 4,500 more, who sign in nowhere) and for every family, a quarter of them findable. Answers are
 * real codes picked by stable hashes of the index (`hashtext`), so each run makes the same people;
 * the demo family (family0000) needs in-home care, medication management and mobility help on
 * weekdays 8 AM–4 PM in Arima — the bench matches it against all 5,000.
 */
async function seedMatching() {
  const regions = TT_REGION_OPTIONS.filter((r) => r.code !== 'other');
  // lpad truncates: from 1,000 on the number is written whole, as the ids made in JS are.
  const proId = sql.raw(`'demo-pro-' || lpad(i::text, greatest(3, length(i::text)), '0')`);
  const labels = textArray(regions.map((r) => r.label));
  // Fixed shifts and flexible only: live-in stays rare, as it is.
  const shifts = textArray(SHIFT_CODES.filter((c) => c !== 'live_in' && c !== 'other'));
  /** A stable subset of `codes`: each code kept when bit k of a hash of (i, salt) is set. */
  const subset = (codes: readonly string[], salt: string) =>
    sql`array(select c from unnest(${textArray(codes)}) with ordinality as o(c, k)
               where (abs(hashtext(i::text || ${salt})) >> (k::int - 1)) & 1 = 1)`;
  await db.execute(sql`
    insert into users (id, name, email, email_verified, role, first_name, last_name)
    select ${proId}, f || ' ' || l, 'pro' || i || '@' || ${DEMO_EMAIL_DOMAIN},
           true, 'professional', f, l
    from generate_series(${n(PROFESSIONALS)}, ${n(LISTED_PROFESSIONALS - 1)}) as i
    cross join lateral (select ${textArray(FIRST_NAMES)}[1 + (i * 7) % ${n(FIRST_NAMES.length)}] as f,
                               ${textArray(LAST_NAMES)}[1 + (i * 11) % ${n(LAST_NAMES.length)}] as l) as names`);
  await db.execute(sql`
    insert into profiles (id, role, full_name, first_name, last_name, location, professional_type, registered_at)
    select u.id, 'professional', u.name, u.first_name, u.last_name,
           ${labels}[1 + (i * 3) % ${n(regions.length)}], 'caregiver', now()
    from generate_series(${n(PROFESSIONALS)}, ${n(LISTED_PROFESSIONALS - 1)}) as i
    join users u on u.id = ${proId}`);
  await db.execute(sql`
    insert into professional_details (user_id, professional_role, years_experience, care_services, medical_conditions,
      availability, rate, consent)
    select ${proId},
           ${textArray(PROFESSIONAL_ROLE_OPTIONS.map((r) => r.code))}[1 + i % ${n(PROFESSIONAL_ROLE_OPTIONS.length)}],
           ${textArray(YEARS_OF_EXPERIENCE_CODES)}[1 + (i * 3) % ${n(YEARS_OF_EXPERIENCE_CODES.length)}],
           ${subset(CARE_TYPE_CODES, 'care')},
           ${subset(PROFESSIONAL_CONDITION_EXPERIENCE_CODES, 'cond')},
           ${shifts}[1 + i % 10:1 + i % 10] || case when i % 3 = 0 then ${shifts}[1 + (i + 4) % 10:1 + (i + 4) % 10] else '{}'::text[] end,
           case when i % 9 = 0 then 'Negotiable' else '$' || (15 + i % 20) || '-' || (25 + i % 20) || '/hour' end,
           now()
    from generate_series(0, ${n(LISTED_PROFESSIONALS - 1)}) as i`);
  await db.execute(sql`
    insert into matching_visibility (user_id, visible)
    select ${proId}, true from generate_series(0, ${n(LISTED_PROFESSIONALS - 1)}) as i`);
  step(`${LISTED_PROFESSIONALS} listed professionals`);

  await db.execute(sql`
    insert into family_details (user_id, care_location, care_recipient_name, relationship_to_recipient, care_type,
      care_schedule, budget)
    select 'demo-fam-' || lpad(i::text, 4, '0'),
           case when i = 0 then 'Arima' else ${labels}[1 + (i * 5) % ${n(regions.length)}] end,
           'Demo recipient ' || i, 'parent',
           case when i = 0 then array['in_home_care', 'medication_management', 'mobility_assistance']
                else ${subset(CARE_TYPE_CODES, 'need')} end,
           case when i = 0 then array['weekday_8am_4pm'] else ${shifts}[1 + i % 10:1 + i % 10] end,
           case when i % 4 = 1 then 'Negotiable' else '$' || (15 + i % 15) || '-' || (30 + i % 15) || '/hour' end
    from generate_series(0, ${n(FAMILIES - 1)}) as i`);
  await db.execute(sql`
    insert into matching_visibility (user_id, visible)
    select 'demo-fam-' || lpad(i::text, 4, '0'), i % 4 = 0 from generate_series(0, ${n(FAMILIES - 1)}) as i`);
  step(`${FAMILIES} family registrations, ${FAMILIES / 4} findable`);
}

async function seedBoardPosts(regionCodes: string[], regionLabels: string[]) {
  const phrases = textArray(BOARD_PHRASES);
  const p = n(BOARD_PHRASES.length);
  const careCodes = textArray([
    'in_home_care',
    'medical_support',
    'cognitive_memory_care',
    'mobility_assistance',
    'medication_management',
    'nutritional_assistance',
    'household_assistance',
  ]);
  // Post i: even ones are on the professional board (care needs by families, every 10th a
  // professionals' discussion), odd ones on the family board (availability by professionals,
  // every 10th a families' discussion). Phrases, region and urgency come from index arithmetic.
  for (let from = 0; from < BOARD_POSTS; from += BATCH * 10) {
    await db.execute(sql`
      insert into board_posts (author_id, board, type, title, region, urgency, details, care_codes, created_at)
      select case when (i % 2 = 0) = (i % 10 <> 8) then 'demo-fam-' || lpad((i % ${n(FAMILIES)})::text, 4, '0')
                  else 'demo-pro-' || lpad((i % ${n(PROFESSIONALS)})::text, 3, '0') end,
             case when i % 2 = 0 then 'professional' else 'family' end,
             case when i % 10 in (8, 9) then 'discussion' when i % 2 = 0 then 'care_need' else 'availability' end,
             initcap(${phrases}[1 + i % ${p}]) || ', ' || ${textArray(regionLabels)}[1 + (i / 7) % ${n(regionCodes.length)}],
             ${textArray(regionCodes)}[1 + (i / 7) % ${n(regionCodes.length)}],
             (array['today', 'within_48_hours', 'this_weekend', 'planned'])[1 + (i / 3) % 4],
             'We are looking at ' || ${phrases}[1 + i % ${p}] || ', also ' || ${phrases}[1 + (i * 7 + 3) % ${p}]
               || ' and ' || ${phrases}[1 + (i * 13 + 5) % ${p}] || '. Generated demo post ' || i || '.',
             array[${careCodes}[1 + i % 7], ${careCodes}[1 + (i * 3 + 1) % 7]],
             now() - make_interval(mins => (${n(BOARD_POSTS)} - i) * 5)
      from generate_series(${n(from)}, ${n(Math.min(from + BATCH * 10, BOARD_POSTS) - 1)}) as i`);
  }
  step(`${BOARD_POSTS} message-board posts`);
}

/**
 * Medications (issue 17): 20 on each of the demo family's plans, 2 on every other plan; the last
 * one of the 20 is as-needed, the rest twice a day (8 AM, 8 PM) or once (9 AM), every day. Dose
 * records go back 90 days on the bench plans and 30 elsewhere: mostly given (some late), some
 * refused or missed, about 4 % with no record, one record per expected dose as the app keeps them.
 */
async function seedMedications(zone: string) {
  const [today] = await db
    .select({ day: sql<string>`(now() at time zone ${zone}::text)::date::text` })
    .from(sql`(select 1) as one`);
  const names = textArray(MEDICINES.map(([name]) => name));
  const doses = textArray(MEDICINES.map(([, dosage]) => dosage));
  const times = sql`'{"kind":"times","times":[{"time":"08:00","withFood":true,"beforeBed":false},{"time":"20:00","withFood":false,"beforeBed":true}],"repeat":"daily","weekdays":[],"intervalDays":null}'::jsonb`;
  const once = sql`'{"kind":"times","times":[{"time":"09:00","withFood":false,"beforeBed":false}],"repeat":"daily","weekdays":[],"intervalDays":null}'::jsonb`;
  const prn = sql`'{"kind":"prn","minIntervalHours":4,"maxPerDay":4}'::jsonb`;
  await db.execute(sql`
    insert into medications (id, plan_id, name, dosage, medication_type, instructions, start_date, schedule, created_by_id,
      created_at)
    select md5('demo-med-' || i || '-' || k)::uuid, md5('demo-plan-' || i)::uuid,
           ${names}[1 + (i + k) % ${n(MEDICINES.length)}], ${doses}[1 + (i + k) % ${n(MEDICINES.length)}],
           case when (i + k) % ${n(MEDICINES.length)} between 12 and 15 then 'supplement' else 'prescription' end,
           'Take as directed.',
           ${today!.day}::text::date - ${n(BENCH_RECORD_DAYS)},
           case when k = ${n(BENCH_MEDICATIONS - 1)} then ${prn} when k % 2 = 0 then ${times} else ${once} end,
           'demo-fam-' || lpad((i % ${n(FAMILIES)})::text, 4, '0'),
           -- On Tavara since its start date (issue 28: nothing before it was added is expected).
           (${today!.day}::text::date - ${n(BENCH_RECORD_DAYS)})::timestamp at time zone ${zone}::text
    from generate_series(0, ${n(PLANS - 1)}) as i
    cross join generate_series(0, ${n(BENCH_MEDICATIONS - 1)}) as k
    where k < case when i % ${n(FAMILIES)} = 0 then ${n(BENCH_MEDICATIONS)} else ${n(PLAN_MEDICATIONS)} end`);
  step('medications');
  // One record per expected dose of the twice-a-day and once-a-day medications, by the plan's
  // caregiver (professional i mod 500); h is a stable pseudo-random number per dose.
  for (let from = 0; from < PLANS; from += BATCH) {
    await db.execute(sql`
      insert into dose_records (medication_id, plan_id, scheduled_for, status, given_at, recorded_by_id, recorder_role)
      select m.id, m.plan_id, x.due,
             case when x.h < 88 then 'given' when x.h < 92 then 'refused' else 'missed' end,
             case when x.h < 92 then x.due + make_interval(mins => (x.h * 7) % 50 + case when x.h < 6 then 90 else 0 end) end,
             'demo-pro-' || lpad((g % ${n(PROFESSIONALS)})::text, 3, '0'), 'caregiver'
      from generate_series(${n(from)}, ${n(Math.min(from + BATCH, PLANS) - 1)}) as g
      join medications m on m.plan_id = md5('demo-plan-' || g)::uuid
      cross join lateral jsonb_array_elements(m.schedule -> 'times') as t(item)
      cross join lateral generate_series(1, case when g % ${n(FAMILIES)} = 0 then ${n(BENCH_RECORD_DAYS)} else ${n(RECORD_DAYS)} end) as d
      cross join lateral (
        select ((${today!.day}::text::date - d) + (t.item ->> 'time')::time) at time zone ${zone}::text as due,
               abs(hashtext(m.id::text || d || (t.item ->> 'time'))) % 100 as h
      ) as x
      where x.h < 96`);
  }
  step('dose records');
}
