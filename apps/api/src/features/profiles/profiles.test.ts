import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema/profiles';
import { createVerifiedUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('profiles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(['family', 'professional', 'community', 'admin'] as const)(
    '%s: /api/profile/me shows the role and the profile made from the sign-up names (complete once registered)',
    async (role) => {
      const { client, id, email } = await createVerifiedUser(t, { role, firstName: 'Dwayne', lastName: 'Baptiste' });
      const res = await client.get('/api/profile/me');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toMatchObject({
        user: { id, email, name: 'Dwayne Baptiste', firstName: 'Dwayne', lastName: 'Baptiste', emailVerified: true },
        role,
        profile: {
          id,
          role,
          full_name: 'Dwayne Baptiste',
          first_name: 'Dwayne',
          last_name: 'Baptiste',
          avatar_url: null,
          professional_type: null,
          registered_at: null,
        },
        // Names alone are not enough: the role's registration form must be saved (admins have none).
        profileComplete: role === 'admin',
      });

      const ensure = await client.post('/api/profile/ensure');
      expect(ensure.status).toBe(200);
      expect(await ensure.json()).toMatchObject({ success: true, created: false, profile: { id, role } });
    },
  );

  it('ensure creates a missing profile from the account (names and role)', async () => {
    const { client, id } = await createVerifiedUser(t, { role: 'professional' });
    await t.database.db.delete(profiles).where(eq(profiles.id, id));
    expect(await (await client.get('/api/profile/me')).json()).toMatchObject({ profile: null, profileComplete: false });

    const res = await client.post('/api/profile/ensure');
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      success: true,
      created: true,
      profile: { id, role: 'professional', full_name: 'Asha Ramdial', first_name: 'Asha', last_name: 'Ramdial' },
    });
    expect(await (await client.get('/api/profile/me')).json()).toMatchObject({ profileComplete: false });
    await t.database.db.update(profiles).set({ registeredAt: new Date() }).where(eq(profiles.id, id));
    expect(await (await client.get('/api/profile/me')).json()).toMatchObject({ profileComplete: true });
  });

  it('ensure takes the role from the account: a requested role is ignored, a stale one corrected', async () => {
    const { client, id } = await createVerifiedUser(t, { role: 'community' });
    const asked = await client.post('/api/profile/ensure', { role: 'admin' });
    expect(await asked.json()).toMatchObject({ success: true, profile: { role: 'community' } });

    await t.database.db.update(profiles).set({ role: 'family' }).where(eq(profiles.id, id));
    const fixed = await client.post('/api/profile/ensure');
    expect(await fixed.json()).toMatchObject({ success: true, created: false, profile: { role: 'community' } });
  });

  it('a profile without full name is complete only with both first and last name', async () => {
    const { client, id } = await createVerifiedUser(t);
    await t.database.db
      .update(profiles)
      .set({ fullName: null, lastName: null, registeredAt: new Date() })
      .where(eq(profiles.id, id));
    expect(await (await client.get('/api/profile/me')).json()).toMatchObject({ profileComplete: false });
    await t.database.db.update(profiles).set({ lastName: 'Ramdial' }).where(eq(profiles.id, id));
    expect(await (await client.get('/api/profile/me')).json()).toMatchObject({ profileComplete: true });
  });

  it('signed out: /me answers 401 and ensure says "No active authentication session"', async () => {
    const me = await t.client().get('/api/profile/me');
    expect(me.status).toBe(401);
    expect(await me.json()).toEqual({ error: { code: 'unauthorized', message: 'Please sign in to continue.' } });

    const ensure = await t.client().post('/api/profile/ensure');
    expect(ensure.status).toBe(401);
    const body = (await ensure.json()) as { success: boolean; error: string };
    expect(body.success).toBe(false);
    expect(body.error.startsWith('No active authentication session')).toBe(true);
  });

  it('ensure from a foreign origin is an "Authentication error" and changes nothing', async () => {
    const { client, id } = await createVerifiedUser(t);
    await t.database.db.delete(profiles).where(eq(profiles.id, id));
    const res = await client.post('/api/profile/ensure', {}, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    const body = (await res.json()) as { success: boolean; error: string };
    expect(body).toMatchObject({ success: false });
    expect(body.error.startsWith('Authentication error')).toBe(true);
    expect(await t.database.db.select().from(profiles).where(eq(profiles.id, id))).toEqual([]);
  });
});
