import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/client';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../db/unavailable';
import { createVerifiedUser, signUp, TEST_PASSWORD, uniqueEmail } from '../testing/factories';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Issue 13, items 1, 2 and 7: Better Auth's routes fail like every other route. A database error
 * inside /api/auth/* answers in the API's error shape — 503 when the database cannot be reached —
 * and nothing the caller sent (an e-mail) is printed: not in the JSON log, not on stderr.
 */

/** Everything written to stderr and console.error while `fn` runs. */
async function captureStderr<T>(fn: () => Promise<T>): Promise<{ result: T; printed: string }> {
  const chunks: string[] = [];
  const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    chunks.push(String(chunk));
    return true;
  });
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    chunks.push(args.map((a) => (a instanceof Error ? `${a.message} ${JSON.stringify(a)}` : String(a))).join(' '));
  });
  try {
    return { result: await fn(), printed: chunks.join('\n') };
  } finally {
    write.mockRestore();
    consoleError.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('auth routes while the database server is down', () => {
  // A real PostgreSQL client pointed at a port nothing listens on: every query fails to connect,
  // as during a restart. The app is otherwise the production one.
  // The same secret as a working app, so a session cookie signed there is read here.
  const overrides = { LOG_LEVEL: 'info', AUTH_SECRET: 'outage-test-secret-0123456789abcdef-0123456789' };
  let t: TestApp;
  let up: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    up = await createTestApp(overrides);
    const down = await openDatabase({ driver: 'postgres', url: 'postgres://postgres@127.0.0.1:9/down', poolSize: 2 });
    t = await createTestApp(overrides, { database: down, logLines });
  });
  afterAll(async () => {
    await t.database.close();
    await up.close();
  });

  it.each([
    ['sign-in', '/api/auth/sign-in/email', { email: 'outage-victim@example.tt', password: TEST_PASSWORD }],
    [
      'sign-up',
      '/api/auth/sign-up/email',
      {
        email: 'outage-victim@example.tt',
        password: TEST_PASSWORD,
        name: 'Outage Victim',
        firstName: 'Outage',
        lastName: 'Victim',
        role: 'family',
      },
    ],
    ['password reset request', '/api/auth/request-password-reset', { email: 'outage-victim@example.tt' }],
  ])('%s answers 503 in the API shape and prints no e-mail', async (_name, path, body) => {
    const { result: res, printed } = await captureStderr(() => t.client().post(path, body));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({
      error: { code: 'service_unavailable', message: DATABASE_UNAVAILABLE_MESSAGE },
    });
    expect(printed).not.toContain('outage-victim');
    expect(printed).not.toContain('SERVER_ERROR');
    expect(logLines.join('\n')).not.toContain('outage-victim');
    expect(logLines.some((line) => line.includes('database unavailable'))).toBe(true);
  });

  it('get-session with a session cookie answers 503, and so does ensuring a profile', async () => {
    const { client: signedIn } = await createVerifiedUser(up);
    expect(signedIn.cookie('session_token')).toBeTruthy();
    const client = t.client();
    for (const [name, value] of signedIn.cookies) client.cookies.set(name, value);
    expect((await client.get('/api/auth/get-session')).status).toBe(503);
    expect((await client.post('/api/profile/ensure')).status).toBe(503);
  });
});

describe('auth routes when a query fails for another reason', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logLines });
  });
  afterAll(() => t.close());

  it('answer 500 in the API shape, logged through the JSON logger without the e-mail', async () => {
    const email = uniqueEmail('probe-victim');
    expect((await signUp(t.client(), { email })).status).toBe(200);
    // The users table disappears (a broken migration, say): the query fails with a database error.
    await t.database.db.execute(sql`alter table users rename to users_gone`);
    try {
      const { result: res, printed } = await captureStderr(() =>
        t.client().post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD }),
      );
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({ error: { code: 'internal' } });
      expect(printed).not.toContain(email);
      expect(printed).not.toContain('SERVER_ERROR');
      const logged = logLines.join('\n');
      expect(logged).not.toContain(email);
      expect(logLines.some((line) => line.includes('"unhandled error"'))).toBe(true);
    } finally {
      await t.database.db.execute(sql`alter table users_gone rename to users`);
    }
  });
});
