import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, type TestUser } from '../testing/factories';
import { createTestApp, type TestApp } from '../testing/test-app';
import { requireRole, requireUser } from './require-user';

describe('admin: closed Better Auth admin endpoints and the role middleware', () => {
  let t: TestApp;
  let admin: TestUser;
  let family: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    // A route guarded by requireRole('admin') and one by requireUser(), as features will use them.
    // Registered before the first request (Hono builds its router on the first match).
    t.app.get('/probe/admin-only', requireRole('admin'), (c) => c.json({ userId: c.get('user').id }));
    t.app.post('/probe/signed-in', requireUser(), (c) => c.json({ role: c.get('user').role }));
    admin = await createVerifiedUser(t, { role: 'admin' });
    family = await createVerifiedUser(t, { role: 'family' });
  });
  afterAll(() => t.close());

  it("Better Auth's own admin endpoints are closed to everyone, admins included (admin actions are audited in /api/admin)", async () => {
    const other = await createVerifiedUser(t, { role: 'community' });
    for (const client of [t.client(), family.client, admin.client]) {
      expect((await client.get('/api/auth/admin/list-users')).status).toBe(404);
      const promote = await client.post('/api/auth/admin/set-role', { userId: family.id, role: 'admin' });
      expect(promote.status).toBe(404);
      expect((await client.post('/api/auth/admin/remove-user', { userId: other.id })).status).toBe(404);
      expect((await client.post('/api/auth/admin/impersonate-user', { userId: other.id })).status).toBe(404);
    }
    expect(await (await family.client.get('/api/profile/me')).json()).toMatchObject({ role: 'family' });
    expect((await other.client.get('/api/profile/me')).status).toBe(200);
  });

  it('a user cannot give themselves another role through the account update endpoint', async () => {
    const res = await family.client.post('/api/auth/update-user', { role: 'admin' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await (await family.client.get('/api/profile/me')).json()).toMatchObject({ role: 'family' });
  });

  it('requireRole("admin") answers 401 signed out, 403 for other roles, and lets admins through', async () => {
    const anonymous = await t.client().get('/probe/admin-only');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      error: { code: 'unauthorized', message: 'Please sign in to continue.' },
    });
    const denied = await family.client.get('/probe/admin-only');
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ error: { code: 'forbidden' } });
    const allowed = await admin.client.get('/probe/admin-only');
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ userId: admin.id });
  });

  it('requireUser() refuses a signed-in write from a foreign origin', async () => {
    const ok = await family.client.post('/probe/signed-in');
    expect(await ok.json()).toEqual({ role: 'family' });
    const foreign = await family.client.post('/probe/signed-in', {}, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const none = await family.client.post('/probe/signed-in', {}, { origin: null });
    expect(none.status).toBe(403);
  });
});
