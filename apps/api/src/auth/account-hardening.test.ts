import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signInElsewhere, TEST_PASSWORD } from '../testing/factories';
import { createTestApp, type TestApp } from '../testing/test-app';

/** Issue 13, item 7: the account endpoints' smaller findings, each with its test. */
describe('account endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('update-user keeps names to the app’s rules and never stores an image URL', async () => {
    const { client } = await createVerifiedUser(t);
    for (const body of [
      { name: 'x'.repeat(100_000) },
      { name: '' },
      { name: '   ' },
      { name: null },
      { name: 'Ann\u0000Marie' },
      { image: 'javascript:alert(1)' },
      { image: 'https://evil.example/a.png' },
      { emailVerified: true },
    ]) {
      const res = await client.post('/api/auth/update-user', body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const ok = await client.post('/api/auth/update-user', { firstName: 'Ann-Marie', lastName: 'Baptiste' });
    expect(ok.status).toBe(200);
    const session = (await (await client.get('/api/auth/get-session')).json()) as {
      user: { name: string; image: unknown };
    };
    expect(session.user).toMatchObject({ name: 'Ann-Marie Baptiste', image: null });
  });

  it('get-session and list-sessions never show a session token, and account answers are no-store', async () => {
    const { client } = await createVerifiedUser(t);
    const session = await client.get('/api/auth/get-session');
    expect(session.headers.get('cache-control')).toBe('no-store');
    const body = (await session.json()) as { session: Record<string, unknown> };
    expect(body.session.id).toBeTruthy();
    expect(body.session).not.toHaveProperty('token');
    const list = await client.get('/api/auth/list-sessions');
    expect(list.headers.get('cache-control')).toBe('no-store');
    const sessions = (await list.json()) as Record<string, unknown>[];
    expect(sessions.length).toBeGreaterThan(0);
    for (const s of sessions) expect(s).not.toHaveProperty('token');
    const cookieToken = decodeURIComponent(client.cookie('session_token') ?? '').split('.')[0] ?? '';
    expect(cookieToken.length).toBeGreaterThan(10);
    expect(JSON.stringify(body)).not.toContain(cookieToken);
    expect(JSON.stringify(sessions)).not.toContain(cookieToken);
  });

  it('the account endpoints act on the caller’s own user only, never on another user', async () => {
    const a = await createVerifiedUser(t, { firstName: 'Asha', lastName: 'Ramdial' });
    const b = await createVerifiedUser(t, { firstName: 'Brian', lastName: 'Lewis' });
    const bToken = decodeURIComponent(b.client.cookie('session_token') ?? '').split('.')[0] ?? '';
    expect(bToken).not.toBe('');
    const bName = async () =>
      ((await (await b.client.get('/api/auth/get-session')).json()) as { user: { name: string } } | null)?.user.name;

    // No user id is taken: A's update changes A, A's list lists A's, A's revokes end A's sessions.
    expect((await a.client.post('/api/auth/update-user', { firstName: 'Changed' })).status).toBe(200);
    const listed = (await (await a.client.get('/api/auth/list-sessions')).json()) as { userId: string }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((session) => session.userId === a.id)).toBe(true);
    await a.client.post('/api/auth/revoke-session', { token: bToken });
    await a.client.post('/api/auth/revoke-other-sessions');
    await a.client.post('/api/auth/revoke-sessions');
    expect(await bName()).toBe('Brian Lewis');
  });

  it('changing the password signs out every other session', async () => {
    const user = await createVerifiedUser(t);
    const elsewhere = await signInElsewhere(t, user.email, user.password);
    const res = await user.client.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Sorrel-And-Ginger-2026',
    });
    expect(res.status).toBe(200);
    // The new session's token is in the HttpOnly cookie only, never in the JSON body.
    const body = (await res.json()) as { token?: unknown };
    expect(body.token).toBeNull();
    const newToken = decodeURIComponent(user.client.cookie('session_token') ?? '').split('.')[0] ?? '';
    expect(newToken).not.toBe('');
    expect(JSON.stringify(body)).not.toContain(newToken);
    expect(await (await elsewhere.get('/api/auth/get-session')).json()).toBeNull();
    expect(await (await user.client.get('/api/auth/get-session')).json()).not.toBeNull();
  });

  it('every answer carries a Permissions-Policy with camera, microphone and geolocation off', async () => {
    for (const path of ['/api/health', '/api/auth/get-session', '/api/no-such-route']) {
      const policy = (await t.app.request(path)).headers.get('permissions-policy') ?? '';
      expect(policy).toContain('camera=()');
      expect(policy).toContain('microphone=()');
      expect(policy).toContain('geolocation=()');
    }
  });
});
