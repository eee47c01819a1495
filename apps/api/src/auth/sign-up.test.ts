import { AUTH_MESSAGES } from '@tavara/shared/auth/auth-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../db/schema/admin';
import { user } from '../db/schema/auth';
import {
  createVerifiedUser,
  latestMail,
  mailsTo,
  signInElsewhere,
  signUp,
  TEST_PASSWORD,
  uniqueEmail,
  verifyEmail,
} from '../testing/factories';
import {
  completedFamilySnapshot,
  getChatSession,
  newSessionId,
  issueSessionId,
  putSession,
  sessionPath,
} from '../testing/chat-requests';
import { createTestApp, type TestApp } from '../testing/test-app';

const ADMIN_EMAIL = 'chief.admin@example.tt';

type Body = Record<string, unknown> & { user: Record<string, unknown> };

describe('accounts: sign-up, verification and sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: `Chief.Admin@example.tt, other@example.tt` });
  });
  afterAll(() => t.close());

  it('sign-up sends a verification e-mail whose link confirms the address and signs the user in', async () => {
    const client = t.client();
    const email = uniqueEmail();
    const res = await signUp(client, { email, firstName: 'Keisha', lastName: 'Mohammed', role: 'professional' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Body;
    expect(body).toMatchObject({ token: null, signedIn: false, emailSent: true });
    expect(body.user).toMatchObject({
      email,
      name: 'Keisha Mohammed',
      firstName: 'Keisha',
      lastName: 'Mohammed',
      role: 'professional',
      emailVerified: false,
    });
    expect(client.cookie('session_token')).toBeUndefined();

    const mail = await latestMail(t, email, 'Confirm your email address');
    expect(mail.text).toContain('Hello Keisha Mohammed,');
    const link = mail.links[0] ?? '';
    expect(link.startsWith(`${t.env.APP_URL}/api/auth/verify-email?token=`)).toBe(true);

    const verified = await verifyEmail(t, client, email);
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/');
    const session = await client.get('/api/auth/get-session');
    expect(await session.json()).toMatchObject({ user: { email, emailVerified: true, role: 'professional' } });

    const elsewhere = t.client();
    const signIn = await elsewhere.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(200);
    expect(elsewhere.cookie('session_token')).toBeTruthy();
  });

  it('the chat a sign-up came from is linked to the new account: its answers reach the form in another browser', async () => {
    const chatBrowser = t.client();
    const sessionId = await issueSessionId(t);
    const snapshot = completedFamilySnapshot();
    expect((await putSession(chatBrowser, sessionId, snapshot)).status).toBe(200);
    const email = uniqueEmail('chat-link');
    expect((await signUp(chatBrowser, { email, role: 'family', chatSessionId: sessionId })).status).toBe(200);
    // Linked now: the id alone no longer opens it, not even in the browser that started it.
    expect((await chatBrowser.get(sessionPath(sessionId))).status).toBe(404);

    // The confirmation link opened in a mail app's own browser signs the person in there…
    const mailApp = t.client();
    await verifyEmail(t, mailApp, email);
    const { sessions } = (await (await mailApp.get('/api/chat/sessions')).json()) as {
      sessions: { sessionId: string; role: string }[];
    };
    expect(sessions).toEqual([expect.objectContaining({ sessionId, role: 'family' })]);
    // …where the form reads the chat's answers.
    expect((await getChatSession(mailApp, sessionId)).answers).toEqual(snapshot.answers);
  });

  it('a sign-up never takes over a chat linked to someone else, and a malformed chat id is ignored', async () => {
    const owner = await createVerifiedUser(t, { email: uniqueEmail('chat-owner') });
    const sessionId = await issueSessionId(t);
    expect((await putSession(owner.client, sessionId, completedFamilySnapshot())).status).toBe(200);
    expect((await owner.client.post(`${sessionPath(sessionId)}/link`, {})).status).toBe(200);

    const other = t.client();
    const email = uniqueEmail('chat-thief');
    expect((await signUp(other, { email, chatSessionId: sessionId })).status).toBe(200);
    await verifyEmail(t, other, email);
    const { sessions } = (await (await other.get('/api/chat/sessions')).json()) as { sessions: unknown[] };
    expect(sessions).toEqual([]);
    expect((await getChatSession(owner.client, sessionId)).session.linked).toBe(true);

    const res = await signUp(t.client(), { email: uniqueEmail('bad-chat-id'), chatSessionId: '../../etc' });
    expect(res.status).toBe(200);
    // An id the server never issued links nothing (and creates nothing).
    const madeUp = newSessionId();
    const guesser = t.client();
    const guesserEmail = uniqueEmail('chat-guesser');
    expect((await signUp(guesser, { email: guesserEmail, chatSessionId: madeUp })).status).toBe(200);
    await verifyEmail(t, guesser, guesserEmail);
    expect(await (await guesser.get('/api/chat/sessions')).json()).toEqual({ sessions: [] });
    expect((await guesser.get(sessionPath(madeUp))).status).toBe(404);
  });

  it('an unverified user cannot sign in, even with the right password', async () => {
    const email = uniqueEmail();
    expect((await signUp(t.client(), { email })).status).toBe(200);
    const client = t.client();
    const res = await client.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(client.cookie('session_token')).toBeUndefined();
  });

  it('a wrong password and an unknown e-mail get the same answer at sign-in', async () => {
    const { email } = await createVerifiedUser(t);
    const wrong = await t.client().post('/api/auth/sign-in/email', { email, password: 'not-the-password-1' });
    const unknown = await t.client().post('/api/auth/sign-in/email', {
      email: uniqueEmail('nobody'),
      password: 'not-the-password-1',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('signing up with a registered address looks like a new sign-up, and the owner is told by e-mail', async () => {
    const { email } = await createVerifiedUser(t);
    const fresh = await signUp(t.client(), { email: uniqueEmail(), role: 'community' });
    const again = await signUp(t.client(), { email, role: 'community' });
    expect(again.status).toBe(fresh.status);
    const freshBody = (await fresh.json()) as Body;
    const againBody = (await again.json()) as Body;
    expect(Object.keys(againBody).sort()).toEqual(Object.keys(freshBody).sort());
    expect(Object.keys(againBody.user).sort()).toEqual(Object.keys(freshBody.user).sort());
    expect(againBody).toMatchObject({ token: null, signedIn: false, emailSent: true });
    expect(againBody.user).toMatchObject({ email, role: 'community', emailVerified: false });

    const notice = await latestMail(t, email, 'You already have');
    expect(notice.text).toContain(`${t.env.APP_URL}/auth/reset-password`);
    // Nothing about the existing account changed.
    const me = await t.client().post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(me.status).toBe(200);
  });

  it('sign-up cannot choose the admin role', async () => {
    const email = uniqueEmail();
    const res = await signUp(t.client(), { email, role: 'admin' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Please choose Family Member, Care Professional or Community Member.',
    });
    expect(await mailsTo(t, email)).toEqual([]);
  });

  it('extra fields posted at sign-up grant nothing: no admin, no verified address', async () => {
    const email = uniqueEmail();
    const res = await signUp(t.client(), {
      email,
      role: 'professional',
      emailVerified: true,
      isAdmin: true,
      banned: false,
      roles: ['admin'],
    });
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
    expect(row).toMatchObject({ role: 'professional', emailVerified: false });
    const signIn = await t.client().post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(403);
  });

  it('a signed-in user cannot change their own role', async () => {
    const { client } = await createVerifiedUser(t, { role: 'family' });
    const res = await client.post('/api/auth/update-user', { role: 'admin' });
    expect(res.status).toBe(400);
    const me = await client.get('/api/profile/me');
    expect(await me.json()).toMatchObject({ role: 'family', profile: { role: 'family' } });
  });

  it('an ADMIN_EMAILS address is an ordinary user until it is verified, then an admin', async () => {
    const client = t.client();
    const res = await signUp(client, { email: ADMIN_EMAIL, role: 'family' });
    expect(((await res.json()) as Body).user).toMatchObject({ role: 'family' });
    const [before] = await t.database.db.select().from(user).where(eq(user.email, ADMIN_EMAIL));
    expect(before?.role).toBe('family');

    await verifyEmail(t, client, ADMIN_EMAIL);
    const me = await client.get('/api/profile/me');
    expect(await me.json()).toMatchObject({ role: 'admin', profile: { role: 'admin' } });

    // The grant is in the audit log (issue 13).
    const grants = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, before!.id));
    expect(grants).toMatchObject([
      {
        action: 'user.role_changed',
        actorEmail: 'ADMIN_EMAILS',
        details: { from: 'family', to: 'admin', source: 'ADMIN_EMAILS' },
      },
    ]);
  });

  it('an ADMIN_EMAILS admin demoted by another admin stays demoted, also at the next sign-in', async () => {
    const listed = 'other@example.tt';
    const { client, id } = await createVerifiedUser(t, { email: listed });
    expect(await (await client.get('/api/profile/me')).json()).toMatchObject({ role: 'admin' });
    const other = await createVerifiedUser(t, { role: 'admin' });
    const demote = await other.client.request(`/api/admin/users/${id}/role`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'community' }),
    });
    expect(demote.status).toBe(200);

    const again = await signInElsewhere(t, listed, TEST_PASSWORD);
    expect(await (await again.get('/api/profile/me')).json()).toMatchObject({
      role: 'community',
      profile: { role: 'community' },
    });
    const entries = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, id));
    expect(entries.map((e) => [e.actorEmail, e.details.to])).toEqual(
      expect.arrayContaining([
        ['ADMIN_EMAILS', 'admin'],
        [other.email, 'community'],
      ]),
    );
    expect(entries).toHaveLength(2);
  });

  it('a common password is refused at sign-up with a clear message', async () => {
    const res = await signUp(t.client(), { password: 'Sunshine' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: 'This password is too common. Please choose one that is harder to guess.',
      fields: { password: 'This password is too common. Please choose one that is harder to guess.' },
    });
  });

  it('changing a password later follows the same rules', async () => {
    const { client, password } = await createVerifiedUser(t);
    const common = await client.post('/api/auth/change-password', {
      currentPassword: password,
      newPassword: 'football',
    });
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({ message: AUTH_MESSAGES.passwordTooCommon });
    const ok = await client.post('/api/auth/change-password', {
      currentPassword: password,
      newPassword: 'Pelau-On-Sunday-2026',
    });
    expect(ok.status).toBe(200);
  });

  it('a short password or a missing field is refused with the form messages', async () => {
    const short = await signUp(t.client(), { password: 'x7$Kq2!' });
    expect(await short.json()).toMatchObject({ message: 'Password must be at least 8 characters long.' });
    const missing = await signUp(t.client(), { lastName: '' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ message: 'Please fill in all required fields.' });
  });

  it('the verification e-mail shows a name like <script> as text, never as markup', async () => {
    const email = uniqueEmail();
    await signUp(t.client(), { email, firstName: '<script>alert(1)</script>', lastName: 'O\'Brien "Jr" & Co' });
    const mail = await latestMail(t, email, 'Confirm your email');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt; O&#x27;Brien &quot;Jr&quot; &amp; Co,'); // React writes ' as &#x27;
    expect(mail.text).toContain('Hello <script>alert(1)</script> O\'Brien "Jr" & Co,');
  });

  it('the session lives only in an HttpOnly, SameSite=Lax cookie, never in a response body', async () => {
    const { email } = await createVerifiedUser(t);
    const client = t.client();
    const res = await client.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(((await res.json()) as Body).token).toBeNull();
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('tavara.session_token=')) ?? '';
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
  });

  it('a cookie-carrying request with no origin or a foreign origin is refused', async () => {
    const { client } = await createVerifiedUser(t);
    const noOrigin = await client.post('/api/auth/sign-out', {}, { origin: null });
    expect(noOrigin.status).toBe(403);
    const foreign = await client.post('/api/auth/sign-out', {}, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const vite = await client.post('/api/auth/sign-out', {}, { origin: 'http://localhost:5173' });
    expect(vite.status).toBe(403);
    expect((await client.get('/api/auth/get-session')).status).toBe(200);
    expect(await (await client.get('/api/auth/get-session')).json()).not.toBeNull();
  });

  it('password hashing runs off the event loop (scrypt on worker threads at a lower priority)', async () => {
    // At the production cost: the low test cost finishes before a 1 ms timer could tell.
    const strong = await createTestApp({ AUTH_PASSWORD_HASH_COST: 'production' }, { database: t.database });
    const context = await strong.auth.$context;
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const hash = await context.password.hash(TEST_PASSWORD);
    clearInterval(timer);
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    // A synchronous hash would finish before any timer could fire.
    expect(ticks).toBeGreaterThan(0);
    expect(await context.password.verify({ hash, password: TEST_PASSWORD })).toBe(true);
  });
});
