import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signUp, type TestUser, uniqueEmail } from '../testing/factories';
import { saveRegistration } from '../testing/registration-requests';
import { addProfessional, createPlan, send } from '../testing/care-plan-requests';
import { addedOnStartDate, addMedication, localToday, recordDose } from '../testing/medication-requests';
import { notificationJobs } from './schema/notifications';
import { familySnapshot, newMessageId, postMessages, putSession } from '../testing/chat-requests';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDriver } from '../testing/test-database';
import { features } from './schema/features';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './unavailable';

/**
 * Issue 13, item 1: a PostgreSQL restart never kills the server. A restart ends every backend of
 * the database; `pg_terminate_backend` does exactly that to this test's own database (filtered by
 * name: other test files and other people share the server), in the middle of concurrent writes —
 * chat saves and transcript batches (transactions), votes, and a transaction left open on a
 * checked-out client, the case that used to end the process with "Unhandled 'error' event".
 */
const ROUNDS = Number(process.env.RESTART_ROUNDS ?? 25);

describe('connection errors answer 503 in the API error shape', () => {
  it.each([
    [
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
        severity: 'FATAL',
      }),
    ],
    [new Error('Connection terminated unexpectedly')],
    [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    [new Error('Failed query: insert …', { cause: new Error('Connection terminated unexpectedly') })],
  ])('%s is the database being unavailable', (error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    [Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505', severity: 'ERROR' })],
    [new Error('something else')],
  ])('%s is not', (error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe.runIf(testDriver() === 'postgres')('PostgreSQL ends every connection during writes', () => {
  let t: TestApp;
  let admin: pg.Client;
  let databaseName: string;
  let voter: TestUser;
  let formFiller: TestUser;
  let featureIds: string[];
  // Issue 32, item 7: the newer features' writes too — shifts, doses, board posts, notification jobs.
  let owner: TestUser;
  let pro: TestUser;
  let poster: TestUser;
  let planId: string;
  let medicationId: string;
  let sequence = 0;
  let postsCreated = 0;

  beforeAll(async () => {
    // Better Auth's per-IP limits off: every writer signs in from fresh addresses, many times.
    t = await createTestApp({ AUTH_RATE_LIMIT_DISABLED: 'true' });
    const result = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    databaseName = result.rows[0]!.name;
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    voter = await createVerifiedUser(t, { role: 'family' });
    formFiller = await createVerifiedUser(t, { role: 'family' });
    featureIds = (await t.database.db.select({ id: features.id }).from(features)).map((f) => f.id);
    owner = await createVerifiedUser(t, { role: 'family' });
    pro = await createVerifiedUser(t, { role: 'professional' });
    poster = await createVerifiedUser(t, { role: 'family' });
    planId = await createPlan(owner.client, { startDate: localToday(-30) });
    await addProfessional(owner.client, planId, pro);
    medicationId = await addMedication(owner.client, planId, { startDate: localToday(-29) });
    // In use since its start date, so the last four weeks' doses are ones it was due (issue 28).
    await addedOnStartDate(t.database.db, medicationId);
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  /** Ends every backend of this test's database only (never another one on the shared server). */
  async function terminateOurBackends(): Promise<number> {
    const result = await admin.query<{ ended: boolean }>(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [databaseName],
    );
    return result.rows.filter((r) => r.ended).length;
  }

  /**
   * One writer until `stop`: by index, chat saves and message batches from fresh visitors (the
   * session issued first), vote toggles, the account routes (sign-up of a new address and sign-in
   * of an existing one, through Better Auth's router), or registration form saves.
   */
  async function writer(index: number, stop: { done: boolean }, statuses: number[], bad: string[]) {
    let n = 0;
    while (!stop.done) {
      n += 1;
      const requests: Promise<Response>[] = [];
      if (index % 4 === 0) {
        const visitor = t.client();
        const issued = await visitor.request('/api/chat/sessions', { method: 'POST' });
        statuses.push(issued.status);
        if (issued.status !== 201) {
          await checkAnswer(issued, bad);
          continue;
        }
        const { sessionId } = (await issued.json()) as { sessionId: string };
        requests.push(putSession(visitor, sessionId, familySnapshot({ lastActive: Date.now() })));
        requests.push(
          postMessages(visitor, sessionId, [
            { id: newMessageId(), content: `Message ${n}`, sender: 'user', timestamp: Date.now() },
          ]),
        );
      } else if (index % 4 === 2) {
        requests.push(signUp(t.client(), { email: uniqueEmail(`restart-${index}-${n}`) }));
        requests.push(t.client().post('/api/auth/sign-in/email', { email: voter.email, password: voter.password }));
      } else if (index === 3) {
        requests.push(saveRegistration(formFiller.client, 'family'));
      } else if (index === 5) {
        // A one-off shift, then booked for the professional: the booking notifies them and
        // queues their e-mail job in the same transaction.
        const seq = (sequence += 1);
        const day = localToday(1 + (seq % 300));
        const hour = String(6 + (seq % 12)).padStart(2, '0');
        const created = await send(owner.client, 'POST', `/api/care-plans/${planId}/shifts`, {
          start: `${day}T${hour}:00`,
          end: `${day}T${hour}:45`,
        });
        statuses.push(created.status);
        if (created.status !== 201) {
          await checkAnswer(created, bad);
          continue;
        }
        const { shift } = (await created.json()) as { shift: { id: string } };
        requests.push(send(owner.client, 'POST', `/api/shifts/${shift.id}/assign`, { userId: pro.id, mode: 'assign' }));
      } else if (index === 7) {
        const seq = (sequence += 1);
        // A past day, never today: today's 08:05 is still in the future before 8 in Trinidad,
        // and the server refuses a dose given in the future.
        const doseDay = localToday(-(1 + (seq % 28)));
        requests.push(
          recordDose(pro.client, planId, {
            medicationId,
            scheduledFor: `${doseDay}T08:00`,
            status: seq % 3 === 0 ? 'skipped' : 'given',
            ...(seq % 3 === 0 ? { reason: 'Asleep' } : { givenAt: `${doseDay}T08:05` }),
          }),
        );
        const post = await poster.client.post('/api/boards/posts', {
          type: 'care_need',
          title: `Evening carer needed ${seq}`,
          region: 'arima',
          urgency: 'within_48_hours',
          details: 'Help with evening routines for my mother, three evenings a week.',
          careCodes: ['in_home_care'],
        });
        statuses.push(post.status);
        // Ten posts an hour per person (BOARD_LIMITS): the rest are refused, which is an answer too.
        if (post.status === 201) postsCreated += 1;
        else if (post.status !== 429) await checkAnswer(post, bad);
      } else {
        const featureId = featureIds[n % featureIds.length];
        requests.push(
          voter.client.request(`/api/features/${featureId}/vote`, { method: n % 2 === 0 ? 'POST' : 'DELETE' }),
        );
      }
      for (const res of await Promise.all(requests)) {
        statuses.push(res.status);
        await checkAnswer(res, bad);
      }
    }
  }

  /** A 5xx must be exactly the 503 shape; anything else a success (or a lost vote race, 409). */
  async function checkAnswer(res: Response, bad: string[]) {
    if (res.status >= 500) {
      const text = await res.text();
      const body = (text ? JSON.parse(text) : {}) as { error?: { code?: string; message?: string } };
      const shaped =
        res.status === 503 &&
        body.error?.code === 'service_unavailable' &&
        body.error.message === DATABASE_UNAVAILABLE_MESSAGE;
      if (!shaped) bad.push(`${res.status} ${text.slice(0, 300) || '(empty body)'}`);
    } else if (![200, 201, 409].includes(res.status)) {
      bad.push(`${res.status} ${(await res.text()).slice(0, 300)}`);
    }
  }

  it(`lives through ${ROUNDS} rounds of every backend ended mid-write, and serves again by itself`, async () => {
    let survived = 0;
    let endedBackends = 0;
    const statuses: number[] = [];
    const bad: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const stop = { done: false };
      const writers = Array.from({ length: 8 }, (_, i) => writer(i, stop, statuses, bad));
      // A transaction left open on a checked-out client while its backend is ended.
      const openTransaction = t.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await sleep(400);
          await tx.execute(sql`select 1`);
        })
        .then(
          () => 'committed',
          (error: unknown) => (isDatabaseUnavailable(error) ? 'unavailable' : `other: ${String(error)}`),
        );
      await sleep(150);
      endedBackends += await terminateOurBackends();
      await sleep(100);
      stop.done = true;
      await Promise.all(writers);
      expect(await openTransaction).toMatch(/^(committed|unavailable)$/);

      // Recovery without help: the next requests work again.
      await expect
        .poll(async () => (await voter.client.get('/api/dashboard/me')).status, { timeout: 10_000, interval: 100 })
        .toBe(200);
      const health = await t.app.request('/api/health');
      expect(health.status).toBe(200);
      survived += 1;
    }
    console.info(
      `PostgreSQL restarts survived under write load: ${survived}/${ROUNDS}; backends ended: ${endedBackends}; ` +
        `shifts and dose writes: ${sequence}, board posts: ${postsCreated}; ` +
        `requests: ${statuses.length}, 503: ${statuses.filter((s) => s === 503).length}`,
    );
    expect(bad).toEqual([]);
    expect(survived).toBe(ROUNDS);
    expect(postsCreated).toBeGreaterThan(0);
    expect((await t.database.db.select({ id: notificationJobs.id }).from(notificationJobs)).length).toBeGreaterThan(0);
    // Without an 'error' listener on checked-out clients, the ended backends raise unhandled
    // 'error' events here (Vitest fails the run; in the server they end the process).
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
  }, 300_000);
});
