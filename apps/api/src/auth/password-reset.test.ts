import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verification } from '../db/schema/auth';
import { createVerifiedUser, latestMail, mailsTo, signInElsewhere, uniqueEmail } from '../testing/factories';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { TestClient } from '../testing/test-client';

const NEW_PASSWORD = 'Coconut-Bake-At-Dawn-7';

interface ResetLink {
  url: URL;
  token: string;
}

/** Asks for a reset e-mail and returns the link it carries. */
async function requestReset(t: TestApp, email: string, client: TestClient = t.client()): Promise<ResetLink> {
  const res = await client.post('/api/auth/request-password-reset', { email });
  expect(res.status).toBe(200);
  const mail = await latestMail(t, email, 'Reset your');
  const url = new URL(mail.links[0] ?? '');
  return { url, token: url.searchParams.get('token') ?? '' };
}

async function validateLink(t: TestApp, token: string, email?: string) {
  const query = new URLSearchParams({ token, ...(email !== undefined ? { email } : {}) });
  const res = await t.app.request(`/api/auth-extra/reset-token/validate?${query}`);
  expect(res.status).toBe(200);
  return res.json();
}

describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('known and unknown addresses get the same answer; only the known one gets an e-mail', async () => {
    const { email } = await createVerifiedUser(t);
    const unknown = uniqueEmail('nobody');
    const known = await t.client().post('/api/auth/request-password-reset', { email });
    const missing = await t.client().post('/api/auth/request-password-reset', { email: unknown });
    expect(known.status).toBe(200);
    expect(missing.status).toBe(200);
    expect(await known.json()).toEqual(await missing.json());
    expect((await latestMail(t, email, 'Reset your')).to).toBe(email);
    expect(await mailsTo(t, unknown)).toEqual([]);
  });

  it('the e-mail links to the confirm page with token, type=recovery and the address, valid 24 hours', async () => {
    const { email, id } = await createVerifiedUser(t);
    const { url, token } = await requestReset(t, email);
    expect(`${url.origin}${url.pathname}`).toBe(`${t.env.APP_URL}/auth/reset-password/confirm`);
    expect(url.searchParams.get('type')).toBe('recovery');
    expect(url.searchParams.get('email')).toBe(email);
    expect(token.length).toBeGreaterThanOrEqual(24);
    const mail = await latestMail(t, email, 'Reset your');
    expect(mail.text).toContain('expires in 24 hours');

    const [row] = await t.database.db.select().from(verification).where(eq(verification.value, id));
    const hoursLeft = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThanOrEqual(24);
    // The token is stored hashed: a copy of the database does not hold working links.
    expect(row?.identifier).not.toContain(token);
  });

  it('a reset link works once, and the validate endpoint says so without using it up', async () => {
    const { email } = await createVerifiedUser(t);
    const { token } = await requestReset(t, email);
    expect(await validateLink(t, token, email)).toEqual({ valid: true });
    expect(await validateLink(t, token, email)).toEqual({ valid: true });
    expect(await validateLink(t, token, uniqueEmail())).toEqual({
      valid: false,
      message: 'Invalid or expired reset link. Please request a new password reset link.',
    });
    expect(await validateLink(t, token)).toEqual({
      valid: false,
      message: 'Invalid recovery link. The link must include an email parameter.',
    });

    const first = await t.client().post('/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(first.status).toBe(200);
    const second = await t.client().post('/api/auth/reset-password', { token, newPassword: `${NEW_PASSWORD}!` });
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(await validateLink(t, token, email)).toMatchObject({ valid: false });

    expect((await t.client().post('/api/auth/sign-in/email', { email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('an expired link is invalid and cannot set a password', async () => {
    const { email, id } = await createVerifiedUser(t);
    const { token } = await requestReset(t, email);
    await t.database.db
      .update(verification)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(verification.value, id));
    expect(await validateLink(t, token, email)).toMatchObject({ valid: false });
    const res = await t.client().post('/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
  });

  it('after a reset every session of that user ends, and only the new password signs in', async () => {
    const user = await createVerifiedUser(t);
    const laptop = await signInElsewhere(t, user.email, user.password);
    expect(await (await user.client.get('/api/auth/get-session')).json()).not.toBeNull();
    const { token } = await requestReset(t, user.email);
    const res = await t.client().post('/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);

    for (const client of [user.client, laptop]) {
      expect(await (await client.get('/api/auth/get-session')).json()).toBeNull();
      expect((await client.get('/api/profile/me')).status).toBe(401);
    }
    const old = await t.client().post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(old.status).toBe(401);
    const fresh = await t.client().post('/api/auth/sign-in/email', { email: user.email, password: NEW_PASSWORD });
    expect(fresh.status).toBe(200);
  });

  it('the new password must be 8+ characters and not a common one', async () => {
    const { email } = await createVerifiedUser(t);
    const { token } = await requestReset(t, email);
    const weak = await t.client().post('/api/auth/reset-password', { token, newPassword: 'abc' });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ message: 'Password is too weak' });
    const common = await t.client().post('/api/auth/reset-password', { token, newPassword: 'football' });
    expect(await common.json()).toMatchObject({
      message: 'This password is too common. Please choose one that is harder to guess.',
    });
    // Refused attempts do not use the link up.
    expect(await validateLink(t, token, email)).toEqual({ valid: true });
  });

  it('a reset request with no e-mail says "Please enter your email address."', async () => {
    const res = await t.client().post('/api/auth/request-password-reset', { email: '' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Please enter your email address.' });
  });
});
