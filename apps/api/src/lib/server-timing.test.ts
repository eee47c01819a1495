import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../env';
import { createVerifiedUser } from '../testing/factories';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDriver } from '../testing/test-database';
import { statementsOf } from './server-timing';

describe(`Server-Timing statement counts (${testDriver()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SERVER_TIMING: 'true' });
  });
  afterAll(() => t.close());

  it('a signed-in read says how many statements it took; a request without the database says 0', async () => {
    const user = await createVerifiedUser(t, { role: 'family' });
    const me = await user.client.get('/api/profile/me');
    expect(me.status).toBe(200);
    const counted = statementsOf(me.headers.get('server-timing'));
    // The session lookup and the profile read at least; a count that grew with every request
    // (a store shared across requests) would show here as more than a handful.
    expect(counted).toBeGreaterThanOrEqual(1);
    expect(counted).toBeLessThan(10);
    const again = await user.client.get('/api/profile/me');
    expect(statementsOf(again.headers.get('server-timing'))).toBe(counted);

    const config = await t.client().get('/api/public-config');
    expect(statementsOf(config.headers.get('server-timing'))).toBe(0);
  });

  it('is off unless asked for, and refused in production', async () => {
    const plain = await createTestApp({}, { database: t.database });
    const res = await plain.client().get('/api/public-config');
    expect(res.headers.get('server-timing')).toBeNull();
    expect(() =>
      loadEnv({
        NODE_ENV: 'production',
        SERVER_TIMING: 'true',
        APP_URL: 'https://care.example.tt',
        AUTH_SECRET: 'x'.repeat(40),
        SMTP_URL: 'smtp://127.0.0.1:25',
      }),
    ).toThrow(EnvError);
  });
});
