// `npm run bench -- --only notifications` (issue 28): the notification delivery bench
// (notifications-bench.mjs) run from the main bench, in its own process, on the PostgreSQL server
// of BENCH_DATABASE_URL (or DATABASE_URL; the bench makes and drops its own databases there).
// Its JSON becomes rows of the main table: all doses due in one minute bundled and sent by e-mail
// and push within 60 s, how many messages bundling saved, and the shift reminders' throughput.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./notifications-bench.mjs', import.meta.url));

/** Runs the notification bench's sections; resolves to its JSON, or to `{ skipped }` without PostgreSQL. */
export async function measureNotifications({ log, sections = 'doses,throughput' }) {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!databaseUrl) return { skipped: 'set BENCH_DATABASE_URL to a PostgreSQL server to measure delivery' };
  log(`notifications: ${sections} on ${databaseUrl.replace(/\/\/[^@]*@/, '//…@')}`);
  const child = spawn(process.execPath, [SCRIPT, '--only', sections], {
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const code = await new Promise((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`the notification bench ended with ${code}`);
  return JSON.parse(out);
}

const seconds = (ms) => (ms === null || ms === undefined ? 'not all sent' : `${(ms / 1000).toFixed(1)} s`);

/** Rows for the main table. */
export function notificationRows(result) {
  if (result.skipped) return [{ name: 'Notifications', figure: `skipped: ${result.skipped}`, goal: '-', ok: null }];
  const rows = [];
  const d = result.doses;
  if (d) {
    rows.push({
      name: `${d.doses.toLocaleString('en')} doses due in one minute over ${d.plans.toLocaleString('en')} plans: bundled, e-mailed and pushed`,
      figure: `${seconds(d.allSentMs)} (${d.mailsCounted} e-mails, ${d.pushesDistinct} pushes, server CPU ${seconds(d.serverCpuMs)}, load ${d.loadAverage.toFixed(1)})`,
      goal: '≤ 60 s',
      ok: d.ok,
    });
    rows.push({
      name: '  messages saved by bundling (e-mail + push); pushes naming a medicine',
      figure: `${d.messagesSavedByBundling.toLocaleString('en')}; ${d.pushesNamingAMedicine}`,
      goal: '0 naming a medicine',
      ok: d.pushesNamingAMedicine === 0,
    });
  }
  const t = result.throughput;
  if (t)
    rows.push({
      name: `${t.reminders.toLocaleString('en')} shift reminders due at once, each by e-mail and push`,
      figure: `${seconds(t.allSentMs)} (${t.distinct} e-mails, ${t.pushesDistinct} pushes, server CPU ${seconds(t.serverCpuMs)})`,
      goal: '≤ 60 s',
      ok: t.ok,
    });
  return rows;
}
