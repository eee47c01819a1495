import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { twoFactor, twoFactorUsedStep } from '../db/schema/auth';
import { createVerifiedUser, type TestUser } from '../testing/factories';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { TestClient } from '../testing/test-client';
import { secretOfTotpUri, totpCode } from '../testing/two-factor';
import { totpStepAt } from './totp-replay';

/**
 * Issue 22: a code from the authenticator app is accepted once. Every test runs on one fixed
 * instant, 10 s into a 30 s step (only Date is faked: timers and I/O run as usual), so "the same
 * window" and "the next window" are exact. Better Auth accepts the previous, current and next step.
 */
describe('TOTP codes are accepted once (issue 22)', () => {
  let t: TestApp;
  let now: number;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_DISABLED: 'true' });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    now = Math.floor(Date.now() / 30_000) * 30_000 + 10_000;
    vi.useFakeTimers({ toFake: ['Date'], now });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Turns two-factor on for `person` as the account page does, with the code of the instant `at`. */
  async function turnOn(person: TestUser, at: number): Promise<string> {
    const started = await person.client.post('/api/auth/two-factor/enable', { password: person.password });
    expect(started.status).toBe(200);
    const secret = secretOfTotpUri(((await started.json()) as { totpURI: string }).totpURI);
    const verified = await person.client.post('/api/auth/two-factor/verify-totp', {
      code: await totpCode(secret, at),
    });
    expect(verified.status).toBe(200);
    return secret;
  }

  /** A fresh browser past the password step, now asked for the second factor. */
  async function passwordStep(person: TestUser): Promise<TestClient> {
    const client = t.client();
    const res = await client.post('/api/auth/sign-in/email', { email: person.email, password: person.password });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);
    return client;
  }

  const answer = (client: TestClient, code: string) => client.post('/api/auth/two-factor/verify-totp', { code });
  const signedIn = async (client: TestClient) => (await client.get('/api/account/security')).status === 200;

  async function failedAttempts(userId: string): Promise<number | null> {
    const [row] = await t.database.db
      .select({ failed: twoFactor.failedVerificationCount })
      .from(twoFactor)
      .where(eq(twoFactor.userId, userId));
    return row?.failed ?? null;
  }

  it('a code accepted at sign-in is refused at the next sign-in, answered and counted like a wrong code', async () => {
    const person = await createVerifiedUser(t, { role: 'family' });
    const secret = await turnOn(person, now - 30_000);
    const code = await totpCode(secret, now);

    const phone = await passwordStep(person);
    expect((await answer(phone, code)).status).toBe(200);
    expect(await signedIn(phone)).toBe(true);

    // Whoever saw the code typed tries it from another browser, within its 30 s.
    const thief = await passwordStep(person);
    const wrong = await answer(thief, await totpCode(secret, now + 10 * 60_000));
    const replayed = await answer(thief, code);
    expect(replayed.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await replayed.json()).toEqual(await wrong.json());
    expect(await signedIn(thief)).toBe(false);
    // Both count toward the account's lock-out (10 failures in a row), as wrong codes do.
    expect(await failedAttempts(person.id)).toBe(2);
  });

  it('two sign-ins sending the same code at the same moment: exactly one gets in', async () => {
    const person = await createVerifiedUser(t, { role: 'professional' });
    const secret = await turnOn(person, now - 30_000);
    const code = await totpCode(secret, now);
    const browsers = await Promise.all([passwordStep(person), passwordStep(person), passwordStep(person)]);

    const answers = await Promise.all(browsers.map((b) => answer(b, code)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401]);
    const sessions = await Promise.all(browsers.map(signedIn));
    expect(sessions.filter(Boolean)).toHaveLength(1);
    const used = await t.database.db
      .select({ step: twoFactorUsedStep.step })
      .from(twoFactorUsedStep)
      .where(eq(twoFactorUsedStep.userId, person.id));
    expect(used.map((u) => u.step).sort()).toEqual([totpStepAt(now) - 1, totpStepAt(now)]);
  });

  it('the app’s next code still works, also once the used one’s step is over', async () => {
    const person = await createVerifiedUser(t, { role: 'community' });
    const secret = await turnOn(person, now - 30_000);
    expect((await answer(await passwordStep(person), await totpCode(secret, now))).status).toBe(200);

    // 30 s later the used code is the previous step's, which Better Auth still accepts: refused.
    vi.setSystemTime(now + 30_000);
    const laptop = await passwordStep(person);
    expect((await answer(laptop, await totpCode(secret, now))).status).toBe(401);
    expect((await answer(laptop, await totpCode(secret, now + 30_000))).status).toBe(200);
    expect(await signedIn(laptop)).toBe(true);
  });

  it('the code that turned two-factor on is refused at a sign-in and a check in the same window', async () => {
    const person = await createVerifiedUser(t, { role: 'family' });
    const secret = await turnOn(person, now);
    const code = await totpCode(secret, now);

    // The signed-in owner checking the same code again (the endpoint also takes a session).
    expect((await answer(person.client, code)).status).toBe(401);
    const phone = await passwordStep(person);
    expect((await answer(phone, code)).status).toBe(401);
    expect(await signedIn(phone)).toBe(false);
    expect((await answer(phone, await totpCode(secret, now + 30_000))).status).toBe(200);
    expect(await signedIn(phone)).toBe(true);
  });

  it('a right code refused for another reason (account locked) is not used up', async () => {
    const person = await createVerifiedUser(t, { role: 'professional' });
    const secret = await turnOn(person, now - 30_000);
    const code = await totpCode(secret, now);
    // Locked after too many wrong codes elsewhere (set directly: the lock-out has its own tests).
    await t.database.db
      .update(twoFactor)
      .set({ lockedUntil: new Date(now + 60_000) })
      .where(eq(twoFactor.userId, person.id));

    const phone = await passwordStep(person);
    expect((await answer(phone, code)).status).toBe(429);
    const claimed = await t.database.db.select().from(twoFactorUsedStep).where(eq(twoFactorUsedStep.userId, person.id));
    expect(claimed.map((c) => c.step)).toEqual([totpStepAt(now) - 1]);

    await t.database.db.update(twoFactor).set({ lockedUntil: null }).where(eq(twoFactor.userId, person.id));
    expect((await answer(phone, code)).status).toBe(200);
    expect(await signedIn(phone)).toBe(true);
  });

  it('used steps older than a few minutes are deleted when a code is accepted', async () => {
    const person = await createVerifiedUser(t, { role: 'community' });
    const secret = await turnOn(person, now - 30_000);
    const old = totpStepAt(now) - 20;
    await t.database.db.insert(twoFactorUsedStep).values({ userId: person.id, step: old });

    expect((await answer(await passwordStep(person), await totpCode(secret, now))).status).toBe(200);
    const left = await t.database.db
      .select()
      .from(twoFactorUsedStep)
      .where(and(eq(twoFactorUsedStep.userId, person.id), eq(twoFactorUsedStep.step, old)));
    expect(left).toEqual([]);
  });

  it('a backup code sent by two sign-ins at the same moment lets exactly one in', async () => {
    const person = await createVerifiedUser(t, { role: 'family' });
    const started = await person.client.post('/api/auth/two-factor/enable', { password: person.password });
    const { totpURI, backupCodes } = (await started.json()) as { totpURI: string; backupCodes: string[] };
    const secret = secretOfTotpUri(totpURI);
    expect((await answer(person.client, await totpCode(secret, now))).status).toBe(200);

    const browsers = await Promise.all([passwordStep(person), passwordStep(person)]);
    const answers = await Promise.all(
      browsers.map((b) => b.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect((await Promise.all(browsers.map(signedIn))).filter(Boolean)).toHaveLength(1);
  });
});
