import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { user } from '../db/schema/auth';
import { signUp, TEST_PASSWORD, uniqueEmail, verifyEmail } from '../testing/factories';
import { createTestApp } from '../testing/test-app';
import { trustedOriginsFor } from './auth';
import { loadEnv } from '../env';
import { vapidEnv } from '../testing/vapid';

describe('AUTH_AUTO_CONFIRM=true', () => {
  it('sign-up signs the user in at once, without verifying the address', async () => {
    const t = await createTestApp({ AUTH_AUTO_CONFIRM: 'true', ADMIN_EMAILS: 'boss@example.tt' });
    try {
      const client = t.client();
      const res = await signUp(client, { role: 'community' });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ token: null, signedIn: true, user: { role: 'community' } });
      expect(client.cookie('session_token')).toBeTruthy();
      const me = await client.get('/api/profile/me');
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ role: 'community', user: { emailVerified: false } });

      // Skipping verification never skips it for admin: ADMIN_EMAILS waits for the confirmed address.
      const boss = t.client();
      await signUp(boss, { email: 'boss@example.tt' });
      expect(await (await boss.get('/api/profile/me')).json()).toMatchObject({ role: 'family' });
      await verifyEmail(t, boss, 'boss@example.tt');
      expect(await (await boss.get('/api/profile/me')).json()).toMatchObject({ role: 'admin' });
    } finally {
      await t.close();
    }
  });
});

describe('mail delivery failure', () => {
  it('a sign-up whose e-mail cannot be sent is told so, and the account is kept', async () => {
    // Nothing listens on port 1: the SMTP connection is refused at once.
    const t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const email = uniqueEmail();
      const res = await signUp(t.client(), { email });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        emailSent: false,
        message:
          'Your account is saved, but we could not send the email just now. Please ask for a new verification email in a few minutes.',
        user: { email },
      });
      const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
      expect(row).toBeDefined();
      // The reset request does not reveal whether an address has an account, even when mail fails.
      const reset = await t.client().post('/api/auth/request-password-reset', { email });
      expect(reset.status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('https deployments', () => {
  it('the session cookie is Secure (and __Secure- prefixed) when APP_URL is https', async () => {
    const t = await createTestApp({ APP_URL: 'https://care.example.tt', AUTH_AUTO_CONFIRM: 'true' });
    try {
      const res = await signUp(t.client(), {});
      const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token=')) ?? '';
      expect(cookie.startsWith('__Secure-tavara.session_token=')).toBe(true);
      expect(cookie).toContain('Secure');
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
    } finally {
      await t.close();
    }
  });
});

describe('trusted origins', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tavara-auth-dev-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('trusts the Vite dev server origin in development only', () => {
    expect(trustedOriginsFor(loadEnv({ NODE_ENV: 'development' }))).toEqual([
      'http://localhost:3000',
      'http://localhost:5173',
    ]);
    expect(trustedOriginsFor(loadEnv({ NODE_ENV: 'test' }))).toEqual(['http://localhost:3000']);
    expect(
      trustedOriginsFor(
        loadEnv({
          NODE_ENV: 'production',
          ...vapidEnv(),
          APP_URL: 'https://care.example.tt',
          AUTH_SECRET: 'x'.repeat(40),
          SMTP_URL: 'smtp://mail.example.tt',
        }),
      ),
    ).toEqual(['https://care.example.tt']);
  });

  it('in development a signed-in request from the Vite dev server is accepted', async () => {
    const t = await createTestApp({ NODE_ENV: 'development', DATA_DIR: dataDir, AUTH_AUTO_CONFIRM: 'true' });
    try {
      const client = t.client();
      const email = uniqueEmail();
      await signUp(client, { email });
      const res = await client.post('/api/auth/sign-out', {}, { origin: 'http://localhost:5173' });
      expect(res.status).toBe(200);
      const again = await client.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
      expect(again.status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
