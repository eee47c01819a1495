import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLimit } from '../db/schema/auth';
import { createVerifiedUser, latestMail, signUp, TEST_PASSWORD, uniqueEmail } from '../testing/factories';
import { createTestApp, type TestApp } from '../testing/test-app';
import { randomIp } from '../testing/test-client';
import { failedSignInKey, SIGN_IN_ATTEMPTS_PER_SOURCE_LIMIT, signInSourceKey } from './account-limits';
import { AUTH_RATE_LIMIT_RULES } from './auth';

/** Runs `count` calls of `fn`, `batch` at a time. */
async function inBatches<T>(count: number, batch: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    results.push(...(await Promise.all(Array.from({ length: size }, (_, i) => fn(start + i)))));
  }
  return results;
}

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('one address gets 429 with a wait time after 10 sign-in attempts a minute; another address does not', async () => {
    const max = AUTH_RATE_LIMIT_RULES['/sign-in/email'].max;
    const client = t.client();
    const attempt = () =>
      client.post('/api/auth/sign-in/email', { email: uniqueEmail(), password: 'wrong-password-1' });
    const statuses = await inBatches(max, 5, async () => (await attempt()).status);
    expect(statuses).toEqual(Array(max).fill(401));

    const limited = await attempt();
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await limited.json()).toEqual({
      code: 'rate_limited',
      message: `Too many attempts. Please wait ${retryAfter} second${retryAfter === 1 ? '' : 's'} and try again.`,
    });

    const other = await t.client().post('/api/auth/sign-in/email', { email: uniqueEmail(), password: 'x-wrong-1' });
    expect(other.status).toBe(401);
  });

  it('a client address cannot pick its own rate-limit bucket with a header', async () => {
    const client = t.client();
    const max = AUTH_RATE_LIMIT_RULES['/request-password-reset'].max;
    const statuses = await inBatches(max + 1, 3, async () => {
      const res = await client.post(
        '/api/auth/request-password-reset',
        { email: uniqueEmail() },
        { headers: { 'x-forwarded-for': randomIp(), 'x-tavara-client-ip': randomIp() } },
      );
      return res.status;
    });
    expect(statuses.filter((s) => s === 200)).toHaveLength(max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  });

  it('a second reset e-mail to the same address within a minute is refused, known or not', async () => {
    const { email } = await createVerifiedUser(t);
    for (const address of [email, uniqueEmail('nobody')]) {
      expect((await t.client().post('/api/auth/request-password-reset', { email: address })).status).toBe(200);
      const again = await t.client().post('/api/auth/request-password-reset', { email: address.toUpperCase() });
      expect(again.status).toBe(429);
      expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await again.json()).toEqual({
        code: 'RESET_EMAIL_TOO_SOON',
        message:
          'A password reset email was sent to this address less than a minute ago. Please wait a minute before asking again.',
      });
    }
  });

  it('every failed sign-in counts against the address, whether or not it has an account', async () => {
    const { email } = await createVerifiedUser(t);
    const unknown = uniqueEmail('nobody');
    for (const address of [email, unknown]) {
      for (let i = 0; i < 3; i++) {
        const res = await t.client().post('/api/auth/sign-in/email', { email: address, password: `wrong-${i}-pass` });
        expect(res.status).toBe(401);
      }
    }
    const counts = await t.database.db
      .select({ key: accountLimit.key, count: accountLimit.count })
      .from(accountLimit)
      .where(inArray(accountLimit.key, [failedSignInKey(email), failedSignInKey(unknown)]));
    expect(counts.map((c) => c.count)).toEqual([3, 3]);
  });

  it('a source with 10 sign-in attempts for an account waits; a reset clears it', async () => {
    const { email } = await createVerifiedUser(t);
    const unknown = uniqueEmail('nobody');
    const { max } = SIGN_IN_ATTEMPTS_PER_SOURCE_LIMIT;
    expect(max).toBe(10);
    const source = t.client();
    // Shortcut: nine attempts already counted from this source (one request each below).
    await t.database.db.insert(accountLimit).values([
      { key: signInSourceKey(email, source.ip), count: max - 1 },
      { key: signInSourceKey(unknown, source.ip), count: max - 1 },
    ]);
    const signIn = (address: string, password: string) =>
      source.post('/api/auth/sign-in/email', { email: address, password });

    expect((await signIn(email, 'wrong-password-10')).status).toBe(401);
    expect((await signIn(unknown, 'wrong-password-10')).status).toBe(401);
    const locked = await signIn(email, TEST_PASSWORD);
    const lockedUnknown = await signIn(unknown, TEST_PASSWORD);
    expect(locked.status).toBe(429);
    expect(lockedUnknown.status).toBe(429);
    const body = await locked.json();
    expect(body).toEqual({
      code: 'TOO_MANY_FAILED_SIGN_INS',
      message:
        'Too many failed sign-in attempts for this account from this connection. Please wait 15 minutes or reset your password.',
    });
    expect(await lockedUnknown.json()).toEqual(body);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);

    // A password reset ends it for every source.
    await t.client().post('/api/auth/request-password-reset', { email });
    const token = new URL((await latestMail(t, email, 'Reset your')).links[0] ?? '').searchParams.get('token');
    const reset = await t.client().post('/api/auth/reset-password', { token, newPassword: 'Sorrel-And-Ginger-2026' });
    expect(reset.status).toBe(200);
    expect((await signIn(email, 'Sorrel-And-Ginger-2026')).status).toBe(200);
  });

  it('an unverified account with the right password does not count as a failed sign-in', async () => {
    const email = uniqueEmail();
    await signUp(t.client(), { email });
    const res = await t.client().post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(res.status).toBe(403);
    const rows = await t.database.db
      .select()
      .from(accountLimit)
      .where(eq(accountLimit.key, failedSignInKey(email)));
    expect(rows).toEqual([]);
  });
});

describe('rate limits turned off for a test run (AUTH_RATE_LIMIT_DISABLED)', () => {
  it('lets one address make more attempts than the limit', async () => {
    const t = await createTestApp({ AUTH_RATE_LIMIT_DISABLED: 'true' });
    try {
      const client = t.client();
      const max = AUTH_RATE_LIMIT_RULES['/request-password-reset'].max;
      for (let i = 0; i <= max; i++) {
        const res = await client.post('/api/auth/request-password-reset', { email: 'same@example.tt' });
        expect(res.status).toBe(200);
      }
    } finally {
      await t.close();
    }
  });
});
