// The carer in a dead zone (issue 29, decision 037), measured in Debian's Chromium:
//   - a professional on three plans (each: two weeks of shifts, five medications, made through the
//     API as signed-in.mjs does) opens the dashboard once online, so the service worker installs
//     and the day's care is saved in IndexedDB; the figure is the size of what is kept there
//     (budget: under 2 MB);
//   - then a second visit with no network (the context offline) at 4× CPU slowdown (CDP
//     `Emulation.setCPUThrottlingRate`): from the start of navigation until the dashboard shows
//     the offline banner and today's "Next doses to give" (budget: 2 s), median of N runs.
// A bench figure, never a timed test.
//
// Used by bench.mjs (`--only offline`) and on its own against a running server started with
// AUTH_AUTO_CONFIRM=true (development only):
//
//   node scripts/bench/offline.mjs --url http://127.0.0.1:3000 [--runs 5]
import { parseArgs } from 'node:util';
import { makeSignedInScenario, signUp } from './signed-in.mjs';

/* global indexedDB, document -- the functions given to page.evaluate run in the page, not in Node */

export const OFFLINE_BUDGET = { usableMs: 2000, cacheBytes: 2_000_000, cpuSlowdown: 4 };
const TIMEOUT_MS = 60_000;

/** The offline database's values, as the page stores them: bytes of each key's JSON text. */
function storedSizes(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('tavara-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('data')) return resolve({});
          const store = db.transaction('data').objectStore('data');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => {
            const sizes = {};
            keys.result.forEach((key, i) => {
              const value = values.result[i];
              const text = typeof value === 'string' ? value : JSON.stringify(value);
              sizes[String(key)] = { bytes: new Blob([text]).size, text };
            });
            db.close();
            resolve(sizes);
          };
        };
      }),
  );
}

function cookiesFor(baseUrl, header) {
  return header.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Makes the carer on three plans through the API and opens their dashboard once online in a new
 * context of `browser`, so the service worker installs and the day's care is saved; answers the
 * context (still online) and the size of what is kept in IndexedDB.
 */
export async function prepareOfflineCarer(baseUrl, browser, { log = console.log } = {}) {
  log('offline: a professional on three plans (2 weeks of shifts, 5 medications each), through the API…');
  const pro = await signUp(baseUrl, 'professional', 'Marcus');
  const planIds = [];
  for (let i = 0; i < 3; i++) planIds.push((await makeSignedInScenario(baseUrl, { pro })).planId);

  const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 360, height: 780 } });
  try {
    await context.addCookies(cookiesFor(baseUrl, pro.cookie));
    const page = await context.newPage();
    await page.goto(`${baseUrl}/dashboard/professional`);
    await page.waitForFunction(
      async () =>
        (await navigator.serviceWorker.ready).active?.state === 'activated' && !!navigator.serviceWorker.controller,
      undefined,
      { timeout: TIMEOUT_MS },
    );
    // Saved: every plan's doses and assignment. The warm-up then settles; the size is read once
    // it has not changed for two reads a second apart.
    const started = Date.now();
    let last = -1;
    let sizes = {};
    for (;;) {
      sizes = await storedSizes(page);
      const cache = Object.entries(sizes).find(([key]) => key.startsWith('cache:'))?.[1];
      const complete =
        cache && planIds.every((id) => cache.text.includes(`"${id}"`)) && cache.text.includes('assignment');
      const total = Object.values(sizes).reduce((sum, { bytes }) => sum + bytes, 0);
      if (complete && total === last) break;
      if (Date.now() - started > TIMEOUT_MS) throw new Error('offline: the care data was not saved within a minute');
      last = total;
      await page.waitForTimeout(1000);
    }
    await page.close();
    return { context, planIds, cacheBytes: Object.values(sizes).reduce((sum, { bytes }) => sum + bytes, 0) };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/**
 * One second visit in `context` (set offline by the caller) at `rate`× CPU: from the start of
 * navigation until the saved-data banner and today's doses are on screen, by the page's own clock.
 * `beforeNavigate(cdp)` and `afterUsable(cdp, page)` let the profile (offline-profile.mjs) trace it.
 */
export async function visitOffline(
  context,
  baseUrl,
  { rate = OFFLINE_BUDGET.cpuSlowdown, beforeNavigate, afterUsable } = {},
) {
  const offlinePage = await context.newPage();
  const cdp = await context.newCDPSession(offlinePage);
  try {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await beforeNavigate?.(cdp);
    await offlinePage.goto(`${baseUrl}/dashboard/professional`);
    // Usable: the saved-data banner and today's doses on screen; the page's own clock, from
    // the start of navigation.
    const ms = await offlinePage
      .waitForFunction(
        () => {
          // textContent, not innerText: no layout forced at every frame of the measure.
          const banner = document.body.textContent.includes('Offline — showing what was saved at');
          const doses = document.querySelector('[aria-label="Next doses to give"] li');
          return banner && doses ? performance.now() : false;
        },
        undefined,
        { polling: 'raf', timeout: TIMEOUT_MS },
      )
      .catch(async (error) => {
        const text = await offlinePage
          .locator('body')
          .innerText()
          .catch(() => '');
        throw new Error(`offline: the dashboard did not become usable offline; it showed:\n${text.slice(0, 800)}`, {
          cause: error,
        });
      });
    const usableMs = Math.round(await ms.jsonValue());
    const marks = await afterUsable?.(cdp, offlinePage);
    return { ms: usableMs, marks };
  } finally {
    await cdp.detach().catch(() => undefined);
    await offlinePage.close();
  }
}

/**
 * Makes the carer on three plans through the API, then measures in `browser` (a launched
 * Chromium): the persisted cache's size and the offline second visit's time to usable.
 */
export async function measureOffline(baseUrl, browser, { runs = 5, log = console.log } = {}) {
  const { context, planIds, cacheBytes } = await prepareOfflineCarer(baseUrl, browser, { log });
  try {
    await context.setOffline(true);
    const times = [];
    for (let run = 0; run < runs; run++) times.push((await visitOffline(context, baseUrl)).ms);
    const usableMs = median(times);
    return {
      plans: planIds.length,
      cacheBytes,
      cacheOk: cacheBytes < OFFLINE_BUDGET.cacheBytes,
      usableMs,
      runsMs: times,
      usableOk: usableMs <= OFFLINE_BUDGET.usableMs,
      cpuSlowdown: OFFLINE_BUDGET.cpuSlowdown,
    };
  } finally {
    await context.close();
  }
}

export function offlineRows(result) {
  return [
    {
      name: `offline: persisted cache, a carer on ${result.plans} plans`,
      figure: `${(result.cacheBytes / 1000).toFixed(1)} kB`,
      goal: '< 2000 kB',
      ok: result.cacheOk,
    },
    {
      name: `offline: second visit, dashboard with today's doses usable (${result.cpuSlowdown}× CPU, median)`,
      figure: `${result.usableMs} ms (${result.runsMs.join(', ')})`,
      goal: `≤ ${OFFLINE_BUDGET.usableMs} ms`,
      ok: result.usableOk,
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { url: { type: 'string' }, runs: { type: 'string', default: '5' } } });
  if (!values.url) throw new Error('give --url http://host:port of a server running with AUTH_AUTO_CONFIRM=true');
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await measureOffline(values.url, browser, { runs: Number(values.runs) });
    for (const row of offlineRows(result))
      console.log(`  ${row.ok ? 'ok  ' : 'MISS'} ${row.name}: ${row.figure} — goal ${row.goal}`);
  } finally {
    await browser.close();
  }
  process.exit(0);
}
