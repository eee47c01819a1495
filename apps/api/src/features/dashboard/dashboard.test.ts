import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DashboardData } from '@tavara/shared/dashboard/dashboard';
import type { PublicRole } from '@tavara/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSessionId } from '../../testing/chat-requests';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { saveRegistration, uploadProfilePhoto } from '../../testing/registration-requests';
import type { TestClient } from '../../testing/test-client';

/** The chat's answers for a role, as far as a short interview goes (valid per question). */
const CHAT_ANSWERS: Record<PublicRole, Record<string, string>> = {
  family: { first_name: 'Keisha', last_name: 'Ramdass', care_location: 'Arima' },
  professional: { first_name: 'Marcus', last_name: 'Joseph' },
  community: { full_name: 'Devika Maharaj', location: 'Chaguanas' },
};

async function dashboardOf(client: TestClient): Promise<DashboardData> {
  const res = await client.get('/api/dashboard/me');
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return (await res.json()) as DashboardData;
}

/**
 * A chat for `role` saved through the chat routes by an anonymous visitor, then linked to
 * `owner` as the registration form does after sign-in. Returns the session id.
 */
async function linkedChat(t: TestApp, owner: TestClient, role: PublicRole, completed: boolean): Promise<string> {
  const sessionId = await issueSessionId(t);
  const res = await t.client().request(`/api/chat/sessions/${sessionId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      role,
      stage: completed ? 'completion' : 'questions',
      status: completed ? 'completed' : 'in_progress',
      completed,
      questionIndex: 2,
      sectionIndex: 0,
      answers: CHAT_ANSWERS[role],
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  expect((await owner.post(`/api/chat/sessions/${sessionId}/link`)).status).toBe(200);
  return sessionId;
}

const stepsDone = (data: DashboardData) => Object.fromEntries(data.checklist.steps.map((s) => [s.id, s.done]));

describe('GET /api/dashboard/me', () => {
  let t: TestApp;
  let dataDir: string;
  let family: TestUser;
  let professional: TestUser;
  let community: TestUser;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tavara-dashboard-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    [family, professional, community] = await Promise.all([
      createVerifiedUser(t, { role: 'family', firstName: 'Keisha', lastName: 'Ramdass' }),
      createVerifiedUser(t, { role: 'professional', firstName: 'Marcus', lastName: 'Joseph' }),
      createVerifiedUser(t, { role: 'community', firstName: 'Devika', lastName: 'Maharaj' }),
    ]);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('signed out: 401 and nothing about anyone', async () => {
    const res = await t.client().get('/api/dashboard/me');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('a new account: its own name, e-mail and role, nothing done yet, no votes', async () => {
    const data = await dashboardOf(family.client);
    expect(data).toEqual({
      role: 'family',
      profile: {
        userId: family.id,
        name: 'Keisha Ramdass',
        email: family.email,
        phone: null,
        location: null,
        photoUrl: null,
        registeredAt: null,
      },
      facts: {
        profileComplete: false,
        chatCompleted: false,
        photoAdded: false,
        carePlanCreated: false,
        invitationAccepted: false,
      },
      checklist: expect.objectContaining({ doneCount: 0, totalCount: 4, percent: 0 }),
      votes: [],
    });
    expect(stepsDone(data)).toEqual({ profile: false, chat: false, photo: false, 'care-plan': false });
  });

  it('each role sees its own role and data, never another user’s', async () => {
    for (const [user, role] of [
      [family, 'family'],
      [professional, 'professional'],
      [community, 'community'],
    ] as const) {
      const data = await dashboardOf(user.client);
      expect(data.role).toBe(role);
      expect(data.profile).toMatchObject({ userId: user.id, email: user.email });
    }
    // The route takes no user id: a query parameter naming someone else changes nothing.
    const res = await family.client.get(`/api/dashboard/me?userId=${professional.id}`);
    expect(((await res.json()) as DashboardData).profile.userId).toBe(family.id);
  });

  it('the checklist follows real rows: the saved form, a finished chat linked to the user, the photo', async () => {
    const user = await createVerifiedUser(t, { role: 'family' });

    expect((await saveRegistration(user.client, 'family')).status).toBe(200);
    let data = await dashboardOf(user.client);
    expect(stepsDone(data)).toEqual({ profile: true, chat: false, photo: false, 'care-plan': false });
    expect(data.checklist).toMatchObject({ doneCount: 1, percent: 25 });
    expect(data.profile).toMatchObject({
      name: 'Keisha Ramdass',
      phone: '+1 868 555 1234',
      location: 'Arima',
      registeredAt: expect.any(String),
    });

    // A chat still in progress, or finished for another role, is not the registration chat.
    await linkedChat(t, user.client, 'family', false);
    await linkedChat(t, user.client, 'community', true);
    expect((await dashboardOf(user.client)).facts.chatCompleted).toBe(false);

    await linkedChat(t, user.client, 'family', true);
    data = await dashboardOf(user.client);
    expect(stepsDone(data)).toEqual({ profile: true, chat: true, photo: false, 'care-plan': false });

    expect((await uploadProfilePhoto(user.client)).status).toBe(201);
    data = await dashboardOf(user.client);
    expect(stepsDone(data)).toEqual({ profile: true, chat: true, photo: true, 'care-plan': false });
    expect(data.checklist).toMatchObject({ doneCount: 3, totalCount: 4, percent: 75 });
    expect(data.profile.photoUrl).toMatch(new RegExp(`^/api/registration/photo/${user.id}\\?v=`));
    // The photo URL it gives is one the owner can open.
    expect((await user.client.get(data.profile.photoUrl ?? '')).status).toBe(200);
  });

  it('another user’s finished chat, photo and form never tick this user’s steps', async () => {
    const owner = await createVerifiedUser(t, { role: 'professional' });
    const other = await createVerifiedUser(t, { role: 'professional' });
    expect((await saveRegistration(other.client, 'professional')).status).toBe(200);
    expect((await uploadProfilePhoto(other.client)).status).toBe(201);
    await linkedChat(t, other.client, 'professional', true);

    const mine = await dashboardOf(owner.client);
    expect(mine.facts).toMatchObject({ profileComplete: false, chatCompleted: false, photoAdded: false });
    expect(mine.profile.photoUrl).toBeNull();
    expect((await dashboardOf(other.client)).facts).toMatchObject({
      profileComplete: true,
      chatCompleted: true,
      photoAdded: true,
    });
  });

  it('lists only the user’s own votes, with each feature’s title and status', async () => {
    const voter = await createVerifiedUser(t, { role: 'community' });
    const other = await createVerifiedUser(t, { role: 'community' });
    expect((await voter.client.post('/api/features/view-events/vote')).status).toBe(201);
    expect((await voter.client.post('/api/features/care-team-chat/vote')).status).toBe(201);
    expect((await other.client.post('/api/features/get-involved/vote')).status).toBe(201);

    const votes = (await dashboardOf(voter.client)).votes;
    // In the features page's order: care-team-chat is listed before view-events.
    expect(votes).toEqual([
      { id: 'care-team-chat', title: 'Care Team Chat', category: 'care', status: 'in_development' },
      { id: 'view-events', title: 'View Events', category: 'community', status: 'planned' },
    ]);
    expect((await dashboardOf(other.client)).votes.map((v) => v.id)).toEqual(['get-involved']);
  });

  it('an admin gets their own summary and no public-role checklist', async () => {
    const admin = await createVerifiedUser(t, { role: 'admin' });
    const data = await dashboardOf(admin.client);
    expect(data.role).toBe('admin');
    expect(data.profile.userId).toBe(admin.id);
    expect(data.checklist).toEqual({ steps: [], doneCount: 0, totalCount: 0, percent: 0 });
  });
});
