import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlan, send } from './testing/care-plan-requests';
import { addToCircle, helpInput, inviteToCircle, postHelpRequest, signUpFor } from './testing/circle-requests';
import { createVerifiedUser, uniqueEmail } from './testing/factories';
import { itAsksEachRoute, type AskRow } from './testing/access';
import { createTestApp, type TestApp } from './testing/test-app';
import type { TestClient } from './testing/test-client';
import { setUpVillage, VILLAGE, type VillageAsker } from './testing/village-access';

/**
 * The care circle's authorization matrix (issue 30): every circle and help-request route, asked
 * by each kind of person — the owner, another family, a professional and a community member from
 * outside, a team member, a circle member, someone invited to the circle who has not accepted,
 * someone removed from it, and an admin — the village's askers, in their order and with their
 * plan, as the updates feed's matrix has them (testing/village-access.ts).
 */
interface Targets {
  planId: string;
  memberToRemove: string;
  acceptInvitation: string;
  declineInvitation: string;
  cancelRequest: string;
  openRequest: string;
  cancelSignup: string;
  doneSignupByHelper: string;
  doneSignupByOwner: string;
  thankSignup: string;
}
type Row = AskRow<VillageAsker, Targets>;

/** The family's own changes: the rest of the village is told only the family may. */
const OWNER = (ok: number) => ({ ...VILLAGE.outsiders, teamMember: 403, admin: 403, circleMember: 403, owner: ok });
const all = (status: number) =>
  Object.fromEntries(VILLAGE.askers.map((a) => [a, a === 'anonymous' ? 401 : status])) as Record<VillageAsker, number>;

export const CIRCLE_ROUTES: readonly Row[] = [
  { method: 'GET', path: (t) => `/api/care-plans/${t.planId}/circle`, expect: VILLAGE.reads },
  {
    method: 'POST',
    path: (t) => `/api/care-plans/${t.planId}/circle/invitations`,
    body: () => ({ email: uniqueEmail('circle-matrix') }),
    expect: OWNER(201),
  },
  { method: 'DELETE', path: (t) => `/api/care-plans/${t.planId}/circle/${t.memberToRemove}`, expect: OWNER(200) },
  { method: 'GET', path: () => '/api/circles', expect: all(200) },
  {
    method: 'POST',
    path: (t) => `/api/circle-invitations/${t.acceptInvitation}/accept`,
    expect: { ...all(404), circleInvited: 200 },
  },
  {
    method: 'POST',
    path: (t) => `/api/circle-invitations/${t.declineInvitation}/decline`,
    expect: { ...all(404), circleInvited: 200 },
  },
  { method: 'GET', path: (t) => `/api/care-plans/${t.planId}/help-requests`, expect: VILLAGE.reads },
  { method: 'GET', path: (t) => `/api/care-plans/${t.planId}/help-requests?when=past`, expect: VILLAGE.reads },
  {
    method: 'POST',
    path: (t) => `/api/care-plans/${t.planId}/help-requests`,
    body: () => helpInput({ kind: 'meal', title: 'Dinner on Friday' }),
    expect: OWNER(201),
  },
  { method: 'POST', path: (t) => `/api/help-requests/${t.cancelRequest}/cancel`, expect: OWNER(200) },
  {
    method: 'POST',
    path: (t) => `/api/help-requests/${t.openRequest}/signups`,
    expect: { ...VILLAGE.outsiders, teamMember: 201, admin: 403, circleMember: 201, owner: 403 },
  },
  {
    method: 'POST',
    path: (t) => `/api/help-signups/${t.cancelSignup}/cancel`,
    body: () => ({ note: 'Car trouble' }),
    expect: { ...VILLAGE.outsiders, teamMember: 403, admin: 403, circleMember: 200, owner: 403 },
  },
  {
    method: 'POST',
    path: (t, asker) => `/api/help-signups/${asker === 'owner' ? t.doneSignupByOwner : t.doneSignupByHelper}/done`,
    expect: { ...VILLAGE.outsiders, teamMember: 403, admin: 403, circleMember: 200, owner: 200 },
  },
  {
    method: 'POST',
    path: (t) => `/api/help-signups/${t.thankSignup}/thanks`,
    body: () => ({ message: 'Thank you so much!' }),
    expect: OWNER(200),
  },
  { method: 'GET', path: () => '/api/help-tasks', expect: all(200) },
  { method: 'GET', path: (t) => `/api/care-plans/${t.planId}/contacts`, expect: VILLAGE.reads },
  {
    method: 'PUT',
    path: (t) => `/api/care-plans/${t.planId}/contacts/sharing`,
    body: () => ({
      team: { primary: true, emergency: true, address: true },
      circle: { primary: false, emergency: true },
    }),
    expect: OWNER(200),
  },
];

/**
 * What a circle member must never reach (issue 30, item 1): the plan itself, its shifts,
 * medications, doses, reports, assessment and story. Asked as the circle member and as a stranger
 * (a community member with no tie to the plan): the answers must be the same.
 */
const TEAM_ONLY = (planId: string) => [
  `/api/care-plans/${planId}`,
  `/api/care-plans/${planId}/shifts?from=2099-03-02&to=2099-03-08`,
  `/api/care-plans/${planId}/medications`,
  `/api/care-plans/${planId}/doses`,
  `/api/care-plans/${planId}/medications/report`,
  `/api/care-plans/${planId}/medications/report.csv`,
  `/api/care-plans/${planId}/assessment`,
  `/api/care-plans/${planId}/story`,
  `/api/professional/assignments/${planId}`,
];

describe('care-circle routes: who may call them', () => {
  let t: TestApp;
  let clients: ReadonlyMap<VillageAsker | 'anonymous', TestClient>;
  let targets: Targets;

  beforeAll(async () => {
    t = await createTestApp();
    const village = await setUpVillage(t);
    const { users, owner, planId } = village;
    clients = village.clients;
    // The invited one's invitations to two more of the owner's plans, to accept and to decline.
    const invited = users.get('circleInvited')!;
    const acceptInvitation = await inviteToCircle(owner.client, await createPlan(owner.client), invited.email);
    const declineInvitation = await inviteToCircle(owner.client, await createPlan(owner.client), invited.email);
    const neighbour = await createVerifiedUser(t, { role: 'community' });
    const memberToRemove = await addToCircle(owner.client, planId, neighbour);

    const helper = users.get('circleMember')!.client;
    const cancelRequest = await postHelpRequest(owner.client, planId, { title: 'To call off' });
    const openRequest = await postHelpRequest(owner.client, planId, { helpersNeeded: 10 });
    const helped = async (title: string) => signUpFor(helper, await postHelpRequest(owner.client, planId, { title }));
    targets = {
      planId,
      memberToRemove,
      acceptInvitation,
      declineInvitation,
      cancelRequest,
      openRequest,
      cancelSignup: await helped('Cancel me'),
      doneSignupByHelper: await helped('Helper marks done'),
      doneSignupByOwner: await helped('Family marks done'),
      thankSignup: await helped('Thank me'),
    };
  });
  afterAll(() => t.close());

  itAsksEachRoute(CIRCLE_ROUTES, VILLAGE.askers, () => ({ clients, targets }));

  it('a circle member is answered like a stranger on the plan, its shifts, medications, doses, assessment and story', async () => {
    const answers = async (asker: VillageAsker) => {
      const out: string[] = [];
      for (const path of TEAM_ONLY(targets.planId)) {
        const res = await send(clients.get(asker)!, 'GET', path);
        out.push(`${path.replace(targets.planId, ':planId')} → ${res.status} ${await res.text()}`);
      }
      return out;
    };
    const stranger = await answers('community');
    expect(await answers('circleMember')).toEqual(stranger);
    expect(await answers('circleRemoved')).toEqual(stranger);
    expect(stranger.every((line) => / → 404 /.test(line))).toBe(true);
    // …while the team member, for contrast, reads the plan.
    expect((await send(clients.get('teamMember')!, 'GET', `/api/care-plans/${targets.planId}`)).status).toBe(200);
  });
});
