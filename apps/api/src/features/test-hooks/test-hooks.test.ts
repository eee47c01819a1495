import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema/auth';
import { profiles } from '../../db/schema/profiles';
import { createVerifiedUser, TEST_PASSWORD, uniqueEmail } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** The e2e suite's set-up hooks (issue 34): one request per confirmed, signed-in user. */
describe('test hooks for users and sessions', () => {
  let t: TestApp;
  const adminEmail = 'first-admin@example.tt';
  beforeAll(async () => {
    t = await createTestApp({ E2E_TEST_HOOKS: 'true', ADMIN_EMAILS: adminEmail });
  });
  afterAll(() => t.close());

  it('makes a confirmed account with its role and profile, signed in on the caller', async () => {
    const browser = t.client();
    const email = uniqueEmail('hooked');
    const res = await browser.post('/api/__test/users', {
      email,
      password: TEST_PASSWORD,
      role: 'professional',
      firstName: 'Marcus',
      lastName: 'Ali',
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [row] = await t.database.db.select().from(user).where(eq(user.id, id));
    expect(row).toMatchObject({ email, emailVerified: true, role: 'professional', name: 'Marcus Ali' });
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, id));
    expect(profile).toMatchObject({ role: 'professional', firstName: 'Marcus', lastName: 'Ali' });
    const session = (await (await browser.get('/api/auth/get-session')).json()) as { user: { id: string } };
    expect(session.user.id).toBe(id);
    // The password is the one given: the account signs in elsewhere with it.
    const signIn = await t.client().post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(200);
  });

  it('grants admin to an ADMIN_EMAILS address, as the real verification does', async () => {
    const res = await t.client().post('/api/__test/users', { email: adminEmail, password: TEST_PASSWORD });
    expect(res.status).toBe(201);
    const [row] = await t.database.db.select({ role: user.role }).from(user).where(eq(user.email, adminEmail));
    expect(row?.role).toBe('admin');
  });

  it('refuses an address that already has an account, and bad input with field errors', async () => {
    const existing = await createVerifiedUser(t);
    const again = await t.client().post('/api/__test/users', { email: existing.email, password: TEST_PASSWORD });
    expect(again.status).toBe(409);
    const bad = await t.client().post('/api/__test/users', { email: 'not-an-address', password: TEST_PASSWORD });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields.email).toBeTruthy();
  });

  it('signs the caller in as a confirmed account, and refuses an unknown one', async () => {
    const person = await createVerifiedUser(t, { role: 'admin' });
    const browser = t.client();
    const res = await browser.post('/api/__test/sessions', { email: person.email });
    expect(res.status).toBe(201);
    const session = (await (await browser.get('/api/auth/get-session')).json()) as { user: { id: string } };
    expect(session.user.id).toBe(person.id);
    // The admin area opens: the account has two-factor sign-in on, and this session counts as signed in.
    expect((await browser.get('/api/admin/users')).status).toBe(200);
    const unknown = await t.client().post('/api/__test/sessions', { email: uniqueEmail('nobody') });
    expect(unknown.status).toBe(404);
  });
});

describe('without E2E_TEST_HOOKS', () => {
  it('has no user or session hooks', async () => {
    const t = await createTestApp();
    try {
      expect(
        (await t.client().post('/api/__test/users', { email: uniqueEmail(), password: TEST_PASSWORD })).status,
      ).toBe(404);
      expect((await t.client().post('/api/__test/sessions', { email: uniqueEmail() })).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
