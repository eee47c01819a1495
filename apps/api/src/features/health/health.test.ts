import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('health and status', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ E2E_TEST_HOOKS: 'true' });
  });
  afterAll(() => t.close());

  it('GET /api/health answers 200 after checking the database', async () => {
    const res = await t.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('GET /api/status reports the service available for the banner', async () => {
    const res = await t.app.request('/api/status');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; checkedAt: string };
    expect(body.status).toBe('available');
    expect(Number.isNaN(Date.parse(body.checkedAt))).toBe(false);
  });

  it('a simulated outage (test hook) turns health to 503 and the banner status to issues', async () => {
    const on = await t.app.request('/api/__test/database-outage', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ on: true }),
    });
    expect(on.status).toBe(200);
    expect((await t.app.request('/api/health')).status).toBe(503);
    expect(await (await t.app.request('/api/status')).json()).toMatchObject({ status: 'issues' });

    await t.app.request('/api/__test/database-outage', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ on: false }),
    });
    expect((await t.app.request('/api/health')).status).toBe(200);
  });

  it('test hooks answer bad input with field errors in the shared shape', async () => {
    const res = await t.app.request('/api/__test/database-outage', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ on: 'yes' }),
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.fields.on).toBeTruthy();
  });
});

describe('health without test hooks', () => {
  it('does not expose the test hooks', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.request('/api/__test/database-outage', { method: 'POST', body: '{}' });
      expect(res.status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('answers 503 when the database really is gone', async () => {
    const t = await createTestApp();
    await t.database.close();
    const health = await t.app.request('/api/health');
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'unavailable', checks: { database: 'unreachable' } });
    expect(await (await t.app.request('/api/status')).json()).toMatchObject({ status: 'issues' });
  });
});
