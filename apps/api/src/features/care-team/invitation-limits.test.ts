import { CARE_PLAN_MESSAGES } from '@tavara/shared/care-plans/care-plans';
import { INVITATION_LIMITS } from '@tavara/shared/care-team/care-team';
import { PERSON_NAME_MESSAGES } from '@tavara/shared/validation/person-name';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails } from '../../emails';
import { user } from '../../db/schema/auth';
import { notifications } from '../../db/schema/notifications';
import { profiles } from '../../db/schema/profiles';
import { createPlan, send } from '../../testing/care-plan-requests';
import { createVerifiedUser, mailsTo, signUp, uniqueEmail, type TestUser } from '../../testing/factories';
import { saveRegistration, VALID_REGISTRATION_FORMS } from '../../testing/registration-requests';
import { createTestApp, type TestApp } from '../../testing/test-app';

interface InviteAnswer {
  memberId: string;
  emailed: boolean;
  mailedRecently: boolean;
}
interface ErrorJson {
  error: { code: string; message: string; fields?: Record<string, string> };
}

const INVITE_SUBJECT = 'You are invited to join a care team on Tavara';

function invite(owner: TestUser, planId: string, email: string) {
  return send(owner.client, 'POST', `/api/care-plans/${planId}/invitations`, {
    kind: 'family',
    email,
    teamRole: 'family_member',
  });
}

/**
 * Issue 32, item 2: invitations cannot be used to send mail at will. The audit sent 150
 * invitation e-mails to arbitrary addresses in 2.7 s, 15 mails to one address by inviting and
 * withdrawing it, and signed up as "Visit http://evil.example".
 */
describe('invitation abuse', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_DISABLED: 'true' });
  });
  afterAll(() => t.close());

  it('inviting one address and withdrawing it 15 times sends one e-mail; every invitation still stands in the app', async () => {
    const owner = await createVerifiedUser(t, { role: 'family' });
    const planId = await createPlan(owner.client);
    const target = uniqueEmail('invitee');
    const answers: InviteAnswer[] = [];
    for (let i = 0; i < 15; i++) {
      const res = await invite(owner, planId, target);
      expect(res.status).toBe(201);
      const answer = (await res.json()) as InviteAnswer;
      answers.push(answer);
      const withdrawn = await send(owner.client, 'DELETE', `/api/care-plans/${planId}/members/${answer.memberId}`);
      expect(withdrawn.status).toBe(200);
    }
    expect(answers[0]).toMatchObject({ emailed: true, mailedRecently: false });
    expect(answers.slice(1).every((a) => !a.emailed && a.mailedRecently)).toBe(true);
    expect((await mailsTo(t, target)).filter((m) => m.subject === INVITE_SUBJECT)).toHaveLength(1);
  });

  it('someone with an account: told in the app each time, e-mailed once per plan in 24 hours', async () => {
    const owner = await createVerifiedUser(t, { role: 'family' });
    const relative = await createVerifiedUser(t, { role: 'family' });
    const planId = await createPlan(owner.client);
    for (let i = 0; i < 3; i++) {
      const res = await invite(owner, planId, relative.email);
      const answer = (await res.json()) as InviteAnswer;
      expect(answer.mailedRecently).toBe(i > 0);
      await send(owner.client, 'DELETE', `/api/care-plans/${planId}/members/${answer.memberId}`);
    }
    const rows = await t.database.db
      .select({ email: notifications.email })
      .from(notifications)
      .where(and(eq(notifications.userId, relative.id), eq(notifications.kind, 'invitation_received')));
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.email !== 'off')).toHaveLength(1);
  });

  it(`at most ${INVITATION_LIMITS.perPlanPerDay} invitations per plan in 24 hours, also when sent all at once`, async () => {
    const owner = await createVerifiedUser(t, { role: 'family' });
    const planId = await createPlan(owner.client);
    const attempts = INVITATION_LIMITS.perPlanPerDay + 5;
    const answers = await Promise.all(
      Array.from({ length: attempts }, () => invite(owner, planId, uniqueEmail('burst'))),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(INVITATION_LIMITS.perPlanPerDay);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as ErrorJson).error).toEqual({
      code: 'rate_limited',
      message: CARE_PLAN_MESSAGES.invitationsPerPlanReached,
    });
  });

  it(`at most ${INVITATION_LIMITS.perInviterPerDay} invitations per person in 24 hours over all their plans`, async () => {
    const owner = await createVerifiedUser(t, { role: 'family' });
    const first = await createPlan(owner.client, { title: 'Mum' });
    const second = await createPlan(owner.client, { title: 'Dad' });
    for (let i = 0; i < INVITATION_LIMITS.perPlanPerDay; i++) {
      expect((await invite(owner, first, uniqueEmail('mum'))).status).toBe(201);
    }
    const rest = INVITATION_LIMITS.perInviterPerDay - INVITATION_LIMITS.perPlanPerDay;
    for (let i = 0; i < rest; i++) expect((await invite(owner, second, uniqueEmail('dad'))).status).toBe(201);
    const over = await invite(owner, second, uniqueEmail('dad'));
    expect(over.status).toBe(429);
    expect(((await over.json()) as ErrorJson).error.message).toBe(CARE_PLAN_MESSAGES.invitationsPerInviterReached);
  });

  it('names with a web or e-mail address are refused beside the field: sign-up, account name, registration', async () => {
    const signUpRes = await signUp(t.client(), {
      email: uniqueEmail('spam'),
      firstName: 'Visit http://evil.example',
      lastName: 'Now',
    });
    // Better Auth's endpoints answer in their own shape (400, `fields` at the top level).
    expect(signUpRes.status).toBe(400);
    expect(await signUpRes.json()).toMatchObject({ fields: { firstName: PERSON_NAME_MESSAGES.noLinks } });

    const person = await createVerifiedUser(t, { role: 'family' });
    const rename = await person.client.post('/api/auth/update-user', {
      firstName: 'Asha',
      lastName: 'write to prizes@evil.example',
    });
    expect(rename.status).toBe(400);
    expect(await rename.json()).toMatchObject({ fields: { lastName: PERSON_NAME_MESSAGES.noLinks } });

    const registration = await saveRegistration(person.client, 'family', {
      ...VALID_REGISTRATION_FORMS.family,
      first_name: 'www.evil.example',
    });
    expect(registration.status).toBe(422);
    expect(((await registration.json()) as ErrorJson).error.fields?.first_name).toBe(PERSON_NAME_MESSAGES.noLinks);

    // Ordinary names with dots and apostrophes are still names.
    const fine = await person.client.post('/api/auth/update-user', { firstName: "D'Arcy", lastName: 'St. John Jr.' });
    expect(fine.status).toBe(200);
  });

  it('mails show names as plain text: a link saved as a name before the rule is not mailed', async () => {
    const owner = await createVerifiedUser(t, { role: 'family' });
    const legacy = 'Visit http://evil.example';
    await t.database.db.update(user).set({ name: legacy }).where(eq(user.id, owner.id));
    await t.database.db
      .update(profiles)
      .set({ fullName: legacy, firstName: 'Visit', lastName: 'http://evil.example' })
      .where(eq(profiles.id, owner.id));
    const planId = await createPlan(owner.client);
    const target = uniqueEmail('plain');
    expect((await invite(owner, planId, target)).status).toBe(201);
    const [mail] = (await mailsTo(t, target)).filter((m) => m.subject === INVITE_SUBJECT);
    expect(mail!.text.startsWith('A family has invited you')).toBe(true);
    expect(`${mail!.text}${mail!.html}`).not.toContain('evil.example');
    // Nor does an account mail greet anyone with a link.
    const greeting = await (await emails()).verificationEmail({ name: legacy, url: 'http://localhost/verify' });
    expect(greeting.text).toContain('Hello there,');
    expect(`${greeting.text}${greeting.html}`).not.toContain('evil.example');
  });
});
