import { readdirSync, readFileSync } from 'node:fs';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signInElsewhere, TEST_PASSWORD } from '../testing/factories';
import { createTestApp, type TestApp } from '../testing/test-app';
import { account } from '../db/schema/auth';
import { createPasswordHasher, HashQueueFullError, LOW_COST_TAG } from './password-hasher';
import { AUTH_MESSAGES } from '@tavara/shared/auth/auth-messages';

/** The nice values of this process's threads (Linux: field 19 of /proc/self/task/<tid>/stat). */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('password hashing off the event loop (issue 23 item 4)', () => {
  const hasher = createPasswordHasher({ threads: 1, queueLimit: 2, nice: 10 });
  afterAll(() => hasher.close());

  it('keeps Better Auth’s format: its hashes verify here and ours verify there', async () => {
    const theirs = await hashPassword(TEST_PASSWORD);
    expect(await hasher.verify({ hash: theirs, password: TEST_PASSWORD })).toBe(true);
    expect(await hasher.verify({ hash: theirs, password: `${TEST_PASSWORD}x` })).toBe(false);
    const ours = await hasher.hash('Ça-va-Trinité-2026');
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash: ours, password: 'Ça-va-Trinité-2026' })).toBe(true);
    // NFKC, as Better Auth: a composed and a decomposed "é" are the same password.
    expect(await hasher.verify({ hash: ours, password: 'C\u0327a-va-Trinite\u0301-2026' })).toBe(true);
  });

  it.runIf(process.platform === 'linux')('hashes on a thread whose nice value is lowered', async () => {
    await hasher.hash('warm-up-the-worker');
    expect(hasher.stats).toMatchObject({ threads: 1, priorityLowered: true });
    expect(threadNiceValues()).toContain(10);
  });

  it('queues up to its bound and refuses the rest at once', async () => {
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => hasher.hash(`burst-${i}-password`)));
    const refused = results.filter((r) => r.status === 'rejected');
    // One hashing, two waiting; the fourth and fifth find the queue full.
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(refused).toHaveLength(2);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(HashQueueFullError);
    expect(hasher.stats).toMatchObject({ busy: 0, waiting: 0 });
  });
});

describe('the low test cost (issue 34)', () => {
  const low = createPasswordHasher({ threads: 1, queueLimit: 8, nice: 0, cost: 'low' });
  const production = createPasswordHasher({ threads: 1, queueLimit: 8, nice: 0 });
  afterAll(() => Promise.all([low.close(), production.close()]));

  it('tags its hashes, still verifies production ones, and a production hasher refuses its hashes', async () => {
    const cheap = await low.hash(TEST_PASSWORD);
    expect(cheap).toMatch(new RegExp(`^${LOW_COST_TAG}:[0-9a-f]{32}:[0-9a-f]{128}$`));
    expect(await low.verify({ hash: cheap, password: TEST_PASSWORD })).toBe(true);
    expect(await low.verify({ hash: cheap, password: `${TEST_PASSWORD}x` })).toBe(false);
    const strong = await production.hash(TEST_PASSWORD);
    expect(await low.verify({ hash: strong, password: TEST_PASSWORD })).toBe(true);
    await expect(production.verify({ hash: cheap, password: TEST_PASSWORD })).rejects.toThrow('Invalid password hash');
  });
});

// At the production cost (the other API tests hash at the low test cost): a sign-up and sign-ins
// as in production, and the queue bound, which needs hashes that take real time.
describe('sign-in beyond the hashing queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      AUTH_HASH_CONCURRENCY: '1',
      AUTH_HASH_QUEUE_LIMIT: '1',
      AUTH_PASSWORD_HASH_COST: 'production',
    });
  });
  afterAll(() => t.close());

  it('stores the new account’s password at the production cost, in Better Auth’s format', async () => {
    const u = await createVerifiedUser(t);
    const [row] = await t.database.db
      .select({ password: account.password })
      .from(account)
      .where(eq(account.userId, u.id));
    expect(row?.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash: row!.password!, password: TEST_PASSWORD })).toBe(true);
    await signInElsewhere(t, u.email, TEST_PASSWORD);
  });

  it('answers 503 with Retry-After and a message, and the account signs in once the burst is over', async () => {
    const u = await createVerifiedUser(t);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.client().post('/api/auth/sign-in/email', { email: u.email, password: u.password }),
      ),
    );
    const busy = answers.filter((r) => r.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(answers.filter((r) => r.status === 200).length).toBeGreaterThan(0);
    expect(answers.every((r) => r.status === 200 || r.status === 503)).toBe(true);
    expect(busy[0]?.headers.get('retry-after')).toBe('2');
    expect(await busy[0]?.json()).toMatchObject({ code: 'HASHING_BUSY', message: AUTH_MESSAGES.signInBusy });
    // A refused sign-in is not a wrong password (no failed-sign-in count): the next attempt works.
    await signInElsewhere(t, u.email, TEST_PASSWORD);
  });
});
