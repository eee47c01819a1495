import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLimit, rateLimit } from '../db/schema/auth';
import { createVerifiedUser, TEST_PASSWORD, type TestUser } from '../testing/factories';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { TestClient } from '../testing/test-client';
import { FAILED_SIGN_IN_LIMIT, signInSourceKey } from './account-limits';

/**
 * Issue 13, item 3: 100 wrong passwords from a handful of addresses used to lock the account for
 * an hour, the right password included. Now each source is throttled on its own, and the owner —
 * signing in from their own connection — gets in, only slowed down while the attack goes on.
 */
const SLOWDOWN_MS = 250;

describe('an attacker cannot lock the owner out', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_SIGN_IN_SLOWDOWN_MS: String(SLOWDOWN_MS) });
    owner = await createVerifiedUser(t);
  });
  afterAll(() => t.close());

  it('100 wrong passwords from 5 addresses throttle those addresses; the owner still signs in', async () => {
    const attackers: TestClient[] = Array.from({ length: 5 }, () => t.client());
    const outcomes: Record<number, number> = {};
    const refusals = new Set<string>();
    // 20 guesses per address, each address's in parallel (as a script would send them).
    await Promise.all(
      attackers.map(async (attacker) => {
        for (let i = 0; i < 20; i++) {
          // Better Auth's own per-IP rule (10 sign-ins a minute) is emptied before each guess, as
          // for an attacker pacing guesses past it: every refusal must come from the
          // per-account-per-source limit, or this test would pass without that limit.
          await t.database.db.delete(rateLimit);
          const res = await attacker.post('/api/auth/sign-in/email', {
            email: owner.email,
            password: `Wrong-guess-${i}-x`,
          });
          outcomes[res.status] = (outcomes[res.status] ?? 0) + 1;
          if (res.status === 429) refusals.add(((await res.json()) as { code?: string }).code ?? '(no code)');
        }
      }),
    );
    console.info(`lock-out test: attacker outcomes ${JSON.stringify(outcomes)}`);
    // Each address got at most 10 guesses checked; the rest were refused without a check.
    expect(outcomes[401]).toBeLessThanOrEqual(50);
    expect(outcomes[401]).toBeGreaterThan(FAILED_SIGN_IN_LIMIT.max);
    expect(outcomes[429]).toBeGreaterThanOrEqual(50);
    expect(Object.keys(outcomes).sort()).toEqual(['401', '429']);
    expect([...refusals]).toEqual(['TOO_MANY_FAILED_SIGN_INS']);

    // An attacking address is refused even with the right password (it cannot probe further).
    await t.database.db.delete(rateLimit);
    const probe = await attackers[0]!.post('/api/auth/sign-in/email', { email: owner.email, password: TEST_PASSWORD });
    expect(probe.status).toBe(429);
    expect(((await probe.json()) as { code?: string }).code).toBe('TOO_MANY_FAILED_SIGN_INS');

    // The owner, from their own connection: in, after the slow-down.
    const ownerBrowser = t.client();
    const started = performance.now();
    const res = await ownerBrowser.post('/api/auth/sign-in/email', { email: owner.email, password: TEST_PASSWORD });
    const took = performance.now() - started;
    expect(res.status).toBe(200);
    expect(took).toBeGreaterThanOrEqual(SLOWDOWN_MS - 20);
    console.info(`lock-out test: owner signed in with 200 after ${Math.round(took)} ms during the attack`);
    const session = await ownerBrowser.get('/api/auth/get-session');
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(owner.email);
  }, 120_000);

  it('an owner who mistypes from their own connection is not refused before 10 tries, and a success resets it', async () => {
    const user = await createVerifiedUser(t);
    const browser = t.client();
    for (let i = 0; i < 9; i++) {
      expect(
        (await browser.post('/api/auth/sign-in/email', { email: user.email, password: `Typo-${i}-pass` })).status,
      ).toBe(401);
    }
    expect((await browser.post('/api/auth/sign-in/email', { email: user.email, password: TEST_PASSWORD })).status).toBe(
      200,
    );
    // The count started again (a new try is not limited by the earlier mistakes).
    const rows = await t.database.db
      .select()
      .from(accountLimit)
      .where(eq(accountLimit.key, signInSourceKey(user.email, browser.ip)));
    expect(rows).toEqual([]);
  });
});
