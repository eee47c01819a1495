import { afterAll, beforeAll, describe } from 'vitest';
import { addProfessional, createPlan, day, planInput, planShifts, send } from './testing/care-plan-requests';
import { createVerifiedUser, uniqueEmail } from './testing/factories';
import { itAsksEachRoute, PLAN_ASKER_ROLES, signInAskers, type AskRow } from './testing/access';
import { createTestApp, type TestApp } from './testing/test-app';
import type { TestClient } from './testing/test-client';

/**
 * The care plans' authorization matrix (issue 16): every care-plan, team, shift, schedule and
 * calendar route, asked by each kind of person. A plan is seen by its owner, accepted members and
 * admins; changing it is the owner's; anyone else hears "no access" (404, the same as for a plan
 * that does not exist). Rows are data so they can move into the router-wide matrix.
 *
 * Askers are served in this order so refused calls come before the ones that change state.
 */
const ASKERS = [
  'anonymous',
  'community',
  'otherFamily',
  'otherProfessional',
  'invited',
  'member',
  'admin',
  'owner',
] as const;
type Asker = (typeof ASKERS)[number];

interface Targets {
  planId: string;
  memberToRemove: string;
  editShift: string;
  cancelShift: string;
  assignShift: string;
  claimShift: string;
  checkInShift: string;
  checkOutShift: string;
  doneShift: string;
  acceptInvitation: string;
  declineInvitation: string;
  memberUserId: string;
  feedPath: string;
}

type Row = AskRow<Asker, Targets>;

const all = (status: number, anonymous = 401): Record<Asker, number> =>
  Object.fromEntries(ASKERS.map((a) => [a, a === 'anonymous' ? anonymous : status])) as Record<Asker, number>;
/** Seen by owner, member and admin; others learn nothing. */
const VIEW = {
  anonymous: 401,
  community: 404,
  otherFamily: 404,
  otherProfessional: 404,
  invited: 404,
  member: 200,
  admin: 200,
  owner: 200,
};
/** The owner's alone: members and admins see the plan but may not change it. */
const OWNER = (ok: number) => ({
  anonymous: 401,
  community: 404,
  otherFamily: 404,
  otherProfessional: 404,
  invited: 404,
  member: 403,
  admin: 403,
  owner: ok,
});
/** Shifts a member acts on as the assigned caregiver. */
const ASSIGNEE = {
  anonymous: 401,
  community: 404,
  otherFamily: 404,
  otherProfessional: 404,
  invited: 404,
  member: 200,
  admin: 403,
  owner: 403,
};
const FAMILY_ROLE = (ok: number) => ({
  anonymous: 401,
  community: 403,
  otherFamily: ok,
  otherProfessional: 403,
  invited: 403,
  member: 403,
  admin: 403,
  owner: ok,
});

export const CARE_PLAN_ROUTES: readonly Row[] = [
  { method: 'GET', path: (t) => t.feedPath, expect: all(200, 200) },
  { method: 'GET', path: () => '/api/calendar/not-a-token.ics', expect: all(404, 404) },
  { method: 'GET', path: () => '/api/care-plans', expect: all(200) },
  { method: 'POST', path: () => '/api/care-plans', body: () => planInput(), expect: FAMILY_ROLE(201) },
  { method: 'GET', path: () => '/api/care-plans/figures', expect: all(200) },
  { method: 'GET', path: () => '/api/care-plans/professionals?q=a', expect: FAMILY_ROLE(200) },
  { method: 'GET', path: (t) => `/api/care-plans/${t.planId}`, expect: VIEW },
  { method: 'GET', path: (t) => `/api/care-plans/${t.planId}?week=${day(0)}`, expect: VIEW },
  {
    method: 'PUT',
    path: (t) => `/api/care-plans/${t.planId}`,
    body: () => planInput({ title: 'Renamed' }),
    expect: OWNER(200),
  },
  {
    method: 'POST',
    path: (t) => `/api/care-plans/${t.planId}/status`,
    body: () => ({ status: 'active' }),
    expect: OWNER(200),
  },
  { method: 'POST', path: (t) => `/api/care-plans/${t.planId}/restore`, expect: OWNER(200) },
  {
    method: 'POST',
    path: (t) => `/api/care-plans/${t.planId}/invitations`,
    body: () => ({ kind: 'professional', email: uniqueEmail('matrix'), teamRole: 'caregiver' }),
    expect: OWNER(201),
  },
  { method: 'DELETE', path: (t) => `/api/care-plans/${t.planId}/members/${t.memberToRemove}`, expect: OWNER(200) },
  { method: 'GET', path: (t) => `/api/care-plans/${t.planId}/shifts?from=${day(0)}&to=${day(6)}`, expect: VIEW },
  {
    method: 'POST',
    path: (t) => `/api/care-plans/${t.planId}/shifts/generate`,
    body: () => ({ from: day(7), to: day(8) }),
    expect: OWNER(200),
  },
  {
    method: 'POST',
    path: (t) => `/api/care-plans/${t.planId}/shifts`,
    body: () => ({ start: `${day(5)}T09:00`, end: `${day(5)}T11:00` }),
    expect: OWNER(201),
  },
  {
    method: 'PATCH',
    path: (t) => `/api/shifts/${t.editShift}`,
    body: () => ({ start: `${day(0)}T09:00`, end: `${day(0)}T16:00`, reason: 'Later' }),
    expect: OWNER(200),
  },
  {
    method: 'POST',
    path: (t) => `/api/shifts/${t.cancelShift}/cancel`,
    body: () => ({ reason: 'Not needed' }),
    expect: OWNER(200),
  },
  {
    method: 'POST',
    path: (t) => `/api/shifts/${t.assignShift}/assign`,
    body: (t) => ({ userId: t.memberUserId }),
    expect: OWNER(200),
  },
  { method: 'POST', path: (t) => `/api/shifts/${t.claimShift}/claim`, expect: ASSIGNEE },
  { method: 'POST', path: (t) => `/api/shifts/${t.checkInShift}/check-in`, expect: ASSIGNEE },
  {
    method: 'POST',
    path: (t) => `/api/shifts/${t.checkOutShift}/check-out`,
    body: () => ({ note: 'Fine' }),
    expect: ASSIGNEE,
  },
  { method: 'POST', path: (t) => `/api/shifts/${t.doneShift}/done`, body: () => ({}), expect: OWNER(200) },
  { method: 'GET', path: () => '/api/invitations', expect: all(200) },
  {
    method: 'POST',
    path: (t) => `/api/invitations/${t.acceptInvitation}/accept`,
    expect: { ...all(404), anonymous: 401, invited: 200 },
  },
  {
    method: 'POST',
    path: (t) => `/api/invitations/${t.declineInvitation}/decline`,
    expect: { ...all(404), anonymous: 401, invited: 200 },
  },
  { method: 'GET', path: () => '/api/professional/schedule', expect: all(200) },
  { method: 'GET', path: () => `/api/professional/schedule?from=${day(0)}&to=${day(30)}`, expect: all(200) },
  { method: 'GET', path: (t) => `/api/professional/assignments/${t.planId}`, expect: VIEW },
  { method: 'GET', path: () => '/api/calendar-feed', expect: all(200) },
  { method: 'POST', path: () => '/api/calendar-feed', expect: all(201) },
  { method: 'DELETE', path: () => '/api/calendar-feed', expect: all(200) },
  // Last: it archives the plan (it has shifts).
  { method: 'DELETE', path: (t) => `/api/care-plans/${t.planId}`, expect: OWNER(200) },
];

/** `:name` for every target, for the test titles. */
describe('care-plan routes: who may call them', () => {
  let t: TestApp;
  let clients: ReadonlyMap<Asker, TestClient>;
  let targets: Targets;

  beforeAll(async () => {
    t = await createTestApp();
    const signedIn = await signInAskers<Asker>(t, PLAN_ASKER_ROLES);
    const users = signedIn.users;
    clients = signedIn.clients;
    const owner = users.get('owner')!;
    const member = users.get('member')!;
    const invited = users.get('invited')!;
    const extra = await createVerifiedUser(t, { role: 'professional' });

    const planId = await createPlan(owner.client);
    await addProfessional(owner.client, planId, member);
    const memberToRemove = await addProfessional(owner.client, planId, extra);
    const invite = (other: string) =>
      send(owner.client, 'POST', `/api/care-plans/${other}/invitations`, {
        kind: 'professional',
        professionalId: invited.id,
        teamRole: 'nurse',
      }).then(async (r) => ((await r.json()) as { memberId: string }).memberId);
    await invite(planId); // stays invited, never accepted
    const acceptInvitation = await invite(await createPlan(owner.client));
    const declineInvitation = await invite(await createPlan(owner.client));

    await send(owner.client, 'POST', `/api/care-plans/${planId}/shifts/generate`, {
      from: day(0),
      to: day(4),
    });
    const dayShifts = (await planShifts(owner.client, planId, day(0), day(4))).filter(
      (s) => s.shiftCode === 'weekday_8am_4pm',
    );
    const [editShift, cancelShift, assignShift, claimShift, checkInShift] = dayShifts.map((s) => s.id) as [
      string,
      string,
      string,
      string,
      string,
    ];
    const nights = (await planShifts(owner.client, planId, day(0), day(4))).filter(
      (s) => s.shiftCode === 'weekday_6pm_8am' && s.localDate <= day(4),
    );
    const [checkOutShift, doneShift] = [nights[0]!.id, nights[1]!.id];
    for (const id of [checkInShift, checkOutShift, doneShift]) {
      await send(owner.client, 'POST', `/api/shifts/${id}/assign`, { userId: member.id });
    }
    await send(member.client, 'POST', `/api/shifts/${checkOutShift}/check-in`);
    const feed = (await (await send(owner.client, 'POST', '/api/calendar-feed')).json()) as { url: string };

    targets = {
      planId,
      memberToRemove,
      editShift,
      cancelShift,
      assignShift,
      claimShift,
      checkInShift,
      checkOutShift,
      doneShift,
      acceptInvitation,
      declineInvitation,
      memberUserId: member.id,
      feedPath: new URL(feed.url).pathname,
    };
  });
  afterAll(() => t.close());

  itAsksEachRoute(CARE_PLAN_ROUTES, ASKERS, () => ({ clients, targets }));
});
