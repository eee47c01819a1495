// The signed-in product as people use it every day (issue 35, item 1; decision 034): a family
// with one plan (two weeks of shifts, five medications) and a professional on that team, made
// through the HTTP API as the web app would, then Lighthouse's mobile profile on the five pages
// they open most, median of N runs, each with the session cookie the person would carry.
//
// Also, on the same PGlite server, the care plan page's API read as a share of /api/health's rate
// at 50 connections (issue 35, item 2).
//
// Used by bench.mjs (`--only signed-in`) and on its own against a running server started with
// AUTH_AUTO_CONFIRM=true (development only):
//
//   node scripts/bench/signed-in.mjs --url http://127.0.0.1:3000 [--runs 3] [--json out.json]
import { parseArgs } from 'node:util';
import { measureLighthousePages, lighthouseRows, runWithRetry, summarise } from './lighthouse-pages.mjs';

export const SIGNED_IN_GOAL = { performance: 95, cls: 0.02 };
const PASSWORD = 'Bench-signed-in-2026';
const ZONE = 'America/Port_of_Spain';

/** Today's date in the plan's zone, plus `days`, as YYYY-MM-DD. */
function localDate(days = 0) {
  const at = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );
}

function cookieOf(res) {
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function call(baseUrl, path, { cookie, method = 'GET', body } = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { origin: baseUrl, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return { res, json: text ? JSON.parse(text) : null };
}

/**
 * Makes a fresh browser the person's own, as signing in on it leaves it: the session cookie in its
 * jar, and the app's own "signed in on this device" mark, which the app writes itself once its
 * session check answers, on a page with no care data (/terms, so nothing of the page measured is
 * cached; Lighthouse then empties the HTTP cache and the service workers, not the cookies or
 * localStorage). Someone who uses the app daily opens it like this. Without it (`--first-visit`)
 * the page starts with the signed-out view the app shows a browser it has never seen signed in.
 */
export function returningBrowser(baseUrl, cookie) {
  return async (port) => {
    const { default: puppeteer } = await import('puppeteer-core');
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
    try {
      const page = (await browser.pages())[0] ?? (await browser.newPage());
      await page.setCookie(
        ...cookie.split('; ').map((pair) => {
          const [name, value] = pair.split(/=(.*)/s);
          return { name, value, url: baseUrl };
        }),
      );
      await page.goto(`${baseUrl}/terms`);
      await page.waitForFunction(() => localStorage.getItem('seenSignedIn') === '1', { timeout: 30_000 });
      await page.goto('about:blank');
    } finally {
      await browser.disconnect();
    }
  };
}

/** Signs up with auto-confirm (the server must run with AUTH_AUTO_CONFIRM=true) and returns the cookie. */
export async function signUp(baseUrl, role, firstName) {
  const email = `bench-${role}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  await call(baseUrl, '/api/auth/sign-up/email', {
    method: 'POST',
    body: { firstName, lastName: 'Bench', email, password: PASSWORD, role },
  });
  const { res } = await call(baseUrl, '/api/auth/sign-in/email', {
    method: 'POST',
    body: { email, password: PASSWORD },
  });
  return { email, cookie: cookieOf(res) };
}

const MEDICATIONS = [
  { name: 'Metformin', dosage: '500 mg', times: ['08:00', '20:00'] },
  { name: 'Amlodipine', dosage: '5 mg', times: ['08:00'] },
  { name: 'Atorvastatin', dosage: '20 mg', times: ['21:00'] },
  { name: 'Aspirin', dosage: '81 mg', times: ['08:00'] },
  { name: 'Vitamin D', dosage: '1000 IU', times: ['12:00'] },
];

/**
 * The scenario, through the API: the family makes a plan and two weeks of shifts, adds five
 * medications and invites the professional by e-mail; the professional accepts and takes the
 * first few open shifts. Returns the pages to measure with each person's cookie. `pro`: an existing
 * professional to put on this plan too (the offline bench's carer on three plans).
 */
export async function makeSignedInScenario(baseUrl, { pro: existingPro, firstVisit = false } = {}) {
  const family = await signUp(baseUrl, 'family', 'Keisha');
  const pro = existingPro ?? (await signUp(baseUrl, 'professional', 'Marcus'));
  const { json: created } = await call(baseUrl, '/api/care-plans', {
    cookie: family.cookie,
    method: 'POST',
    body: {
      title: 'Care for Mum',
      description: 'Help at home every day.',
      recipientName: 'Joyce Ramdass',
      planType: 'scheduled',
      weekdayCoverage: ['weekday_8am_4pm', 'weekday_6pm_8am'],
      weekendCoverage: ['weekend_8am_6pm'],
      extraShifts: [],
      startDate: localDate(0),
      endDate: null,
      notes: null,
    },
  });
  const planId = created.plan.id;
  await call(baseUrl, `/api/care-plans/${planId}/shifts/generate`, {
    cookie: family.cookie,
    method: 'POST',
    body: { from: localDate(0), to: localDate(13) },
  });
  for (const med of MEDICATIONS) {
    await call(baseUrl, `/api/care-plans/${planId}/medications`, {
      cookie: family.cookie,
      method: 'POST',
      body: {
        name: med.name,
        dosage: med.dosage,
        medicationType: 'prescription',
        instructions: 'With water.',
        startDate: localDate(0),
        endDate: null,
        schedule: { kind: 'times', times: med.times.map((time) => ({ time })), repeat: 'daily' },
      },
    });
  }
  const { json: invited } = await call(baseUrl, `/api/care-plans/${planId}/invitations`, {
    cookie: family.cookie,
    method: 'POST',
    body: { kind: 'professional', email: pro.email, teamRole: 'caregiver' },
  });
  await call(baseUrl, `/api/invitations/${invited.memberId}/accept`, { cookie: pro.cookie, method: 'POST' });
  const { json: shifts } = await call(
    baseUrl,
    `/api/care-plans/${planId}/shifts?from=${localDate(0)}&to=${localDate(13)}`,
    {
      cookie: pro.cookie,
    },
  );
  let taken = 0;
  for (const shift of shifts.shifts) {
    if (taken >= 6 || shift.status !== 'open' || new Date(shift.start) <= new Date()) continue;
    try {
      await call(baseUrl, `/api/shifts/${shift.id}/claim`, { cookie: pro.cookie, method: 'POST' });
    } catch (error) {
      // On a second plan the professional is already busy at some of these times: skip those.
      if (existingPro && / answered 409:/.test(String(error))) continue;
      throw error;
    }
    taken++;
  }
  return {
    planId,
    family,
    pro,
    pages: [
      { path: '/dashboard/family', cookie: family.cookie },
      { path: `/family/care-management/${planId}`, cookie: family.cookie },
      { path: `/family/care-management/${planId}/medications`, cookie: family.cookie },
      { path: '/professional/schedule', cookie: pro.cookie },
      { path: '/dashboard/professional', cookie: pro.cookie },
    ].map(({ path, cookie }) => ({
      path,
      ...(firstVisit ? { cookie } : { prepare: returningBrowser(baseUrl, cookie) }),
      performance: SIGNED_IN_GOAL.performance,
      cls: SIGNED_IN_GOAL.cls,
    })),
  };
}

/** Lighthouse on each signed-in page (its cookie sent with every request the page makes). */
export async function measureSignedInPages(baseUrl, scenario, options = {}) {
  const measured = await measureLighthousePages({ ours: baseUrl }, { ...options, pages: scenario.pages });
  const summaries = measured.ours;
  for (const page of scenario.pages) {
    const summary = summaries[page.path];
    summary.ok = summary.ok && summary.medianRun.cls <= page.cls;
  }
  return summaries;
}

/** Rows with the plan's id taken out of the page names, so runs compare. */
export function signedInRows(summaries) {
  return lighthouseRows(summaries).map((row) => ({
    ...row,
    name: row.name.replace(/care-management\/[^/ :]+/, 'care-management/<id>'),
    goal: `${row.goal}, CLS ≤ ${SIGNED_IN_GOAL.cls}`,
  }));
}

/**
 * Two or more servers side by side (`--label before=URL --label after=URL`), each with its own
 * scenario, runs interleaved (run 1 of every page on every server, then run 2…) so a load spike
 * on a shared machine lands on both.
 */
async function compare(targets, { runs, firstVisit, pageIndexes = [0, 1, 2, 3, 4], json }) {
  const scenarios = {};
  for (const [label, url] of Object.entries(targets))
    scenarios[label] = await makeSignedInScenario(url, { firstVisit });
  const raw = {};
  for (let i = 1; i <= runs; i++) {
    for (const index of pageIndexes) {
      for (const [label, url] of Object.entries(targets)) {
        const page = scenarios[label].pages[index];
        console.error(`lighthouse: ${label} ${page.path} (${i}/${runs})…`);
        ((raw[label] ??= [])[index] ??= []).push(
          await runWithRetry(`${url}${page.path}`, { log: console.error, cookie: page.cookie, prepare: page.prepare }),
        );
        // Each run as it ends: a long comparison on a loaded machine keeps what it has measured.
        if (json) (await import('node:fs')).writeFileSync(`${json}.runs`, JSON.stringify(raw));
      }
    }
  }
  const results = {};
  for (const [label, byIndex] of Object.entries(raw)) {
    results[label] = {};
    scenarios[label].pages.forEach((page, index) => {
      if (!byIndex[index]) return;
      const summary = summarise(byIndex[index], page);
      summary.ok = summary.ok && summary.medianRun.cls <= page.cls;
      results[label][page.path] = summary;
    });
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      label: { type: 'string', multiple: true },
      runs: { type: 'string', default: '3' },
      json: { type: 'string' },
      'first-visit': { type: 'boolean', default: false },
      // Only some of the five pages, by their names (--page /professional/schedule --page '/family/care-management/<id>').
      page: { type: 'string', multiple: true },
    },
  });
  const targets = values.url
    ? { ours: values.url }
    : Object.fromEntries((values.label ?? []).map((pair) => pair.split(/=(.*)/s).slice(0, 2)));
  if (Object.keys(targets).length === 0)
    throw new Error(
      'give --url http://host:port (or --label name=URL …) of servers running with AUTH_AUTO_CONFIRM=true',
    );
  const paths = ['/dashboard/family', '/family/care-management/<id>', '/family/care-management/<id>/medications'];
  paths.push('/professional/schedule', '/dashboard/professional');
  const pageIndexes = values.page
    ? paths.flatMap((path, index) => (values.page.includes(path) ? [index] : []))
    : [0, 1, 2, 3, 4];
  const results = await compare(targets, {
    runs: Number(values.runs),
    firstVisit: values['first-visit'],
    pageIndexes,
    json: values.json,
  });
  if (values.json) (await import('node:fs')).writeFileSync(values.json, JSON.stringify(results, null, 2));
  for (const [label, summaries] of Object.entries(results)) {
    console.log(`\n${label}`);
    for (const row of signedInRows(summaries))
      console.log(`  ${row.ok ? 'ok  ' : 'MISS'} ${row.name}: ${row.figure} — goal ${row.goal}`);
  }
  process.exit(0);
}
