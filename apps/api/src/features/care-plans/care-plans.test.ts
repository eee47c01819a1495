import { CARE_PLAN_MESSAGES as M } from '@tavara/shared/care-plans/care-plans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carePlanPeople } from '../../testing/care-plan-people';
import { addProfessional, createPlan, day, planInput, planShifts, send } from '../../testing/care-plan-requests';
import {
  createVerifiedUser,
  latestMail,
  mailsTo,
  signUp,
  uniqueEmail,
  verifyEmail,
  type TestUser,
} from '../../testing/factories';
import { deliverNotifications } from '../../testing/notifications';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let family: TestUser;
let otherFamily: TestUser;
let pro: TestUser;
let pro2: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ({ family, otherFamily, pro, pro2 } = await carePlanPeople(t));
});
afterAll(() => t.close());

describe('care plans', () => {
  it('creates, lists with its summary, and edits a plan; bad input is answered per field', async () => {
    const bad = await send(family.client, 'POST', '/api/care-plans', planInput({ title: '', endDate: day(-28) }));
    expect(bad.status).toBe(422);
    const body = (await bad.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields).toMatchObject({ title: 'Give the plan a title.', endDate: M.endBeforeStart });
    const unknownCode = await send(
      family.client,
      'POST',
      '/api/care-plans',
      planInput({ weekdayCoverage: ['weekend_8am_6pm'] }),
    );
    expect(unknownCode.status).toBe(422);

    const id = await createPlan(family.client);
    const list = (await (await family.client.get('/api/care-plans')).json()) as {
      plans: Array<Record<string, unknown>>;
    };
    expect(list.plans.find((p) => p.id === id)).toMatchObject({
      title: 'Care for Mum',
      status: 'active',
      openShiftCount: 0,
      team: [],
    });
    const edited = await send(
      family.client,
      'PUT',
      `/api/care-plans/${id}`,
      planInput({ title: 'Care for Mum at home' }),
    );
    expect(edited.status).toBe(200);
    const paused = await send(family.client, 'POST', `/api/care-plans/${id}/status`, { status: 'paused' });
    expect(((await paused.json()) as { plan: { status: string } }).plan.status).toBe('paused');
    // A plan without shifts is deleted; one with shifts is archived.
    expect(await (await send(family.client, 'DELETE', `/api/care-plans/${id}`)).json()).toEqual({
      deleted: true,
      archived: false,
    });
    const kept = await createPlan(family.client);
    await send(family.client, 'POST', `/api/care-plans/${kept}/shifts/generate`, {});
    expect(await (await send(family.client, 'DELETE', `/api/care-plans/${kept}`)).json()).toEqual({
      deleted: false,
      archived: true,
    });
    expect((await family.client.get(`/api/care-plans/${kept}`)).status).toBe(200);
  });

  it('only professionals and families may be invited as such; a non-member sees nothing of the plan', async () => {
    const id = await createPlan(family.client);
    for (const client of [otherFamily.client, pro.client]) {
      const res = await client.get(`/api/care-plans/${id}`);
      expect(res.status).toBe(404);
      const text = await res.text();
      expect(text).toContain(M.noAccess);
      expect(text).not.toContain('Care for Mum');
    }
    // Unknown and malformed ids answer the same.
    expect(await (await pro.client.get('/api/care-plans/00000000-0000-4000-8000-000000000000')).json()).toEqual(
      await (await pro.client.get(`/api/care-plans/${id}`)).json(),
    );
    expect((await pro.client.get('/api/care-plans/not-a-uuid')).status).toBe(404);
  });
});

describe('care team by invitation', () => {
  it('a professional is invited, sees the invitation, cannot see the plan until accepting, then can', async () => {
    // Quiet hours off, so the invitation e-mail does not wait for 7 AM whatever hour the test runs at.
    await send(pro.client, 'PUT', '/api/notifications/preferences', { email: {}, quietHours: false });
    const id = await createPlan(family.client);
    const invited = await send(family.client, 'POST', `/api/care-plans/${id}/invitations`, {
      kind: 'professional',
      professionalId: pro.id,
      teamRole: 'nurse',
      note: 'Mornings mostly',
    });
    expect(invited.status).toBe(201);
    const { memberId } = (await invited.json()) as { memberId: string };
    const again = await send(family.client, 'POST', `/api/care-plans/${id}/invitations`, {
      kind: 'professional',
      professionalId: pro.id,
      teamRole: 'nurse',
    });
    expect(again.status).toBe(409);

    // An invitee with an account is notified; the worker sends the e-mail.
    await deliverNotifications(t);
    const mail = await latestMail(t, pro.email, 'invited to join a care team');
    expect(mail.subject).not.toMatch(/Mum|Joyce/);
    expect(mail.text).toContain('Keisha Ramdass');
    expect(mail.text).not.toContain('Joyce');

    expect((await pro.client.get(`/api/care-plans/${id}`)).status).toBe(404);
    const invitations = (await (await pro.client.get('/api/invitations')).json()) as {
      invitations: Array<{ id: string; teamRole: string }>;
    };
    expect(invitations.invitations).toContainEqual(expect.objectContaining({ id: memberId, teamRole: 'nurse' }));
    // Someone else cannot answer it.
    expect((await send(pro2.client, 'POST', `/api/invitations/${memberId}/accept`)).status).toBe(404);
    expect((await send(pro.client, 'POST', `/api/invitations/${memberId}/accept`)).status).toBe(200);
    const detail = (await (await pro.client.get(`/api/care-plans/${id}`)).json()) as {
      access: string;
      team: Array<{ email: unknown }>;
    };
    expect(detail.access).toBe('member');
    expect(detail.team.every((m) => m.email === null)).toBe(true);
    const assignment = (await (await pro.client.get(`/api/professional/assignments/${id}`)).json()) as {
      needs: { careLocation: string };
    };
    expect(assignment.needs.careLocation).toBe('Arima');
    // Answered once: no second answer.
    expect((await send(pro.client, 'POST', `/api/invitations/${memberId}/decline`)).status).toBe(404);
  });

  it('an e-mail invitation sends a sign-up link; after signing up with that address the person answers it', async () => {
    const id = await createPlan(family.client);
    const email = uniqueEmail('newpro');
    const res = await send(family.client, 'POST', `/api/care-plans/${id}/invitations`, {
      kind: 'professional',
      email,
      teamRole: 'caregiver',
    });
    expect(res.status).toBe(201);
    const mail = await latestMail(t, email, 'invited to join a care team');
    expect(mail.links.some((l) => l.includes('/auth?tab=signup&role=professional'))).toBe(true);

    const client = t.client();
    expect((await signUp(client, { email, role: 'professional' })).status).toBe(200);
    await verifyEmail(t, client, email);
    const invitations = (await (await client.get('/api/invitations')).json()) as { invitations: Array<{ id: string }> };
    expect(invitations.invitations).toHaveLength(1);
    expect((await send(client, 'POST', `/api/invitations/${invitations.invitations[0]!.id}/accept`)).status).toBe(200);
    expect((await client.get(`/api/care-plans/${id}`)).status).toBe(200);
  });

  it('relatives join as family members: they see the plan and can mark a shift done, not edit it', async () => {
    const id = await createPlan(family.client);
    const relative = await createVerifiedUser(t, { role: 'family' });
    const res = await send(family.client, 'POST', `/api/care-plans/${id}/invitations`, {
      kind: 'family',
      email: relative.email,
      teamRole: 'family_member',
    });
    expect(res.status).toBe(201);
    const { memberId } = (await res.json()) as { memberId: string };
    expect((await send(relative.client, 'POST', `/api/invitations/${memberId}/accept`)).status).toBe(200);
    expect((await relative.client.get(`/api/care-plans/${id}`)).status).toBe(200);
    expect((await send(relative.client, 'PUT', `/api/care-plans/${id}`, planInput())).status).toBe(403);

    await addProfessional(family.client, id, pro2);
    await send(family.client, 'POST', `/api/care-plans/${id}/shifts/generate`, {
      from: day(0),
      to: day(0),
    });
    const [shift] = await planShifts(family.client, id, day(0), day(0));
    expect((await send(family.client, 'POST', `/api/shifts/${shift!.id}/assign`, { userId: pro2.id })).status).toBe(
      200,
    );
    // A relative is not a caregiver: taking or assigning shifts is refused.
    expect((await send(relative.client, 'POST', `/api/shifts/${shift!.id}/claim`)).status).toBe(403);
    expect((await send(relative.client, 'POST', `/api/shifts/${shift!.id}/assign`, { userId: pro2.id })).status).toBe(
      403,
    );
    const done = await send(relative.client, 'POST', `/api/shifts/${shift!.id}/done`, { note: 'All good' });
    expect(done.status).toBe(200);
    expect(((await done.json()) as { shift: { status: string } }).shift.status).toBe('done');
  });

  it('removing a member keeps the history and offers their upcoming shifts back as open', async () => {
    const id = await createPlan(family.client);
    const memberId = await addProfessional(family.client, id, pro);
    await send(family.client, 'POST', `/api/care-plans/${id}/shifts/generate`, {
      from: day(0),
      to: day(1),
    });
    const [first] = await planShifts(family.client, id, day(0), day(1));
    expect((await send(pro.client, 'POST', `/api/shifts/${first!.id}/claim`)).status).toBe(200);

    const removed = await send(family.client, 'DELETE', `/api/care-plans/${id}/members/${memberId}`);
    expect(await removed.json()).toMatchObject({ status: 'removed', reopenedShifts: 1 });
    expect((await planShifts(family.client, id, day(0), day(0))).find((s) => s.id === first!.id)).toMatchObject({
      status: 'open',
      assigneeId: null,
    });
    const team = (
      (await (await family.client.get(`/api/care-plans/${id}`)).json()) as {
        team: Array<{ id: string; status: string }>;
      }
    ).team;
    expect(team).toContainEqual(expect.objectContaining({ id: memberId, status: 'removed' }));
    expect((await pro.client.get(`/api/care-plans/${id}`)).status).toBe(404);

    // Invited again, accepts, then leaves by themself.
    const again = await addProfessional(family.client, id, pro);
    // A malformed plan id beside a real member id is "not found", as the fuzz run found it answered 500.
    for (const planId of ['family', "1' or '1'='1", '%F0%9F%92%A5']) {
      const res = await send(family.client, 'DELETE', `/api/care-plans/${planId}/members/${again}`);
      expect(res.status).toBe(404);
    }
    expect(await (await send(pro.client, 'DELETE', `/api/care-plans/${id}/members/${again}`)).json()).toMatchObject({
      status: 'left',
    });
  });

  it('relatives of any role find the plans whose team they joined beside their own', async () => {
    const id = await createPlan(family.client, { title: 'Team plan for relatives' });
    const cousin = await createVerifiedUser(t, { role: 'community' });
    const invited = await send(family.client, 'POST', `/api/care-plans/${id}/invitations`, {
      kind: 'family',
      email: cousin.email,
      teamRole: 'family_member',
    });
    const { memberId } = (await invited.json()) as { memberId: string };
    const list = async () =>
      (await (await cousin.client.get('/api/care-plans')).json()) as {
        plans: unknown[];
        teams: Array<{ id: string; familyName: string; myKind: string }>;
      };
    expect((await list()).teams).toEqual([]);
    expect((await send(cousin.client, 'POST', `/api/invitations/${memberId}/accept`)).status).toBe(200);
    const after = await list();
    expect(after.plans).toEqual([]);
    expect(after.teams).toEqual([
      expect.objectContaining({ id, title: 'Team plan for relatives', familyName: 'Keisha Ramdass', myKind: 'family' }),
    ]);
    // The owner's own list is unchanged: the plan is theirs, not a team they joined.
    const own = (await (await family.client.get('/api/care-plans')).json()) as { teams: Array<{ id: string }> };
    expect(own.teams.some((p) => p.id === id)).toBe(false);
  });
});

describe('dashboard figures', () => {
  it('counts plans, open shifts and pending invitations from the person’s own rows', async () => {
    const fresh = await createVerifiedUser(t, { role: 'family' });
    expect(await (await fresh.client.get('/api/care-plans/figures')).json()).toMatchObject({
      plans: 0,
      openShiftsThisWeek: 0,
      pendingInvitations: 0,
      nextShift: null,
    });
    const newPro = await createVerifiedUser(t, { role: 'professional' });
    const id = await createPlan(fresh.client);
    await send(fresh.client, 'POST', `/api/care-plans/${id}/invitations`, {
      kind: 'professional',
      professionalId: newPro.id,
      teamRole: 'caregiver',
    });
    expect(await (await fresh.client.get('/api/care-plans/figures')).json()).toMatchObject({ plans: 1 });
    expect(await (await newPro.client.get('/api/care-plans/figures')).json()).toMatchObject({
      pendingInvitations: 1,
      acceptedAssignments: 0,
    });
    expect((await mailsTo(t, newPro.email)).length).toBeGreaterThan(0);
  });
});

describe('dashboard checklist', () => {
  it('a family’s "create a care plan" and a professional’s "accept an invitation" follow real rows', async () => {
    const fam = await createVerifiedUser(t, { role: 'family' });
    const p = await createVerifiedUser(t, { role: 'professional' });
    const done = async (client: TestUser['client'], id: string) =>
      (
        (await (await client.get('/api/dashboard/me')).json()) as {
          checklist: { steps: Array<{ id: string; done: boolean }> };
        }
      ).checklist.steps.find((s) => s.id === id)?.done;
    expect(await done(fam.client, 'care-plan')).toBe(false);
    expect(await done(p.client, 'invitation')).toBe(false);
    const id = await createPlan(fam.client);
    expect(await done(fam.client, 'care-plan')).toBe(true);
    await addProfessional(fam.client, id, p);
    expect(await done(p.client, 'invitation')).toBe(true);
  });
});
