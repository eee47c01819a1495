import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, type TestUser } from '../testing/factories';
import { createTestApp, type TestApp } from '../testing/test-app';
import { requireRole, requireUser } from './require-user';

describe('admin: Better Auth admin endpoints and the role middleware', () => {
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

  it('anonymous visitors get 401 from the admin endpoints', async () => {
    const res = await t.client().get('/api/auth/admin/list-users');
    expect(res.status).toBe(401);
  });

  it('a signed-in non-admin gets 403 from the admin endpoints and cannot promote themselves', async () => {
    expect((await family.client.get('/api/auth/admin/list-users')).status).toBe(403);
    const promote = await family.client.post('/api/auth/admin/set-role', { userId: family.id, role: 'admin' });
    expect(promote.status).toBe(403);
    expect(await (await family.client.get('/api/profile/me')).json()).toMatchObject({ role: 'family' });
  });

  it('an admin can list users and change a role; the profile follows', async () => {
    const list = await admin.client.get('/api/auth/admin/list-users');
    expect(list.status).toBe(200);
    const { users } = (await list.json()) as { users: Array<{ email: string }> };
    expect(users.map((u) => u.email)).toEqual(expect.arrayContaining([admin.email, family.email]));

    const other = await createVerifiedUser(t, { role: 'community' });
    const res = await admin.client.post('/api/auth/admin/set-role', { userId: other.id, role: 'professional' });
    expect(res.status).toBe(200);
    expect(await (await other.client.get('/api/profile/me')).json()).toMatchObject({
      role: 'professional',
      profile: { role: 'professional' },
    });
  });

  it('an admin cannot set a role that does not exist, or several at once', async () => {
    for (const role of ['superuser', ['admin', 'family']]) {
      const res = await admin.client.post('/api/auth/admin/set-role', { userId: family.id, role });
      expect(res.status).toBe(400);
    }
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
