import { DATE_MESSAGES, MAX_SUPPORTED_DATE, MIN_SUPPORTED_DATE } from '@tavara/shared/time/date-params';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlan, send } from '../../testing/care-plan-requests';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import { addMedication, medicationInput } from '../../testing/medication-requests';
import { createTestApp, type TestApp } from '../../testing/test-app';

interface ErrorJson {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/**
 * Issue 32, item 3: dates at the edge of the range are bad input, not a crash. The audit's three
 * reproductions answered 500 (`RangeError: Invalid time value`); every route that takes a date
 * now reads it with the one shared schema (packages/shared/src/time/date-params.ts).
 */
describe('date parameters at the edge of the range', () => {
  let t: TestApp;
  let family: TestUser;
  let admin: TestUser;
  let planId: string;
  beforeAll(async () => {
    t = await createTestApp();
    family = await createVerifiedUser(t, { role: 'family' });
    admin = await createVerifiedUser(t, { role: 'admin' });
    planId = await createPlan(family.client);
    await addMedication(family.client, planId);
  });
  afterAll(() => t.close());

  const outside = ['9999-12-31', '0000-01-01', '1899-12-31', '2101-01-01'];

  it('the audit’s URLs and every other date parameter answer the range message beside the field', async () => {
    const urls = (date: string) => [
      [`/api/care-plans/${planId}?week=${date}`, 'week'],
      [`/api/care-plans/${planId}/doses?date=${date}`, 'date'],
      [`/api/care-plans/${planId}/shifts?from=${date}`, 'from'],
      [`/api/care-plans/${planId}/shifts?from=2026-01-01&to=${date}`, 'to'],
      [`/api/professional/schedule?date=${date}`, 'date'],
      [`/api/professional/schedule?from=${date}`, 'from'],
    ];
    for (const date of outside) {
      for (const [url, field] of urls(date)) {
        const res = await family.client.get(url!);
        expect(res.status, url).toBe(400);
        const body = (await res.json()) as ErrorJson;
        expect(body.error.code, url).toBe('bad_request');
        expect(body.error.fields?.[field!], url).toBe(DATE_MESSAGES.outOfRange);
      }
      const funnel = await admin.client.get(`/api/admin/user-journey/funnel?from=${date}`);
      expect(funnel.status).toBe(400);
      expect(((await funnel.json()) as ErrorJson).error.fields?.from).toBe(DATE_MESSAGES.outOfRange);
    }
  });

  it('dates in bodies too: a medicine starting in 9999 or a dose timed in year 0 is refused beside the field', async () => {
    const med = await send(family.client, 'POST', `/api/care-plans/${planId}/medications`, {
      ...medicationInput(),
      startDate: '9999-12-31',
    });
    expect(med.status).toBe(422);
    expect(((await med.json()) as ErrorJson).error.fields?.startDate).toBe(DATE_MESSAGES.outOfRange);
    const plan = await send(family.client, 'POST', '/api/care-plans', {
      title: 'Far future',
      planType: 'scheduled',
      startDate: '0000-01-01',
    });
    expect(plan.status).toBe(422);
    expect(((await plan.json()) as ErrorJson).error.fields?.startDate).toBe(DATE_MESSAGES.outOfRange);
  });

  it('the first and last supported days are answered normally', async () => {
    for (const date of [MIN_SUPPORTED_DATE, MAX_SUPPORTED_DATE]) {
      for (const url of [
        `/api/care-plans/${planId}?week=${date}`,
        `/api/care-plans/${planId}/doses?date=${date}`,
        `/api/care-plans/${planId}/shifts?from=${date}&to=${date}`,
        `/api/professional/schedule?date=${date}&view=month`,
      ]) {
        expect((await family.client.get(url)).status, url).toBe(200);
      }
    }
  });
});
