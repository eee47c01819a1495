import { ACCOUNT_MESSAGES } from '@tavara/shared/account/account';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../db/schema/auth';
import { createVerifiedUser, enableTwoFactor, signInElsewhere } from '../testing/factories';
import { unusedTotpCode } from '../testing/two-factor';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Issue 32, item 1: two-factor is a property of the session. The audit's reproduction: an admin
 * signs in twice with the password alone (2FA not yet set up), sets it up from a third session,
 * and the first two used to get into the admin area without ever giving a code.
 */
describe('two-factor per session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('admin: sessions that never gave a code stay outside the admin area, and turning 2FA on ends them', async () => {
    const admin = await createVerifiedUser(t, { role: 'admin', twoFactor: false });
    const first = await signInElsewhere(t, admin.email, admin.password);
    const second = await signInElsewhere(t, admin.email, admin.password);
    for (const client of [first, second]) {
      const res = await client.get('/api/admin/users');
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: { code: 'two_factor_required' } });
    }

    // Set up from a third session (the factory's own): that session gave the first code.
    const third = await signInElsewhere(t, admin.email, admin.password);
    const { totpSecret } = await enableTwoFactor(third, admin.password);
    expect((await third.get('/api/admin/users')).status).toBe(200);

    // The two earlier sessions are over: signed out, not promoted.
    for (const client of [first, second, admin.client]) {
      expect((await client.get('/api/admin/users')).status).toBe(401);
    }
    const left = await t.database.db.select({ id: session.id }).from(session).where(eq(session.userId, admin.id));
    expect(left).toHaveLength(1);

    // A new sign-in asks for the code; with it, the session is in.
    const fourth = await signInElsewhere(t, admin.email, admin.password, totpSecret);
    expect((await fourth.get('/api/admin/users')).status).toBe(200);
  });

  it('admin: a session that exists without a second factor (e.g. from before this rule) is told to sign in again with the code', async () => {
    const admin = await createVerifiedUser(t, { role: 'admin' });
    expect((await admin.client.get('/api/admin/users')).status).toBe(200);
    await t.database.db.update(session).set({ twoFactorVerifiedAt: null }).where(eq(session.userId, admin.id));
    const res = await admin.client.get('/api/admin/users');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: { code: 'two_factor_required', message: ACCOUNT_MESSAGES.twoFactorRequiredForThisSession },
    });
    // Giving a code on this very session (the step-up) lets it in.
    const verified = await admin.client.post('/api/auth/two-factor/verify-totp', {
      code: await unusedTotpCode(admin.totpSecret!),
    });
    expect(verified.status).toBe(200);
    expect((await admin.client.get('/api/admin/users')).status).toBe(200);
  });

  it('admin: a trusted device signs in without a code and counts as the second factor', async () => {
    const admin = await createVerifiedUser(t, { role: 'admin' });
    const device = t.client();
    expect(
      (await device.post('/api/auth/sign-in/email', { email: admin.email, password: admin.password })).status,
    ).toBe(200);
    const code = await unusedTotpCode(admin.totpSecret!);
    expect((await device.post('/api/auth/two-factor/verify-totp', { code, trustDevice: true })).status).toBe(200);
    expect((await device.post('/api/auth/sign-out')).status).toBe(200);
    const again = await device.post('/api/auth/sign-in/email', { email: admin.email, password: admin.password });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBeUndefined();
    expect((await device.get('/api/admin/users')).status).toBe(200);
  });
});
