import { ACCOUNT_MESSAGES, FORMER_TEAM_MEMBER } from '@tavara/shared/account/account';
import { AUTH_MESSAGES } from '@tavara/shared/auth/auth-messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminAuditLog } from '../../db/schema/admin';
import { knownDevice, session, twoFactor, user } from '../../db/schema/auth';
import { carePlans, shifts } from '../../db/schema/care-plans';
import { notifications } from '../../db/schema/notifications';
import { profiles } from '../../db/schema/profiles';
import { addProfessional, createPlan, planShifts, send } from '../../testing/care-plan-requests';
import {
  createVerifiedUser,
  enableTwoFactor,
  latestMail,
  mailsTo,
  LOOPBACK,
  signInElsewhere,
  type TestUser,
} from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';
import { secretOfTotpUri, totpCode } from '../../testing/two-factor';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** Signs in on a fresh client with a given browser; returns the client and the first step's answer. */
async function signInWith(t: TestApp, u: { email: string; password: string }, userAgent = CHROME_ANDROID) {
  const client = t.client();
  const res = await client.post(
    '/api/auth/sign-in/email',
    { email: u.email, password: u.password },
    { headers: { 'user-agent': userAgent } },
  );
  return { client, res, body: (await res.json()) as { twoFactorRedirect?: boolean; token?: unknown } };
}

async function confirmPassword(client: TestClient, password: string) {
  return client.post('/api/account/confirm-password', { password });
}

describe('account: two-factor sign-in (issue 22)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_DISABLED: 'true' });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sets up TOTP with a fixed clock: a code of the current 30 s step works, one from 5 minutes ago does not', async () => {
    const person = await createVerifiedUser(t, { role: 'family' });
    const enabled = await person.client.post('/api/auth/two-factor/enable', { password: person.password });
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Tavara:/);
    expect(backupCodes).toHaveLength(10);
    const secret = secretOfTotpUri(totpURI);

    // Not on until the first code is accepted.
    const [before] = await t.database.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, person.id));
    expect(before?.on).toBe(false);

    // One fixed instant for the test and the server (only Date is faked: timers and I/O run as usual).
    const now = Math.floor(Date.now() / 30_000) * 30_000 + 10_000;
    vi.useFakeTimers({ toFake: ['Date'], now });
    const stale = await person.client.post('/api/auth/two-factor/verify-totp', {
      code: await totpCode(secret, now - 5 * 60_000),
    });
    expect(stale.status).toBe(401);
    const good = await person.client.post('/api/auth/two-factor/verify-totp', { code: await totpCode(secret, now) });
    expect(good.status).toBe(200);
    expect(((await good.json()) as { token?: unknown }).token).toBeNull();
    const [after] = await t.database.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, person.id));
    expect(after?.on).toBe(true);
    await latestMail(t, person.email, 'Two-factor sign-in is on');

    // Sign-in now has a second step, with no session until it is answered.
    const first = await signInWith(t, person);
    expect(first.body.twoFactorRedirect).toBe(true);
    expect(first.client.cookie('session_token')).toBeUndefined();
    expect((await first.client.get('/api/account/security')).status).toBe(401);
    const wrong = await first.client.post('/api/auth/two-factor/verify-totp', {
      code: await totpCode(secret, now + 10 * 60_000),
    });
    expect(wrong.status).toBe(401);
    // The app's next code: the one that turned two-factor on is used up (auth/totp-replay.test.ts).
    const second = await first.client.post('/api/auth/two-factor/verify-totp', {
      code: await totpCode(secret, now + 30_000),
      trustDevice: true,
    });
    expect(second.status).toBe(200);
    expect((await first.client.get('/api/account/security')).status).toBe(200);

    // "Trust this device for 30 days": the same browser signs in without the second step.
    await first.client.post('/api/auth/sign-out', {});
    const again = await first.client.post('/api/auth/sign-in/email', {
      email: person.email,
      password: person.password,
    });
    expect(((await again.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBeUndefined();
    expect((await first.client.get('/api/account/security')).status).toBe(200);
    // Another browser still gets the second step.
    expect((await signInWith(t, person, FIREFOX_WINDOWS)).body.twoFactorRedirect).toBe(true);
  });

  it('a backup code signs in once; the same code a second time is refused', async () => {
    const person = await createVerifiedUser(t, { role: 'professional' });
    const { backupCodes } = await enableTwoFactor(person.client, person.password);
    const code = backupCodes[0]!;

    const first = await signInWith(t, person);
    expect(first.body.twoFactorRedirect).toBe(true);
    expect((await first.client.post('/api/auth/two-factor/verify-backup-code', { code })).status).toBe(200);
    expect((await first.client.get('/api/account/security')).status).toBe(200);

    const second = await signInWith(t, person);
    expect(second.body.twoFactorRedirect).toBe(true);
    expect((await second.client.post('/api/auth/two-factor/verify-backup-code', { code })).status).toBe(401);
    expect((await second.client.get('/api/account/security')).status).toBe(401);
    // Another unused code still works.
    const other = await second.client.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[1] });
    expect(other.status).toBe(200);
  });

  it('turning two-factor off needs the right password, and the owner is told', async () => {
    const person = await createVerifiedUser(t, { role: 'community' });
    await enableTwoFactor(person.client, person.password);
    const wrong = await person.client.post('/api/auth/two-factor/disable', { password: 'not-my-password-1' });
    expect(wrong.status).toBe(400);
    const right = await person.client.post('/api/auth/two-factor/disable', { password: person.password });
    expect(right.status).toBe(200);
    const [row] = await t.database.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, person.id));
    expect(row?.on).toBe(false);
    expect(await t.database.db.select().from(twoFactor).where(eq(twoFactor.userId, person.id))).toEqual([]);
    const mail = await latestMail(t, person.email, 'Two-factor sign-in is off');
    expect(mail.links.some((l) => l.includes('/auth/reset-password'))).toBe(true);
  });

  it('admins need two-factor for the admin area; an admin resets a user’s two-factor, audited', async () => {
    const fresh = await createVerifiedUser(t, { role: 'admin', twoFactor: false });
    const refused = await fresh.client.get('/api/admin/users');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('two_factor_required');
    await enableTwoFactor(fresh.client, fresh.password);
    expect((await fresh.client.get('/api/admin/users')).status).toBe(200);

    // Recovery when the phone and the backup codes are lost.
    const person = await createVerifiedUser(t, { role: 'family' });
    await enableTwoFactor(person.client, person.password);
    const tooShort = await fresh.client.post(`/api/admin/users/${person.id}/two-factor-reset`, { reason: 'ok' });
    expect(tooShort.status).toBe(422);
    const family = await createVerifiedUser(t, { role: 'family' });
    expect(
      (await family.client.post(`/api/admin/users/${person.id}/two-factor-reset`, { reason: 'Checked by phone call' }))
        .status,
    ).toBe(403);
    const reset = await fresh.client.post(`/api/admin/users/${person.id}/two-factor-reset`, {
      reason: 'Called back on the number in their registration; asked their care plan name',
    });
    expect(reset.status).toBe(200);
    const [row] = await t.database.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, person.id));
    expect(row?.on).toBe(false);
    expect(await t.database.db.select().from(session).where(eq(session.userId, person.id))).toEqual([]);
    const [entry] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, person.id), eq(adminAuditLog.action, 'user.two_factor_reset')));
    expect(entry?.actorId).toBe(fresh.id);
    expect(String((entry?.details as { reason?: string }).reason)).toContain('Called back');
    await latestMail(t, person.email, 'Two-factor sign-in was reset');
    // Signs in with the password alone again.
    expect((await signInWith(t, person)).body.twoFactorRedirect).toBeUndefined();
  });
});

describe('account: devices, password, e-mail (issue 22)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_DISABLED: 'true' });
  });
  afterAll(() => t.close());

  it('lists the signed-in devices with browser, OS, IP and "this device"; signs one out, then all others', async () => {
    const person = await createVerifiedUser(t, { role: 'family' });
    const phone = await signInWith(t, person, CHROME_ANDROID);
    const laptop = await signInWith(t, person, FIREFOX_WINDOWS);

    const res = await phone.client.get('/api/account/sessions');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { sessions } = (await res.json()) as {
      sessions: Array<{
        id: string;
        browser: string;
        os: string;
        ipAddress: string;
        current: boolean;
        token?: unknown;
      }>;
    };
    expect(sessions).toHaveLength(3);
    const current = sessions.find((s) => s.current)!;
    expect(current).toMatchObject({ browser: 'Chrome', os: 'Android', ipAddress: phone.client.ip });
    const firefox = sessions.find((s) => s.browser === 'Firefox')!;
    expect(firefox).toMatchObject({ os: 'Windows', ipAddress: laptop.client.ip, current: false });
    expect(sessions.every((s) => !('token' in s))).toBe(true);

    // Another person cannot see or end these sessions.
    const stranger = await createVerifiedUser(t, { role: 'family' });
    const strangerList = (await (await stranger.client.get('/api/account/sessions')).json()) as { sessions: unknown[] };
    expect(strangerList.sessions).toHaveLength(1);
    expect((await stranger.client.request(`/api/account/sessions/${firefox.id}`, { method: 'DELETE' })).status).toBe(
      404,
    );
    expect((await laptop.client.get('/api/account/security')).status).toBe(200);

    // This device cannot be "signed out" here (Sign Out does that).
    expect((await phone.client.request(`/api/account/sessions/${current.id}`, { method: 'DELETE' })).status).toBe(409);
    expect((await phone.client.request(`/api/account/sessions/${firefox.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await laptop.client.get('/api/account/security')).status).toBe(401);

    const others = await phone.client.post('/api/account/sessions/sign-out-others', {});
    expect(await others.json()).toEqual({ signedOut: 1 });
    expect((await person.client.get('/api/account/security')).status).toBe(401);
    expect((await phone.client.get('/api/account/security')).status).toBe(200);
  });

  it('mails the owner about a sign-in from a new device, not about the first or a known one', async () => {
    const person = await createVerifiedUser(t, { role: 'community' });
    const subject = 'New sign-in to your Tavara account';
    await signInWith(t, person, CHROME_ANDROID);
    await signInWith(t, person, CHROME_ANDROID);
    // The verification link's session and the phone: the phone is the account's second device.
    const afterPhone = (await mailsTo(t, person.email)).filter((m) => m.subject === subject);
    await signInWith(t, person, FIREFOX_WINDOWS);
    const mail = await latestMail(t, person.email, subject);
    expect(mail.text).toContain('Firefox on Windows');
    expect(mail.links.some((l) => l.includes('/auth/reset-password?email='))).toBe(true);
    const devices = await t.database.db.select().from(knownDevice).where(eq(knownDevice.userId, person.id));
    expect(devices.length).toBeGreaterThanOrEqual(2);
    expect(afterPhone.length).toBeLessThanOrEqual(1);
  });

  it('changes the password with the current one, by the sign-up rules; other devices are signed out and the owner told', async () => {
    const person = await createVerifiedUser(t, { role: 'professional' });
    const laptop = await signInElsewhere(t, person.email, person.password);

    const weak = await person.client.post('/api/auth/change-password', {
      currentPassword: person.password,
      newPassword: 'short',
    });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { message: string }).message).toBe(AUTH_MESSAGES.passwordTooShort);
    const common = await person.client.post('/api/auth/change-password', {
      currentPassword: person.password,
      newPassword: 'password123',
    });
    expect(((await common.json()) as { message: string }).message).toBe(AUTH_MESSAGES.passwordTooCommon);
    const wrongCurrent = await person.client.post('/api/auth/change-password', {
      currentPassword: 'not-the-password-9',
      newPassword: 'Sorrel-Parang-2027',
    });
    expect(wrongCurrent.status).toBe(400);

    const changed = await person.client.post('/api/auth/change-password', {
      currentPassword: person.password,
      newPassword: 'Sorrel-Parang-2027',
    });
    expect(changed.status).toBe(200);
    expect((await laptop.get('/api/account/security')).status).toBe(401);
    expect((await person.client.get('/api/account/security')).status).toBe(200);
    await latestMail(t, person.email, 'password was changed');
  });

  it('changes the e-mail only after a recent password and the new address’s link; the old address is told', async () => {
    const person = await createVerifiedUser(t, { role: 'family' });
    const newEmail = `moved-${person.id.slice(0, 6)}@example.tt`.toLowerCase();
    const early = await person.client.post('/api/auth/change-email', { newEmail, callbackURL: '/account' });
    expect(early.status).toBe(403);
    expect(((await early.json()) as { code: string }).code).toBe('REAUTH_REQUIRED');

    const wrong = await confirmPassword(person.client, 'not-the-password-1');
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as { error: { fields: Record<string, string> } }).error.fields.password).toBe(
      ACCOUNT_MESSAGES.wrongPassword,
    );
    expect((await confirmPassword(person.client, person.password)).status).toBe(200);
    const asked = await person.client.post('/api/auth/change-email', { newEmail, callbackURL: '/account' });
    expect(asked.status).toBe(200);
    await latestMail(t, person.email, 'A new email address was asked for');
    const confirm = await latestMail(t, newEmail, 'Confirm your new email address');
    const [stillOld] = await t.database.db.select({ email: user.email }).from(user).where(eq(user.id, person.id));
    expect(stillOld?.email).toBe(person.email);

    const link = confirm.links.find((l) => l.includes('/api/auth/verify-email'))!;
    const opened = await person.client.get(link);
    expect(opened.status).toBe(302);
    const [now] = await t.database.db.select({ email: user.email }).from(user).where(eq(user.id, person.id));
    expect(now?.email).toBe(newEmail);
    const changed = await latestMail(t, person.email, 'email address of your Tavara account was changed');
    expect(changed.text).toContain(newEmail);
  });

  it('counts wrong passwords on the re-check and refuses after 10 in 15 minutes', async () => {
    const person = await createVerifiedUser(t, { role: 'community' });
    for (let i = 0; i < 10; i++) expect((await confirmPassword(person.client, `wrong-guess-${i}xx`)).status).toBe(422);
    const limited = await confirmPassword(person.client, person.password);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });
});

describe('account: your data (issue 22)', () => {
  let t: TestApp;
  let owner: TestUser;
  let pro: TestUser;
  let otherFamily: TestUser;
  let ownPlanId: string;
  let otherPlanId: string;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_DISABLED: 'true' });
    owner = await createVerifiedUser(t, { role: 'family', firstName: 'Indira', lastName: 'Maharaj' });
    pro = await createVerifiedUser(t, { role: 'professional', firstName: 'Kwame', lastName: 'Joseph' });
    otherFamily = await createVerifiedUser(t, { role: 'family' });
    ownPlanId = await createPlan(owner.client, { title: 'Care for Dad' });
    otherPlanId = await createPlan(otherFamily.client, { title: 'Care for Auntie' });
    await addProfessional(owner.client, ownPlanId, pro);
    await addProfessional(otherFamily.client, otherPlanId, pro);
    for (const [client, planId] of [
      [owner.client, ownPlanId],
      [otherFamily.client, otherPlanId],
    ] as const) {
      const generated = await send(client, 'POST', `/api/care-plans/${planId}/shifts/generate`, {
        from: '2027-03-01',
        to: '2027-03-02',
      });
      expect(generated.status).toBe(200);
    }
  });
  afterAll(() => t.close());

  it('exports everything about the person as JSON, only after a recent password, without secrets', async () => {
    const early = await owner.client.get('/api/account/export');
    expect(early.status).toBe(403);
    expect(((await early.json()) as { error: { code: string } }).error.code).toBe('reauth_required');
    expect((await t.client().get('/api/account/export')).status).toBe(401);

    // Something in the person's inbox (and one in someone else's, which must stay out).
    await t.database.db.insert(notifications).values([
      { userId: owner.id, kind: 'shift_changed', title: 'Owner inbox item', body: 'b', link: '/', email: 'now' },
      { userId: pro.id, kind: 'shift_changed', title: 'Pro inbox item', body: 'b', link: '/', email: 'now' },
    ]);
    await enableTwoFactor(owner.client, owner.password);
    expect((await confirmPassword(owner.client, owner.password)).status).toBe(200);
    const res = await owner.client.get('/api/account/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="tavara-account-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const text = await res.text();
    const data = JSON.parse(text) as Record<string, unknown> & {
      account: { email: string; twoFactorEnabled: boolean };
      profile: { id: string } | null;
      carePlansYouOwn: Array<{ title: string; team: unknown[]; shifts: unknown[] }>;
      signIns: { sessions: unknown[] };
    };
    expect(data.account).toMatchObject({ email: owner.email, twoFactorEnabled: true });
    expect(data.profile?.id).toBe(owner.id);
    expect(data.carePlansYouOwn.map((p) => p.title)).toEqual(['Care for Dad']);
    expect(data.carePlansYouOwn[0]!.team.length).toBeGreaterThan(0);
    expect(data.carePlansYouOwn[0]!.shifts.length).toBeGreaterThan(0);
    expect(data.signIns.sessions.length).toBeGreaterThan(0);
    const inbox = (data.notifications as { inbox: Array<{ title: string }> }).inbox.map((n) => n.title);
    expect(inbox).toEqual(
      expect.arrayContaining(['Owner inbox item', 'Kwame Joseph accepted your invitation to Care for Dad']),
    );
    for (const key of [
      'registration',
      'registrationChats',
      'featureVotes',
      'supportRequests',
      'training',
      'careAssessments',
      'familyStories',
      'subscriptionInterest',
    ])
      expect(data).toHaveProperty(key);
    // Nothing of another person's plan, and no secrets.
    expect(text).not.toContain('Care for Auntie');
    expect(text).not.toContain('Pro inbox item');
    const [secretRow] = await t.database.db.select().from(twoFactor).where(eq(twoFactor.userId, owner.id));
    expect(text).not.toContain(secretRow!.secret);
    expect(text).not.toMatch(/"(token|password|secret|backupCodes)"/);
  });

  it('deletes the account after the password: own plans go, records on others’ plans stay as "former team member"', async () => {
    // The professional's shifts on the other family's plan: one done (a record), one still booked.
    const [done, booked] = await planShifts(otherFamily.client, otherPlanId, '2027-03-01', '2027-03-03');
    await t.database.db
      .update(shifts)
      .set({ status: 'done', assigneeId: pro.id, doneById: pro.id, doneNote: 'Walked and fed' })
      .where(eq(shifts.id, done!.id));
    await t.database.db.update(shifts).set({ status: 'assigned', assigneeId: pro.id }).where(eq(shifts.id, booked!.id));
    const proPlan = await createPlan(pro.client, { title: 'Should not exist' }).catch(() => null);
    expect(proPlan).toBeNull(); // professionals do not own plans: nothing of theirs to delete there

    const wrong = await pro.client.post('/api/account/delete', { password: 'not-it-at-all', confirmation: 'DELETE' });
    expect(wrong.status).toBe(422);
    const unconfirmed = await pro.client.post('/api/account/delete', {
      password: pro.password,
      confirmation: 'delete',
    });
    expect(unconfirmed.status).toBe(422);
    // Someone else's password never deletes this account: the route acts on the caller's own only.
    const stranger = await createVerifiedUser(t, { role: 'family', password: 'Different-Pass-2031' });
    expect(
      (await stranger.client.post('/api/account/delete', { password: pro.password, confirmation: 'DELETE' })).status,
    ).toBe(422);
    expect(await t.database.db.select({ id: user.id }).from(user).where(eq(user.id, stranger.id))).toHaveLength(1);

    const res = await pro.client.post('/api/account/delete', { password: pro.password, confirmation: 'DELETE' });
    expect(res.status).toBe(200);
    const db = t.database.db;
    expect(await db.select().from(user).where(eq(user.id, pro.id))).toEqual([]);
    expect(await db.select().from(profiles).where(eq(profiles.id, pro.id))).toEqual([]);
    expect(await db.select().from(session).where(eq(session.userId, pro.id))).toEqual([]);
    expect((await pro.client.get('/api/account/security')).status).toBe(401);
    const after = await planShifts(otherFamily.client, otherPlanId, '2027-03-01', '2027-03-03');
    const kept = after.find((s) => s.id === done!.id) as { status: string; assigneeName?: string | null } | undefined;
    expect(kept).toMatchObject({ status: 'done', assigneeId: null, assigneeName: FORMER_TEAM_MEMBER });
    expect(after.find((s) => s.id === booked!.id)).toMatchObject({ status: 'open', assigneeId: null });
    const [audit] = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, pro.id), eq(adminAuditLog.action, 'user.self_deleted')));
    expect(audit?.actorEmail).not.toBe(pro.email);

    // The family owner deletes theirs: the plan and its shifts go with it.
    expect(
      (await owner.client.post('/api/account/delete', { password: owner.password, confirmation: 'DELETE' })).status,
    ).toBe(200);
    expect(await db.select().from(carePlans).where(eq(carePlans.id, ownPlanId))).toEqual([]);
    expect(await db.select().from(shifts).where(eq(shifts.planId, ownPlanId))).toEqual([]);
    expect(await db.select().from(twoFactor).where(eq(twoFactor.userId, owner.id))).toEqual([]);
    expect(await db.select().from(knownDevice).where(eq(knownDevice.userId, owner.id))).toEqual([]);
    expect((await t.client(LOOPBACK).get('/api/dev/mailbox')).status).toBe(200);
  });
});
