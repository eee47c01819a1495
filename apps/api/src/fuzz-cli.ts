// `npm run fuzz` (issue 13, item 2): ≥ 20,000 generated bad requests over every API route against
// a real listening server, then counts per status. The database is a fresh PGlite directory, or,
// when DATABASE_URL or TEST_DATABASE_URL is set, a fresh database on that PostgreSQL server
// (dropped afterwards). Exits 1 on any 5xx or when a request's data shows up in the server's JSON
// log or on its stderr/console (where a library might print it). Options (env): FUZZ_REQUESTS
// (default 20000), FUZZ_SEED (13), FUZZ_CONCURRENCY (8).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { startFakeOpenAi } from '../../../scripts/fake-openai/fake-openai-server.mjs';
import { createApp, createAppAuth } from './app';
import { openDatabase, type DatabaseHandle } from './db/client';
import { user } from './db/schema/auth';
import { profiles } from './db/schema/profiles';
import { seedDatabase } from './db/seed/seed';
import { loadEnv } from './env';
import { createLogger } from './lib/logger';
import { listApiRoutes } from './auth/route-access';
import { planInput } from './testing/care-plan-requests';
import { createFuzzer, emptyReport, FUZZ_SECRET_MARKER, record } from './testing/fuzz';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 20_000);
const SEED = Number(process.env.FUZZ_SEED ?? 13);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 8);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * One request on its own connection (no keep-alive): the server may close a connection after
 * refusing a body it did not read, and a reused socket would then fail in the client.
 */
function send(method: string, url: string, headers: Record<string, string>, body?: string | Uint8Array) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    // The server may answer (413, 400) and close before the whole body is sent: that is an answer.
    req.on('error', reject);
    req.end(body);
  });
}

/** A fresh database: on the PostgreSQL server of DATABASE_URL/TEST_DATABASE_URL, else PGlite in `dataDir`. */
async function freshDatabase(
  dataDir: string,
): Promise<{ database: DatabaseHandle; engine: string; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return { database: await openDatabase({ driver: 'pglite', dataDir }), engine: 'PGlite', drop: async () => {} };
  }
  const name = `tavara_fuzz_${randomBytes(6).toString('hex')}`;
  const adminClient = async (run: (client: pg.Client) => Promise<unknown>) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await run(client);
    } finally {
      await client.end();
    }
  };
  await adminClient((client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    database: await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 10 }),
    engine: 'PostgreSQL',
    drop: () => adminClient((client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}

/** Everything written to stderr or the console from now on, still passed through. */
function captureStderr(): string[] {
  const printed: string[] = [];
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    printed.push(String(chunk));
    return write(chunk, ...rest);
  }) as typeof process.stderr.write;
  for (const level of ['error', 'warn'] as const) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      printed.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : String(a))).join(' '));
      original(...args);
    };
  }
  return printed;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tavara-fuzz-'));
  const fake = await startFakeOpenAi();
  const port = await freePort();
  const env = loadEnv({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_DISABLED: 'true',
    AUTH_AUTO_CONFIRM: 'true',
    LOG_LEVEL: 'info',
    OPENAI_API_KEY: 'sk-fuzz',
    OPENAI_BASE_URL: fake.url,
    OPENAI_MODEL: 'fake-small-model',
  });
  const logLines: string[] = [];
  const logger = createLogger(env.LOG_LEVEL, { write: (line: string) => void logLines.push(line) });
  const { database, engine, drop } = await freshDatabase(dataDir);
  await database.migrate(fileURLToPath(new URL('./db/migrations', import.meta.url)));
  await seedDatabase(database.db);
  const auth = createAppAuth({ env, database, logger });
  const app = createApp({ env, database, logger, auth });
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;

  // A signed-in family member and an admin, as a browser would hold them (cookies).
  async function signUp(email: string): Promise<string> {
    const res = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: env.APP_URL },
      body: JSON.stringify({ firstName: 'Fuzz', lastName: 'Tester', email, password: 'Breadfruit-Harbour-2026' }),
    });
    if (res.status !== 200) throw new Error(`sign-up answered ${res.status}`);
    return res.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
  }
  const familyCookie = await signUp('fuzz-family@example.tt');
  const adminCookie = await signUp('fuzz-admin@example.tt');
  await database.db.update(user).set({ role: 'admin' }).where(eq(user.email, 'fuzz-admin@example.tt'));
  const [adminUser] = await database.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, 'fuzz-admin@example.tt'));
  // Only the admin's profile: both fuzz users are called "Fuzz Tester".
  await database.db.update(profiles).set({ role: 'admin' }).where(eq(profiles.id, adminUser!.id));
  const cookies = ['', familyCookie, adminCookie];
  // A plan of the family's, so path ids sometimes name a real plan and edge dates reach the
  // handlers behind "not found" (issue 32: that is where they used to crash).
  const planRes = await fetch(`${base}/api/care-plans`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: env.APP_URL, cookie: familyCookie },
    body: JSON.stringify(planInput({ title: 'Fuzz plan' })),
  });
  if (planRes.status !== 201) throw new Error(`creating the fuzz plan answered ${planRes.status}`);
  const planId = ((await planRes.json()) as { plan: { id: string } }).plan.id;

  const printed = captureStderr();
  const routes = listApiRoutes(app, auth);
  const next = createFuzzer(SEED, { pathIds: [planId] });
  const report = emptyReport();
  let issued = 0;
  const started = performance.now();
  async function worker() {
    while (issued < REQUESTS) {
      const i = issued++;
      const route = routes[i % routes.length]!;
      const request = next(route);
      const mayEndSession = /sign-out|revoke|delete-user/.test(route.path);
      const cookie = mayEndSession ? '' : cookies[i % cookies.length]!;
      const headers: Record<string, string> = { ...request.headers, origin: env.APP_URL };
      if (cookie) headers.cookie = cookie;
      const answer = await send(request.method, `${base}${request.path}`, headers, request.body).catch(
        (error: unknown) => ({ status: 599, body: String(error) }), // no HTTP answer at all
      );
      record(report, request, answer.status, answer.body);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;

  const leaked = logLines.filter((line) => line.includes(FUZZ_SECRET_MARKER)).length;
  const leakedStderr = printed.filter(
    (line) => line.includes(FUZZ_SECRET_MARKER) || line.includes('SERVER_ERROR'),
  ).length;
  console.log(
    `fuzz on ${engine}: ${report.sent} requests over ${routes.length} routes in ${seconds.toFixed(1)} s (seed ${SEED}); ${report.withEdgeDates} with edge dates in every date parameter`,
  );
  console.log('status  count');
  for (const [status, count] of Object.entries(report.byStatus).sort()) {
    console.log(`${status.padEnd(6)}  ${count}`);
  }
  const serverErrors = report.serverErrors.length;
  console.log(
    `5xx: ${serverErrors}; log lines with request data: ${leaked}; stderr/console lines with request data: ${leakedStderr}`,
  );
  for (const failure of report.serverErrors.slice(0, 20)) console.log(JSON.stringify(failure));

  server.close();
  await database.close();
  await drop();
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(serverErrors > 0 || leaked > 0 || leakedStderr > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
