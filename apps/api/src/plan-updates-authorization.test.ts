import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProfessional, createPlan, send } from './testing/care-plan-requests';
import { addToCircle, inviteToCircle } from './testing/circle-requests';
import { askEveryone, signInAskers, type AskRow } from './testing/access';
import { createTestApp, type TestApp } from './testing/test-app';
import type { TestClient } from './testing/test-client';
import { commentOn, jpegWithGps, postUpdate, updateForm } from './testing/update-requests';

/**
 * The updates feed's authorization matrix (issue 30, item 4): every feed route asked by the owner,
 * a team member, a circle member, someone invited to the circle who has not accepted, someone
 * removed from it, strangers of each role, an admin and a visitor. Refused askers go first so
 * their calls cannot change what the next one meets.
 */
const ASKERS = [
  'anonymous',
  'community',
  'otherFamily',
  'otherProfessional',
  'circleInvited',
  'circleRemoved',
  'teamMember',
  'admin',
  'circleMember',
  'owner',
] as const;
type Asker = (typeof ASKERS)[number];

const ROLES = {
  community: 'community',
  otherFamily: 'family',
  otherProfessional: 'professional',
  circleInvited: 'community',
  circleRemoved: 'community',
  teamMember: 'professional',
  admin: 'admin',
  circleMember: 'community',
  owner: 'family',
} as const;

interface Targets {
  planId: string;
  update: string;
  toEdit: string;
  toDelete: string;
  circleComment: string;
  commentForFamily: string;
  photo: string;
}
type Row = AskRow<Asker, Targets>;

const OUTSIDERS = {
  anonymous: 401,
  community: 404,
  otherFamily: 404,
  otherProfessional: 404,
  circleInvited: 404,
  circleRemoved: 404,
} as const;
const VILLAGE = { ...OUTSIDERS, teamMember: 200, admin: 200, circleMember: 200, owner: 200 };

export const UPDATE_ROUTES: readonly Row[] = [
  { method: 'GET', path: (t) => `/api/care-plans/${t.planId}/updates`, expect: VILLAGE },
  {
    method: 'POST',
    path: (t) => `/api/care-plans/${t.planId}/updates`,
    body: () => updateForm('Dad enjoyed the garden today.'),
    expect: { ...OUTSIDERS, teamMember: 201, admin: 403, circleMember: 403, owner: 201 },
  },
  {
    method: 'PUT',
    path: (t) => `/api/plan-updates/${t.toEdit}`,
    body: () => updateForm('Dad enjoyed the garden today (edited).'),
    expect: { ...OUTSIDERS, teamMember: 403, admin: 403, circleMember: 403, owner: 200 },
  },
  {
    method: 'DELETE',
    path: (t) => `/api/plan-updates/${t.toDelete}`,
    expect: { ...OUTSIDERS, teamMember: 403, admin: 403, circleMember: 403, owner: 200 },
  },
  {
    method: 'PUT',
    path: (t) => `/api/plan-updates/${t.update}/thanks`,
    expect: { ...OUTSIDERS, teamMember: 200, admin: 403, circleMember: 200, owner: 403 },
  },
  {
    method: 'DELETE',
    path: (t) => `/api/plan-updates/${t.update}/thanks`,
    expect: { ...OUTSIDERS, teamMember: 200, admin: 403, circleMember: 200, owner: 403 },
  },
  {
    method: 'POST',
    path: (t) => `/api/plan-updates/${t.update}/comments`,
    body: () => ({ body: 'Thinking of you all.' }),
    expect: { ...OUTSIDERS, teamMember: 201, admin: 403, circleMember: 201, owner: 201 },
  },
  {
    method: 'DELETE',
    path: (t, asker) => `/api/plan-update-comments/${asker === 'owner' ? t.commentForFamily : t.circleComment}`,
    expect: { ...OUTSIDERS, teamMember: 403, admin: 403, circleMember: 200, owner: 200 },
  },
  { method: 'GET', path: (t) => `/api/plan-update-photos/${t.photo}`, expect: VILLAGE },
];

const PLACEHOLDERS = new Proxy({} as Targets, { get: (_target, key) => `:${String(key)}` });

describe('plan-updates routes: who may call them', () => {
  let t: TestApp;
  let clients: ReadonlyMap<Asker | 'anonymous', TestClient>;
  let targets: Targets;

  beforeAll(async () => {
    t = await createTestApp();
    const signedIn = await signInAskers<Asker>(t, ROLES);
    const users = signedIn.users;
    clients = signedIn.clients;
    const owner = users.get('owner')!;
    const planId = await createPlan(owner.client);
    await addProfessional(owner.client, planId, users.get('teamMember')!);
    const circle = users.get('circleMember')!;
    await addToCircle(owner.client, planId, circle);
    const removed = await addToCircle(owner.client, planId, users.get('circleRemoved')!);
    await send(owner.client, 'DELETE', `/api/care-plans/${planId}/circle/${removed}`);
    await inviteToCircle(owner.client, planId, users.get('circleInvited')!.email); // stays invited

    const update = await postUpdate(owner.client, planId, 'Mum slept well.', [{ bytes: await jpegWithGps() }]);
    const feed = (await (await send(owner.client, 'GET', `/api/care-plans/${planId}/updates`)).json()) as {
      updates: Array<{ id: string; photos: Array<{ id: string }> }>;
    };
    targets = {
      planId,
      update,
      toEdit: await postUpdate(owner.client, planId, 'To edit'),
      toDelete: await postUpdate(owner.client, planId, 'To delete'),
      circleComment: await commentOn(circle.client, update, 'Circle comment'),
      commentForFamily: await commentOn(circle.client, update, 'The family removes this one'),
      photo: feed.updates.find((u) => u.id === update)!.photos[0]!.id,
    };
  });
  afterAll(() => t.close());

  for (const row of UPDATE_ROUTES) {
    it(`${row.method} ${row.path(PLACEHOLDERS, 'owner')}`, async () => {
      const { heard, expected } = await askEveryone(ASKERS, clients, row, targets);
      expect(heard).toEqual(expected);
    });
  }
});
