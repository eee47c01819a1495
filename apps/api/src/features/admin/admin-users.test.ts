import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_MESSAGES, ADMIN_USERS_PAGE_SIZE } from '@tavara/shared/admin/admin';
import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema/admin';
import { account, session, user } from '../../db/schema/auth';
import { featureUpvotes } from '../../db/schema/features';
import { profiles } from '../../db/schema/profiles';
import { chatbotAnswers, chatbotConversations, chatbotMessages } from '../../db/schema/registration-chat';
import { familyDetails } from '../../db/schema/registration';
import { supportRequests } from '../../db/schema/support';
import { familySnapshot, issueSessionId, postMessages, putSession, transcript } from '../../testing/chat-requests';
import { createVerifiedUser, signInElsewhere, type TestUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { saveRegistration, TINY_PNG, uploadProfilePhoto } from '../../testing/registration-requests';
import type { TestClient } from '../../testing/test-client';

const json = (method: string, body?: unknown) => ({
  method,
  headers: { 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

const deleteUser = (client: TestClient, id: string) => client.request(`/api/admin/users/${id}`, json('DELETE'));
const changeRole = (client: TestClient, id: string, role: string) =>
  client.request(`/api/admin/users/${id}/role`, json('PATCH', { role }));

interface UsersPage {
  users: Array<{ id: string; email: string; name: string; role: string; emailVerified: boolean; createdAt: string }>;
  total: number;
  page: number;
  pageSize: number;
}
const listUsers = async (client: TestClient, query: string) =>
  (await (await client.get(`/api/admin/users?${query}`)).json()) as UsersPage;

/** A family user with something in every place a user's data lives. */
async function createFamilyWithData(t: TestApp): Promise<TestUser & { sessionId: string }> {
  const family = await createVerifiedUser(t, { role: 'family', firstName: 'Keisha', lastName: 'Ramdass' });
  const saved = await saveRegistration(family.client, 'family');
  expect(saved.status, await saved.clone().text()).toBe(200);
  expect((await uploadProfilePhoto(family.client)).status).toBe(201);

  const sessionId = await issueSessionId(t);
  const put = await putSession(family.client, sessionId, familySnapshot());
  expect(put.status, await put.clone().text()).toBe(200);
  expect((await postMessages(family.client, sessionId, transcript(2))).status).toBeLessThan(300);
  expect((await family.client.post(`/api/chat/sessions/${sessionId}/link`)).status).toBe(200);

  const [feature] = await t.database.db.query.features.findMany({ limit: 1 });
  expect((await family.client.post(`/api/features/${feature?.id}/vote`)).status).toBeLessThan(300);

  const contact = new FormData();
  contact.append('name', 'Keisha Ramdass');
  contact.append('email', family.email);
  contact.append('message', 'The photo upload did not work the first time.');
  contact.append('screenshot', new File([TINY_PNG], 'screen.png', { type: 'image/png' }));
  expect((await family.client.request('/api/support/requests', { method: 'POST', body: contact })).status).toBe(201);
  return { ...family, sessionId };
}

describe('admin: users', () => {
  let t: TestApp;
  let dataDir: string;
  let admin: TestUser;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tavara-admin-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    admin = await createVerifiedUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  it('deleting a user removes the account, every session, the profile and all their data and files', async () => {
    const family = await createFamilyWithData(t);
    const secondDevice = await signInElsewhere(t, family.email, family.password);
    const { db } = t.database;
    const photoFiles = () => readdirSync(join(dataDir, 'uploads', 'profile-photos'));
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, family.id));
    expect(profile?.photoFile).toBeTruthy();
    expect(photoFiles()).toContain(profile?.photoFile);
    const [request] = await db.select().from(supportRequests).where(eq(supportRequests.userId, family.id));
    expect(request?.screenshotFile).toBeTruthy();
    const [conversation] = await db
      .select()
      .from(chatbotConversations)
      .where(eq(chatbotConversations.sessionId, family.sessionId));
    expect(conversation?.userId).toBe(family.id);
    expect((await db.select().from(session).where(eq(session.userId, family.id))).length).toBe(2);

    const res = await deleteUser(admin.client, family.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: family.id });

    // Both devices are signed out at once.
    for (const client of [family.client, secondDevice]) {
      expect((await client.get('/api/profile/me')).status).toBe(401);
    }
    const rows = db.$count.bind(db);
    expect(await rows(user, eq(user.id, family.id))).toBe(0);
    expect(await rows(session, eq(session.userId, family.id))).toBe(0);
    expect(await rows(account, eq(account.userId, family.id))).toBe(0);
    expect(await rows(profiles, eq(profiles.id, family.id))).toBe(0);
    expect(await rows(familyDetails, eq(familyDetails.userId, family.id))).toBe(0);
    expect(await rows(featureUpvotes, eq(featureUpvotes.userId, family.id))).toBe(0);
    expect(await rows(supportRequests, eq(supportRequests.id, request!.id))).toBe(0);
    expect(await rows(chatbotConversations, eq(chatbotConversations.id, conversation!.id))).toBe(0);
    expect(await rows(chatbotMessages, eq(chatbotMessages.conversationId, conversation!.id))).toBe(0);
    expect(await rows(chatbotAnswers, eq(chatbotAnswers.conversationId, conversation!.id))).toBe(0);
    expect(photoFiles()).not.toContain(profile?.photoFile);
    expect(existsSync(join(dataDir, 'uploads', 'support', request!.screenshotFile!))).toBe(false);

    // The chat's session id is no longer a way in either.
    expect((await t.client().get(`/api/chat/sessions/${family.sessionId}`)).status).toBe(404);

    const [entry] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, family.id));
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      action: 'user.deleted',
      targetType: 'user',
      details: { role: 'family', targetEmail: `${family.email.charAt(0)}***@example.tt` },
    });
    // The deleted address is not kept in full anywhere in the log.
    expect(JSON.stringify(await db.select().from(adminAuditLog))).not.toContain(family.email);
  });

  it('an admin cannot delete themselves or change their own role; an unknown user is a 404', async () => {
    const self = await deleteUser(admin.client, admin.id);
    expect(self.status).toBe(409);
    expect(await self.json()).toEqual({ error: { code: 'conflict', message: ADMIN_MESSAGES.cannotDeleteSelf } });
    const ownRole = await changeRole(admin.client, admin.id, 'family');
    expect(ownRole.status).toBe(409);
    expect(((await ownRole.json()) as { error: { message: string } }).error.message).toBe(
      ADMIN_MESSAGES.cannotChangeOwnRole,
    );
    expect((await admin.client.get('/api/profile/me')).status).toBe(200);
    const missing = await deleteUser(admin.client, 'no-such-user');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe(ADMIN_MESSAGES.userNotFound);
    expect((await changeRole(admin.client, 'no-such-user', 'family')).status).toBe(404);
  });

  it('changing a role updates the account and profile at once, asks for the new role’s form, and is audited', async () => {
    const family = await createFamilyWithData(t);
    const res = await changeRole(admin.client, family.id, 'professional');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { role: string } }).user.role).toBe('professional');
    const me = (await (await family.client.get('/api/profile/me')).json()) as {
      role: string;
      profile: { role: string; registered_at: string | null };
    };
    expect(me.role).toBe('professional');
    expect(me.profile).toMatchObject({ role: 'professional', registered_at: null });

    const log = (await (await admin.client.get('/api/admin/audit-log')).json()) as {
      entries: Array<{ action: string; targetId: string; actorEmail: string; details: Record<string, unknown> }>;
    };
    expect(log.entries[0]).toMatchObject({
      action: 'user.role_changed',
      targetId: family.id,
      actorEmail: admin.email,
      details: { from: 'family', to: 'professional', targetEmail: family.email },
    });
    // The same role again changes nothing and writes nothing.
    await changeRole(admin.client, family.id, 'professional');
    const again = (await (await admin.client.get('/api/admin/audit-log')).json()) as typeof log;
    expect(again.entries.filter((e) => e.targetId === family.id)).toHaveLength(1);

    const bad = await changeRole(admin.client, family.id, 'superuser');
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields.role).toBe(
      'Choose one of family, professional, community or admin.',
    );
  });

  it('the list searches e-mail and name, filters by role and pages through the results', async () => {
    const token = `zz${randomBytes(3).toString('hex')}`;
    const now = Date.now();
    // Rows straight into the table: 25 real sign-ups would only test scrypt.
    await t.database.db.insert(user).values(
      Array.from({ length: ADMIN_USERS_PAGE_SIZE + 5 }, (_, i) => ({
        id: `${token}-${i}`,
        name: i === 0 ? `Percent 100%_${token}` : `Member ${i}`,
        email: `${token}.${String(i).padStart(2, '0')}@example.tt`,
        emailVerified: i % 2 === 0,
        role: i < 3 ? 'community' : 'family',
        createdAt: new Date(now - i * 1000),
      })),
    );
    const first = await listUsers(admin.client, `search=${token.toUpperCase()}`);
    expect(first.total).toBe(ADMIN_USERS_PAGE_SIZE + 5);
    expect(first.users).toHaveLength(ADMIN_USERS_PAGE_SIZE);
    expect(first.users[0]).toMatchObject({ id: `${token}-0`, role: 'community', emailVerified: true });
    const second = await listUsers(admin.client, `search=${token}&page=2`);
    expect(second.users.map((u) => u.id)).toEqual([20, 21, 22, 23, 24].map((i) => `${token}-${i}`));

    const community = await listUsers(admin.client, `search=${token}&role=community`);
    expect(community.users.map((u) => u.id)).toEqual([0, 1, 2].map((i) => `${token}-${i}`));
    // Wildcards typed into the box are taken literally.
    expect((await listUsers(admin.client, `search=${encodeURIComponent('100%_')}`)).users.map((u) => u.id)).toEqual([
      `${token}-0`,
    ]);
    expect((await listUsers(admin.client, `search=${encodeURIComponent('%')}`)).users.map((u) => u.id)).toEqual([
      `${token}-0`,
    ]);
    const byName = await listUsers(admin.client, `search=member 2`);
    expect(byName.users.map((u) => u.id)).toEqual(expect.arrayContaining([`${token}-2`, `${token}-20`]));

    // Personal data: never kept by a browser or proxy cache.
    for (const path of ['/api/admin/users', '/api/admin/audit-log', '/api/admin/feature-votes']) {
      expect((await admin.client.get(path)).headers.get('cache-control'), path).toBe('no-store');
    }
    expect((await admin.client.get('/api/admin/users?role=superuser')).status).toBe(400);
    expect((await admin.client.get('/api/admin/users?page=0')).status).toBe(400);
    await t.database.db.delete(user).where(like(user.id, `${token}-%`));
  });

  it('feature votes are counted per feature, per voter role and per status', async () => {
    const voters = await Promise.all([
      createVerifiedUser(t, { role: 'family' }),
      createVerifiedUser(t, { role: 'professional' }),
      createVerifiedUser(t, { role: 'community' }),
    ]);
    const features = await t.database.db.query.features.findMany({ limit: 2 });
    const [a, b] = features.map((f) => f.id);
    for (const voter of voters) expect((await voter.client.post(`/api/features/${a}/vote`)).status).toBeLessThan(300);
    expect((await voters[1]!.client.post(`/api/features/${b}/vote`)).status).toBeLessThan(300);

    const stats = (await (await admin.client.get('/api/admin/feature-votes')).json()) as {
      features: Array<{ id: string; status: string; votes: number; votesByRole: Record<string, number> }>;
      byStatus: Array<{ status: string; features: number; votes: number }>;
      totalVotes: number;
    };
    const countsOf = (id: string | undefined) => stats.features.find((f) => f.id === id);
    const votesNow = await t.database.db
      .select()
      .from(featureUpvotes)
      .where(inArray(featureUpvotes.featureId, [a!, b!]));
    expect(countsOf(a)?.votes).toBe(votesNow.filter((v) => v.featureId === a).length);
    expect(countsOf(a)?.votesByRole).toMatchObject({ family: expect.any(Number), professional: expect.any(Number) });
    expect(countsOf(b)?.votesByRole.professional).toBeGreaterThanOrEqual(1);
    const allVotes = await t.database.db.select().from(featureUpvotes);
    expect(stats.totalVotes).toBe(allVotes.length);
    expect(stats.byStatus.reduce((sum, s) => sum + s.votes, 0)).toBe(allVotes.length);
    expect(stats.byStatus.reduce((sum, s) => sum + s.features, 0)).toBe(stats.features.length);
  });
});
