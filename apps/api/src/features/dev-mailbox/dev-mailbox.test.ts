import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env';
import { LOOPBACK, signUp, uniqueEmail, type DevMail } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { vapidEnv } from '../../testing/vapid';

describe('dev mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the stored e-mails newest first, with their links, and filters by address', async () => {
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await signUp(t.client(), { email: first });
    await signUp(t.client(), { email: second });

    const res = await t.client(LOOPBACK).get('/api/dev/mailbox');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { messages } = (await res.json()) as { messages: DevMail[] };
    expect(messages.map((m) => m.to).slice(0, 2)).toEqual([second, first]);
    const newest = messages[0];
    expect(newest).toMatchObject({ subject: 'Confirm your email address for Tavara', from: t.env.MAIL_FROM });
    expect(newest?.links[0]).toContain('/api/auth/verify-email?token=');
    expect(newest?.html).toContain('<a href=');
    expect(Number.isNaN(Date.parse(newest?.createdAt ?? ''))).toBe(false);

    const only = await t.client(LOOPBACK).get(`/api/dev/mailbox?to=${encodeURIComponent(first.toUpperCase())}`);
    expect(((await only.json()) as { messages: DevMail[] }).messages.map((m) => m.to)).toEqual([first]);
  });
});

describe('dev mailbox: who can read it (issue 13, item 6)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([['::1'], ['::ffff:127.0.0.1'], ['127.0.0.2']])('serves this machine (%s)', async (ip) => {
    expect((await t.client(ip).get('/api/dev/mailbox')).status).toBe(200);
  });

  it.each([['10.1.2.3'], ['192.168.1.20'], ['::ffff:10.0.0.1'], ['2001:db8::1']])(
    'is not there for another machine (%s)',
    async (ip) => {
      const res = await t.client(ip).get('/api/dev/mailbox');
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
    },
  );

  it('is not there for a request that came through a proxy, nor one without a socket', async () => {
    const proxied = await t.client(LOOPBACK).get('/api/dev/mailbox', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.status).toBe(404);
    expect((await t.app.request('/api/dev/mailbox')).status).toBe(404);
  });
});

describe('dev mailbox switched off', () => {
  it('is not there in development without DEV_MAILBOX=true, even from this machine', async () => {
    const t = await createTestApp({ NODE_ENV: 'development', DEV_MAILBOX: 'false' });
    try {
      const res = await t.client(LOOPBACK).get('/api/dev/mailbox');
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
    } finally {
      await t.close();
    }
  });

  it('cannot be switched on in production', () => {
    const production = {
      NODE_ENV: 'production',
      ...vapidEnv(),
      APP_URL: 'https://care.example.tt',
      AUTH_SECRET: 'p'.repeat(48),
      SMTP_URL: 'smtp://127.0.0.1:1',
    };
    expect(() => loadEnv({ ...production, DEV_MAILBOX: 'true' })).toThrow(/DEV_MAILBOX must not be set in production/);
    expect(loadEnv(production).DEV_MAILBOX).toBe(false);
  });

  it('does not exist in production (404)', async () => {
    const t = await createTestApp({
      NODE_ENV: 'production',
      ...vapidEnv(),
      APP_URL: 'https://care.example.tt',
      AUTH_SECRET: 'p'.repeat(48),
      SMTP_URL: 'smtp://127.0.0.1:1',
    });
    try {
      const res = await t.client(LOOPBACK).get('/api/dev/mailbox');
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
    } finally {
      await t.close();
    }
  });
});
