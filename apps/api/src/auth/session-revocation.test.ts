import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, user } from '../db/schema/auth';
import { createVerifiedUser, signInElsewhere, TEST_PASSWORD } from '../testing/factories';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { TestClient } from '../testing/test-client';
import { LAST_SEEN_RESOLUTION_MS } from './session-lookup';

const profileStatus = async (client: TestClient) => (await client.get('/api/profile/me')).status;
const sessionToken = (client: TestClient) =>
  decodeURIComponent(client.cookie('session_token') ?? '').split('.')[0] ?? '';
const json = (method: string, body?: unknown) => ({
  method,
  headers: { 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

/**
 * Issue 23 item 3: an authenticated request reads its session, user and profile in one query, with
 * nothing cached in the process or the cookie (decision 029) — so every revocation counts from
 * the very next request, on every route, sensitive or not.
 */
describe('sessions: one query per request, revocation at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signing out everywhere ends every other device’s session on its next request', async () => {
    const u = await createVerifiedUser(t);
    const phone = await signInElsewhere(t, u.email, u.password);
    expect(await profileStatus(phone)).toBe(200);
    expect((await u.client.post('/api/auth/revoke-sessions')).status).toBe(200);
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(u.client)).toBe(401);
  });

  it('revoking one device ends that one only; signing out ends the session it was sent from', async () => {
    const u = await createVerifiedUser(t);
    const phone = await signInElsewhere(t, u.email, u.password);
    const revoked = await u.client.post('/api/auth/revoke-session', { token: sessionToken(phone) });
    expect(revoked.status).toBe(200);
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(u.client)).toBe(200);
    expect((await u.client.post('/api/auth/sign-out')).status).toBe(200);
    expect(await profileStatus(u.client)).toBe(401);
  });

  it('a password change signs out the other devices at once and keeps the one it was made on', async () => {
    const u = await createVerifiedUser(t);
    const phone = await signInElsewhere(t, u.email, u.password);
    expect(await profileStatus(phone)).toBe(200);
    const changed = await u.client.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Tamarind-Balls-2026',
    });
    expect(changed.status).toBe(200);
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(u.client)).toBe(200);
  });

  it('an admin’s deletion, role change and two-factor reset take effect on the user’s next request', async () => {
    const admin = await createVerifiedUser(t, { role: 'admin' });
    const other = await createVerifiedUser(t, { role: 'admin' });
    expect((await other.client.get('/api/admin/users?page=1')).status).toBe(200);

    // Role change: the admin area refuses the demoted admin on the very next request.
    const demoted = await admin.client.request(`/api/admin/users/${other.id}/role`, json('PATCH', { role: 'family' }));
    expect(demoted.status, await demoted.clone().text()).toBe(200);
    expect((await other.client.get('/api/admin/users?page=1')).status).toBe(403);
    const me = (await (await other.client.get('/api/profile/me')).json()) as {
      role: string;
      profile: { role: string };
    };
    expect(me).toMatchObject({ role: 'family', profile: { role: 'family' } });

    // Deletion: every session of the user is gone, so the next request is signed out.
    const victim = await createVerifiedUser(t);
    const victimPhone = await signInElsewhere(t, victim.email, victim.password);
    expect(await profileStatus(victimPhone)).toBe(200);
    expect((await admin.client.request(`/api/admin/users/${victim.id}`, json('DELETE'))).status).toBe(200);
    expect(await profileStatus(victim.client)).toBe(401);
    expect(await profileStatus(victimPhone)).toBe(401);
  });

  it('an admin’s two-factor reset signs the user out everywhere on the next request', async () => {
    const admin = await createVerifiedUser(t, { role: 'admin' });
    const other = await createVerifiedUser(t, { role: 'admin' });
    expect((await other.client.get('/api/admin/users?page=1')).status).toBe(200);
    const reset = await admin.client.request(
      `/api/admin/users/${other.id}/two-factor-reset`,
      json('POST', { reason: 'Lost the phone with the authenticator app' }),
    );
    expect(reset.status, await reset.clone().text()).toBe(200);
    expect((await other.client.get('/api/admin/users?page=1')).status).toBe(401);
    expect(await profileStatus(other.client)).toBe(401);
  });

  it('refuses a tampered, unsigned or expired session cookie', async () => {
    const u = await createVerifiedUser(t);
    const signed = decodeURIComponent(u.client.cookie('session_token') ?? '');
    const [token, signature] = [signed.slice(0, signed.lastIndexOf('.')), signed.slice(signed.lastIndexOf('.') + 1)];
    const name = (await t.auth.$context).authCookies.sessionToken.name;
    const withCookie = (value: string) =>
      t.app.request('/api/profile/me', { headers: { cookie: `${name}=${encodeURIComponent(value)}` } });
    expect((await withCookie(signed)).status).toBe(200);
    expect((await withCookie(token)).status).toBe(401);
    expect((await withCookie(`${token}.${signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`)).status).toBe(401);
    expect((await withCookie(`${token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}.${signature}`)).status).toBe(401);

    await t.database.db
      .update(session)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(session.token, token));
    expect((await withCookie(signed)).status).toBe(401);
  });

  it('extends a session due for refresh, as Better Auth does, and writes "last seen" at most once a minute', async () => {
    const u = await createVerifiedUser(t);
    const token = sessionToken(u.client);
    const ctx = await t.auth.$context;
    const read = async () =>
      (await t.database.db.select().from(session).where(eq(session.token, token)))[0] ??
      expect.fail('session row missing');

    // Past its updateAge: the request extends it to a full lifetime again.
    const soon = new Date(Date.now() + (ctx.sessionConfig.expiresIn - ctx.sessionConfig.updateAge - 60) * 1000);
    await t.database.db.update(session).set({ expiresAt: soon }).where(eq(session.token, token));
    expect(await profileStatus(u.client)).toBe(200);
    const extended = await read();
    expect(extended.expiresAt.getTime()).toBeGreaterThan(Date.now() + (ctx.sessionConfig.expiresIn - 60) * 1000);

    // "Last seen": written when older than a minute, not again by the next request.
    const old = new Date(Date.now() - 2 * LAST_SEEN_RESOLUTION_MS);
    await t.database.db.update(session).set({ lastSeenAt: old }).where(eq(session.token, token));
    expect(await profileStatus(u.client)).toBe(200);
    const seen = (await read()).lastSeenAt;
    expect(seen.getTime()).toBeGreaterThan(Date.now() - 30_000);
    expect(await profileStatus(u.client)).toBe(200);
    expect((await read()).lastSeenAt.getTime()).toBe(seen.getTime());
  });

  it('a user removed under a live session is signed out, not answered with a 500', async () => {
    const u = await createVerifiedUser(t);
    expect(await profileStatus(u.client)).toBe(200);
    await t.database.db.delete(user).where(eq(user.id, u.id));
    expect(await profileStatus(u.client)).toBe(401);
  });
});
