import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail, type DevMail } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

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

    const res = await t.app.request('/api/dev/mailbox');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { messages } = (await res.json()) as { messages: DevMail[] };
    expect(messages.map((m) => m.to).slice(0, 2)).toEqual([second, first]);
    const newest = messages[0];
    expect(newest).toMatchObject({ subject: 'Confirm your email address for Tavara', from: t.env.MAIL_FROM });
    expect(newest?.links[0]).toContain('/api/auth/verify-email?token=');
    expect(newest?.html).toContain('<a href=');
    expect(Number.isNaN(Date.parse(newest?.createdAt ?? ''))).toBe(false);

    const only = await t.app.request(`/api/dev/mailbox?to=${encodeURIComponent(first.toUpperCase())}`);
    expect(((await only.json()) as { messages: DevMail[] }).messages.map((m) => m.to)).toEqual([first]);
  });
});

describe('dev mailbox in production', () => {
  it('does not exist (404)', async () => {
    const t = await createTestApp({
      NODE_ENV: 'production',
      APP_URL: 'https://care.example.tt',
      AUTH_SECRET: 'p'.repeat(48),
      SMTP_URL: 'smtp://127.0.0.1:1',
    });
    try {
      const res = await t.app.request('/api/dev/mailbox');
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
    } finally {
      await t.close();
    }
  });
});
