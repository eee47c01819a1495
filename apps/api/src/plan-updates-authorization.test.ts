import { afterAll, beforeAll, describe } from 'vitest';
import { send } from './testing/care-plan-requests';
import { itAsksEachRoute, type AskRow } from './testing/access';
import { createTestApp, type TestApp } from './testing/test-app';
import type { TestClient } from './testing/test-client';
import { commentOn, jpegWithGps, postUpdate, updateForm } from './testing/update-requests';
import { setUpVillage, VILLAGE, type VillageAsker } from './testing/village-access';

/**
 * The updates feed's authorization matrix (issue 30, item 4): every feed route asked by the owner,
 * a team member, a circle member, someone invited to the circle who has not accepted, someone
 * removed from it, strangers of each role, an admin and a visitor — the village's askers, in their
 * order and with their plan, as the care circle's matrix has them (testing/village-access.ts).
 */
interface Targets {
  planId: string;
  update: string;
  toEdit: string;
  toDelete: string;
  circleComment: string;
  commentForFamily: string;
  photo: string;
}
type Row = AskRow<VillageAsker, Targets>;

export const UPDATE_ROUTES: readonly Row[] = [
  { method: 'GET', path: (t) => `/api/care-plans/${t.planId}/updates`, expect: VILLAGE.reads },
  {
    method: 'POST',
    path: (t) => `/api/care-plans/${t.planId}/updates`,
    body: () => updateForm('Dad enjoyed the garden today.'),
    expect: { ...VILLAGE.outsiders, teamMember: 201, admin: 403, circleMember: 403, owner: 201 },
  },
  {
    method: 'PUT',
    path: (t) => `/api/plan-updates/${t.toEdit}`,
    body: () => updateForm('Dad enjoyed the garden today (edited).'),
    expect: { ...VILLAGE.outsiders, teamMember: 403, admin: 403, circleMember: 403, owner: 200 },
  },
  {
    method: 'DELETE',
    path: (t) => `/api/plan-updates/${t.toDelete}`,
    expect: { ...VILLAGE.outsiders, teamMember: 403, admin: 403, circleMember: 403, owner: 200 },
  },
  {
    method: 'PUT',
    path: (t) => `/api/plan-updates/${t.update}/thanks`,
    expect: { ...VILLAGE.outsiders, teamMember: 200, admin: 403, circleMember: 200, owner: 403 },
  },
  {
    method: 'DELETE',
    path: (t) => `/api/plan-updates/${t.update}/thanks`,
    expect: { ...VILLAGE.outsiders, teamMember: 200, admin: 403, circleMember: 200, owner: 403 },
  },
  {
    method: 'POST',
    path: (t) => `/api/plan-updates/${t.update}/comments`,
    body: () => ({ body: 'Thinking of you all.' }),
    expect: { ...VILLAGE.outsiders, teamMember: 201, admin: 403, circleMember: 201, owner: 201 },
  },
  {
    method: 'DELETE',
    path: (t, asker) => `/api/plan-update-comments/${asker === 'owner' ? t.commentForFamily : t.circleComment}`,
    expect: { ...VILLAGE.outsiders, teamMember: 403, admin: 403, circleMember: 200, owner: 200 },
  },
  { method: 'GET', path: (t) => `/api/plan-update-photos/${t.photo}`, expect: VILLAGE.reads },
];

describe('plan-updates routes: who may call them', () => {
  let t: TestApp;
  let clients: ReadonlyMap<VillageAsker | 'anonymous', TestClient>;
  let targets: Targets;

  beforeAll(async () => {
    t = await createTestApp();
    const village = await setUpVillage(t);
    const { owner, planId } = village;
    clients = village.clients;
    const circle = village.users.get('circleMember')!;

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

  itAsksEachRoute(UPDATE_ROUTES, VILLAGE.askers, () => ({ clients, targets }));
});
