import { CIRCLE_MESSAGES } from '@tavara/shared/care-circle/care-circle';
import { CARE_PLAN_MESSAGES, DEFAULT_TIME_ZONE } from '@tavara/shared/care-plans/care-plans';
import { INVITATION_LIMITS } from '@tavara/shared/care-team/care-team';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema/auth';
import { careCircleMembers, helpSignups } from '../../db/schema/care-circle';
import { notifications } from '../../db/schema/notifications';
import { localToInstant } from '../../domain/plan-time';
import { createPlan, send } from '../../testing/care-plan-requests';
import { addToCircle, helpInput, inviteToCircle, postHelpRequest, signUpFor } from '../../testing/circle-requests';
import { createVerifiedUser, mailsTo, uniqueEmail, type TestUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { scanHelpReminders } from './help-requests.service';

interface ErrorJson {
  error: { code: string; message: string; fields?: Record<string, string> };
}
interface RequestJson {
  id: string;
  place: string | null;
  hasPlace: boolean;
  filled: number;
  mySignupId: string | null;
  helpers: Array<{ id: string; name: string; status: string; cancelNote: string | null; thankedAt: string | null }>;
}
const CIRCLE_SUBJECT = 'You are invited to join a care circle on Tavara';

/**
 * Puts `userIds` in the plan's circle as accepted members directly: one family may send only
 * INVITATION_LIMITS.perPlanPerDay invitations a day, and these tests need more people than that.
 */
async function joinDirectly(t: TestApp, planId: string, userIds: string[]) {
  await t.database.db
    .insert(careCircleMembers)
    .values(userIds.map((userId) => ({ planId, userId, status: 'accepted' as const, respondedAt: new Date() })));
}

async function requestsOf(client: TestUser['client'], planId: string) {
  const res = await send(client, 'GET', `/api/care-plans/${planId}/help-requests`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { requests: RequestJson[] }).requests;
}

describe('care circle: invitations', () => {
  let t: TestApp;
  let owner: TestUser;
  let planId: string;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_DISABLED: 'true' });
    owner = await createVerifiedUser(t, { role: 'family', firstName: 'Joyce', lastName: 'Ramdass' });
    planId = await createPlan(owner.client);
  });
  afterAll(() => t.close());

  it('only the invited, verified address accepts, once; its e-mail names the circle and no plan', async () => {
    const email = uniqueEmail('neighbour');
    const memberId = await inviteToCircle(owner.client, planId, email);
    const [mail] = await mailsTo(t, email);
    expect(mail?.subject).toBe(CIRCLE_SUBJECT);
    expect(mail?.text).toContain('care circle');
    expect(mail?.text).toContain('role=community');
    expect(mail?.text).not.toContain('Care for Mum');

    const stranger = await createVerifiedUser(t, { role: 'community' });
    expect((await send(stranger.client, 'POST', `/api/circle-invitations/${memberId}/accept`)).status).toBe(404);

    const invitee = await createVerifiedUser(t, { role: 'community', email });
    await t.database.db.update(user).set({ emailVerified: false }).where(eq(user.id, invitee.id));
    const unverified = await send(invitee.client, 'POST', `/api/circle-invitations/${memberId}/accept`);
    expect(unverified.status).toBe(404);
    expect(((await unverified.json()) as ErrorJson).error.message).toBe(CIRCLE_MESSAGES.invitationGone);

    await t.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, invitee.id));
    const circles = (await (await send(invitee.client, 'GET', '/api/circles')).json()) as {
      invitations: Array<{ id: string }>;
    };
    expect(circles.invitations.map((i) => i.id)).toEqual([memberId]);
    expect((await send(invitee.client, 'POST', `/api/circle-invitations/${memberId}/accept`)).status).toBe(200);
    expect((await send(invitee.client, 'POST', `/api/circle-invitations/${memberId}/accept`)).status).toBe(404);
    expect((await send(invitee.client, 'POST', `/api/circle-invitations/${memberId}/decline`)).status).toBe(404);

    const after = (await (await send(invitee.client, 'GET', '/api/circles')).json()) as {
      circles: Array<{ planId: string }>;
    };
    expect(after.circles.map((c) => c.planId)).toEqual([planId]);
    const ownerInbox = await t.database.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.userId, owner.id));
    expect(ownerInbox.map((n) => n.kind)).toContain('invitation_accepted');
  });

  it('someone with an account is told in the app; inviting them again while invited is a conflict', async () => {
    const friend = await createVerifiedUser(t, { role: 'professional' });
    await inviteToCircle(owner.client, planId, friend.email.toUpperCase());
    const [row] = await t.database.db
      .select({ kind: notifications.kind, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.userId, friend.id));
    expect(row).toEqual({ kind: 'circle_invitation', link: '/circles' });
    const again = await send(owner.client, 'POST', `/api/care-plans/${planId}/circle/invitations`, {
      email: friend.email,
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorJson).error.message).toBe(CIRCLE_MESSAGES.alreadyInvited);
  });

  it('refuses the owner themselves and a team member, beside the field', async () => {
    const self = await send(owner.client, 'POST', `/api/care-plans/${planId}/circle/invitations`, {
      email: owner.email,
    });
    expect(self.status).toBe(422);
    expect(((await self.json()) as ErrorJson).error.fields?.email).toBe(CARE_PLAN_MESSAGES.cannotInviteSelf);
    const bad = await send(owner.client, 'POST', `/api/care-plans/${planId}/circle/invitations`, { email: 'nope' });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as ErrorJson).error.fields?.email).toBe('Enter a valid e-mail address.');
  });

  it('one e-mail per address and plan in 24 hours, however often withdrawn and invited again', async () => {
    const email = uniqueEmail('withdrawn');
    for (let i = 0; i < 4; i++) {
      const res = await send(owner.client, 'POST', `/api/care-plans/${planId}/circle/invitations`, { email });
      expect(res.status).toBe(201);
      const answer = (await res.json()) as { memberId: string; emailed: boolean; mailedRecently: boolean };
      expect(answer.mailedRecently).toBe(i > 0);
      expect((await send(owner.client, 'DELETE', `/api/care-plans/${planId}/circle/${answer.memberId}`)).status).toBe(
        200,
      );
    }
    expect(await mailsTo(t, email)).toHaveLength(1);
  });

  it('the daily limits count team and circle invitations together', async () => {
    const family = await createVerifiedUser(t, { role: 'family' });
    const plan = await createPlan(family.client);
    const half = INVITATION_LIMITS.perPlanPerDay / 2;
    for (let i = 0; i < half; i++) {
      const team = await send(family.client, 'POST', `/api/care-plans/${plan}/invitations`, {
        kind: 'family',
        email: uniqueEmail('team'),
        teamRole: 'family_member',
      });
      expect(team.status).toBe(201);
      await inviteToCircle(family.client, plan, uniqueEmail('circle'));
    }
    const over = await send(family.client, 'POST', `/api/care-plans/${plan}/circle/invitations`, {
      email: uniqueEmail('over'),
    });
    expect(over.status).toBe(429);
    expect(((await over.json()) as ErrorJson).error.message).toBe(CARE_PLAN_MESSAGES.invitationsPerPlanReached);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a removed member loses the circle; a member may leave', async () => {
    const a = await createVerifiedUser(t, { role: 'community' });
    const b = await createVerifiedUser(t, { role: 'family' });
    const aId = await addToCircle(owner.client, planId, a);
    const bId = await addToCircle(owner.client, planId, b);
    expect((await send(a.client, 'GET', `/api/care-plans/${planId}/circle`)).status).toBe(200);
    expect((await send(owner.client, 'DELETE', `/api/care-plans/${planId}/circle/${aId}`)).status).toBe(200);
    expect((await send(a.client, 'GET', `/api/care-plans/${planId}/circle`)).status).toBe(404);
    const left = await send(b.client, 'DELETE', `/api/care-plans/${planId}/circle/${bId}`);
    expect(await left.json()).toMatchObject({ status: 'left' });
    expect((await send(b.client, 'GET', `/api/care-plans/${planId}/help-requests`)).status).toBe(404);
  });
});

describe('help requests', () => {
  let t: TestApp;
  let owner: TestUser;
  let helper: TestUser;
  let planId: string;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_DISABLED: 'true' });
    owner = await createVerifiedUser(t, { role: 'family' });
    helper = await createVerifiedUser(t, { role: 'community', firstName: 'Dion', lastName: 'Baptiste' });
    planId = await createPlan(owner.client);
    await addToCircle(owner.client, planId, helper);
  });
  afterAll(() => t.close());

  it('20 people signing up at once for a one-helper request: exactly one gets it', async () => {
    const requestId = await postHelpRequest(owner.client, planId, { title: 'One seat only' });
    const people = await Promise.all(Array.from({ length: 20 }, () => createVerifiedUser(t, { role: 'community' })));
    await joinDirectly(
      t,
      planId,
      people.map((p) => p.id),
    );
    const answers = await Promise.all(
      people.map((p) => send(p.client, 'POST', `/api/help-requests/${requestId}/signups`)),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const losers = answers.filter((r) => r.status === 409);
    expect(((await losers[0]!.json()) as ErrorJson).error.message).toBe(CIRCLE_MESSAGES.slotsFull);
    const live = await t.database.db
      .select()
      .from(helpSignups)
      .where(and(eq(helpSignups.requestId, requestId), eq(helpSignups.status, 'coming')));
    expect(live).toHaveLength(1);
  });

  it('the place is shown to the family and to whoever signed up, not to the rest of the circle', async () => {
    const requestId = await postHelpRequest(owner.client, planId, { title: 'Place test', helpersNeeded: 2 });
    const before = (await requestsOf(helper.client, planId)).find((r) => r.id === requestId)!;
    expect(before).toMatchObject({ place: null, hasPlace: true, filled: 0, mySignupId: null });
    expect((await requestsOf(owner.client, planId)).find((r) => r.id === requestId)?.place).toBe(helpInput().place);
    const signupId = await signUpFor(helper.client, requestId);
    const after = (await requestsOf(helper.client, planId)).find((r) => r.id === requestId)!;
    expect(after).toMatchObject({ place: helpInput().place, filled: 1, mySignupId: signupId });
    expect(after.helpers.map((h) => h.name)).toEqual(['Dion Baptiste']);
    const twice = await send(helper.client, 'POST', `/api/help-requests/${requestId}/signups`);
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as ErrorJson).error.message).toBe(CIRCLE_MESSAGES.alreadySignedUp);
  });

  it('cancel with a note frees the slot and tells the family; done and thanks reach the helper', async () => {
    const requestId = await postHelpRequest(owner.client, planId, { title: 'Cancel and redo' });
    const first = await signUpFor(helper.client, requestId);
    const cancelled = await send(helper.client, 'POST', `/api/help-signups/${first}/cancel`, {
      note: 'Car broke down',
    });
    expect(cancelled.status).toBe(200);
    const told = await t.database.db
      .select({ kind: notifications.kind, body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.kind, 'help_cancelled')));
    expect(told).toEqual([{ kind: 'help_cancelled', body: 'Car broke down' }]);
    const signed = await t.database.db
      .select({ resolvedAt: notifications.resolvedAt })
      .from(notifications)
      .where(eq(notifications.dedupeKey, `help_signed_up:${first}`));
    expect(signed[0]?.resolvedAt).not.toBeNull();

    const second = await signUpFor(helper.client, requestId);
    expect((await send(helper.client, 'POST', `/api/help-signups/${second}/done`)).status).toBe(200);
    const ownerView = (await requestsOf(owner.client, planId)).find((r) => r.id === requestId)!;
    expect(ownerView.helpers.map((h) => [h.status, h.cancelNote])).toEqual([
      ['cancelled', 'Car broke down'],
      ['done', null],
    ]);
    const thanks = await send(owner.client, 'POST', `/api/help-signups/${second}/thanks`, { message: 'Bless you' });
    expect(thanks.status).toBe(200);
    expect((await send(owner.client, 'POST', `/api/help-signups/${second}/thanks`, {})).status).toBe(409);
    const [thanked] = await t.database.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.userId, helper.id), eq(notifications.kind, 'help_thanked')));
    expect(thanked?.body).toBe('Bless you');
  });

  it('a retried post (same form key) records one request; a past time and a backwards window are refused beside the field', async () => {
    const clientKey = crypto.randomUUID();
    const body = helpInput({ title: 'Retried', clientKey });
    const a = await send(owner.client, 'POST', `/api/care-plans/${planId}/help-requests`, body);
    const b = await send(owner.client, 'POST', `/api/care-plans/${planId}/help-requests`, body);
    expect([a.status, b.status]).toEqual([201, 200]);
    expect(((await a.json()) as { id: string }).id).toBe(((await b.json()) as { id: string }).id);

    const past = await send(
      owner.client,
      'POST',
      `/api/care-plans/${planId}/help-requests`,
      helpInput({ start: '2020-01-01T09:00', end: '2020-01-01T10:00' }),
    );
    expect(past.status).toBe(422);
    expect(((await past.json()) as ErrorJson).error.fields?.end).toBe('Choose a time that has not passed yet.');
    const backwards = await send(
      owner.client,
      'POST',
      `/api/care-plans/${planId}/help-requests`,
      helpInput({ end: '2099-03-02T08:00' }),
    );
    expect(((await backwards.json()) as ErrorJson).error.fields?.end).toBe('The end must be after the start.');
  });

  it('reminds a helper the day before, once; never one who signed up within the day; a cancel resolves it', async () => {
    const start = '2099-06-10T09:00';
    const startsAt = localToInstant(start, DEFAULT_TIME_ZONE);
    const dayBefore = new Date(startsAt.getTime() - 23 * 3_600_000);
    const requestId = await postHelpRequest(owner.client, planId, {
      title: 'Reminder test',
      start,
      end: '2099-06-10T10:00',
      helpersNeeded: 3,
    });
    const early = await signUpFor(helper.client, requestId);
    const late = await createVerifiedUser(t, { role: 'community' });
    await joinDirectly(t, planId, [late.id]);
    const lateSignup = await signUpFor(late.client, requestId);
    // The late helper signed up two hours before it starts: no "reminder" about what they just did.
    await t.database.db
      .update(helpSignups)
      .set({ createdAt: new Date(startsAt.getTime() - 2 * 3_600_000) })
      .where(eq(helpSignups.id, lateSignup));

    // Two days before: nothing yet.
    expect(await scanHelpReminders(t.database.db, new Date(startsAt.getTime() - 48 * 3_600_000))).toBe(0);
    expect(await scanHelpReminders(t.database.db, dayBefore)).toBe(1);
    expect(await scanHelpReminders(t.database.db, dayBefore)).toBe(0);
    const reminders = await t.database.db
      .select({ userId: notifications.userId, title: notifications.title, resolvedAt: notifications.resolvedAt })
      .from(notifications)
      .where(eq(notifications.dedupeKey, `help_reminder:${early}`));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ userId: helper.id, resolvedAt: null });
    expect(reminders[0]!.title).toContain('Reminder test');

    await send(helper.client, 'POST', `/api/help-signups/${early}/cancel`, { note: null });
    const [resolved] = await t.database.db
      .select({ resolvedAt: notifications.resolvedAt })
      .from(notifications)
      .where(eq(notifications.dedupeKey, `help_reminder:${early}`));
    expect(resolved?.resolvedAt).not.toBeNull();
  });

  it("the helper's tasks and calendar feed list what they signed up for, with its place", async () => {
    const requestId = await postHelpRequest(owner.client, planId, {
      title: 'Feed test',
      start: '2026-12-20T09:00',
      end: '2026-12-20T10:00',
    });
    const signupId = await signUpFor(helper.client, requestId);
    const tasks = (await (await send(helper.client, 'GET', '/api/help-tasks')).json()) as {
      tasks: Array<{ signupId: string; place: string | null }>;
    };
    expect(tasks.tasks.find((x) => x.signupId === signupId)?.place).toBe(helpInput().place);
    const feed = (await (await send(helper.client, 'POST', '/api/calendar-feed')).json()) as { url: string };
    const ics = await (await send(helper.client, 'GET', new URL(feed.url).pathname)).text();
    expect(ics).toContain('Helping: Feed test');
    expect(ics).toContain(`help-${signupId}@tavara`);
    expect(ics).toContain('LOCATION:12 Rosewood Drive\\, Arima');
  });
});
