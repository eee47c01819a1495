import { DATE_MESSAGES } from '@tavara/shared/time/date-params';
import type { ApiErrorBody } from '@tavara/shared/api-error';
import {
  MAX_USER_JOURNEY_LOOKUP_CHARS,
  USER_JOURNEY_MESSAGES,
  type FunnelStage,
  type RoleFunnel,
  type UserJourneyFunnel,
  type UserJourneyTimeline,
} from '@tavara/shared/admin/user-journey';
import type { ChatSessionUpdate } from '@tavara/shared/registration-chat/chat-sync.schema';
import { getRoleNoun } from '@tavara/shared/registration-chat/flows';
import type { PublicRole } from '@tavara/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import {
  completedFamilySnapshot,
  newMessageId,
  newSessionId,
  issueSessionId,
  postMessages,
  putSession,
  restartSnapshot,
  sessionPath,
} from '../../testing/chat-requests';
import { saveRegistration } from '../../testing/registration-requests';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';

const FUNNEL = '/api/admin/user-journey/funnel';
const TIMELINE = '/api/admin/user-journey/timeline';
const timelinePath = (query: string) => `${TIMELINE}?query=${encodeURIComponent(query)}`;

/** The browser's clock at the start of the chats (message times and hand-overs are client times). */
const T0 = Date.now();

/** A chat of `role` stopped at (section, question), as the browser syncs it (no answers needed). */
function positionSnapshot(
  role: PublicRole,
  sectionIndex: number,
  questionIndex: number,
  extra: Partial<ChatSessionUpdate> = {},
): ChatSessionUpdate {
  return {
    role,
    stage: 'questions',
    status: 'in_progress',
    sectionIndex,
    questionIndex: sectionIndex * 10 + questionIndex,
    answers: {},
    completed: false,
    lastActive: T0 + 60_000,
    ...extra,
  };
}

function completedSnapshot(role: PublicRole, extra: Partial<ChatSessionUpdate> = {}): ChatSessionUpdate {
  return { ...positionSnapshot(role, 3, 5), stage: 'completion', status: 'completed', completed: true, ...extra };
}

/** The welcome, the role choice and the first question, as the chat sends its transcript. */
async function sendOpening(client: TestClient, sessionId: string, role: PublicRole) {
  const res = await postMessages(client, sessionId, [
    { id: newMessageId(), content: 'Welcome! Who are you?', sender: 'assistant', timestamp: T0 },
    { id: newMessageId(), content: `I'm a ${getRoleNoun(role)}.`, sender: 'user', timestamp: T0 + 1_000 },
    {
      id: newMessageId(),
      content: "Let's get started. What's your first name?",
      sender: 'assistant',
      timestamp: T0 + 2_000,
    },
  ]);
  expect(res.status).toBe(200);
}

async function put(client: TestClient, sessionId: string, body: ChatSessionUpdate) {
  const res = await putSession(client, sessionId, body);
  expect(res.status, await res.clone().text()).toBe(200);
  expect(((await res.json()) as { applied: boolean }).applied).toBe(true);
}

const counts = (stages: readonly FunnelStage[]) => Object.fromEntries(stages.map((s) => [s.key, s.count]));
const roleOf = (funnel: UserJourneyFunnel, role: PublicRole) => funnel.roles.find((r) => r.role === role) as RoleFunnel;
const dropOff = (funnel: RoleFunnel) =>
  Object.fromEntries(funnel.questions.map((q) => [q.questionId, [q.reached, q.stopped]]));
const failure = async (res: Response) => ((await res.json()) as ApiErrorBody).error;

describe('admin user journey', () => {
  let t: TestApp;
  let admin: TestUser;
  let registered: TestUser;
  const ids = {} as Record<'intro' | 'familyFirst' | 'familyLocation' | 'familyRelationship', string> &
    Record<'familyCompleted' | 'familyRegistered' | 'professionalContinue' | 'professionalQuickForm', string> &
    Record<'communityCompleted' | 'restarted', string>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createVerifiedUser(t, { role: 'admin' });
    registered = await createVerifiedUser(t, { role: 'family', firstName: 'Keisha', lastName: 'Ramdass' });
    const visitor = t.client();
    for (const key of Object.keys({
      intro: 0,
      familyFirst: 0,
      familyLocation: 0,
      familyRelationship: 0,
      familyCompleted: 0,
      familyRegistered: 0,
      professionalContinue: 0,
      professionalQuickForm: 0,
      communityCompleted: 0,
      restarted: 0,
    }) as (keyof typeof ids)[]) {
      ids[key] = await issueSessionId(t);
    }

    // Left at the welcome: the transcript alone creates the session, with no role.
    await postMessages(visitor, ids.intro, [
      { id: newMessageId(), content: 'Welcome! Who are you?', sender: 'assistant', timestamp: T0 },
    ]);
    // Family chats abandoned at the first question, at care_location and at relationship_to_recipient.
    await sendOpening(visitor, ids.familyFirst, 'family');
    await put(visitor, ids.familyFirst, positionSnapshot('family', 0, 0));
    await put(visitor, ids.familyLocation, positionSnapshot('family', 0, 4));
    await put(visitor, ids.familyRelationship, positionSnapshot('family', 1, 1));
    // Completed, never handed over.
    await put(visitor, ids.familyCompleted, completedFamilySnapshot({ lastActive: T0 + 60_000 }));
    // Completed, handed over, then signed up, linked and registered through the form.
    await sendOpening(registered.client, ids.familyRegistered, 'family');
    await put(registered.client, ids.familyRegistered, completedFamilySnapshot({ lastActive: T0 + 60_000 }));
    await put(
      registered.client,
      ids.familyRegistered,
      completedFamilySnapshot({ lastActive: T0 + 70_000, handedOverAt: T0 + 70_000 }),
    );
    expect((await registered.client.post(`${sessionPath(ids.familyRegistered)}/link`)).status).toBe(200);
    const form = await saveRegistration(registered.client, 'family');
    expect(form.status, await form.clone().text()).toBe(200);
    // Professional: one waiting on 'Continue' after its first section (counted at the next
    // section's first question), one handed over from the quick-form link at professional_role.
    await put(visitor, ids.professionalContinue, positionSnapshot('professional', 1, 0));
    await put(
      visitor,
      ids.professionalQuickForm,
      positionSnapshot('professional', 0, 2, { handedOverAt: T0 + 90_000 }),
    );
    await put(visitor, ids.communityCompleted, completedSnapshot('community', { sectionIndex: 6, questionIndex: 61 }));
    // Handed over, then 'Start over' in the same session: a new run with no role and no hand-over.
    await put(visitor, ids.restarted, positionSnapshot('community', 0, 1, { handedOverAt: T0 + 65_000 }));
    await put(visitor, ids.restarted, restartSnapshot(T0 + 120_000, { handedOverAt: null }));
  });
  afterAll(() => t.close());

  async function getFunnel(query = ''): Promise<UserJourneyFunnel> {
    const res = await admin.client.get(`${FUNNEL}${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as UserJourneyFunnel;
  }

  describe('authorization', () => {
    it.each([FUNNEL, timelinePath('someone@example.tt')])(
      '%s: 401 signed out, 403 for the public roles',
      async (path) => {
        expect((await t.client().get(path)).status).toBe(401);
        for (const role of ['family', 'professional', 'community'] as const) {
          const member = await createVerifiedUser(t, { role });
          const res = await member.client.get(path);
          expect(res.status).toBe(403);
          expect((await failure(res)).code).toBe('forbidden');
        }
      },
    );

    it('admins get both, never cached', async () => {
      const funnel = await admin.client.get(FUNNEL);
      expect(funnel.status).toBe(200);
      expect(funnel.headers.get('cache-control')).toBe('no-store');
      const timeline = await admin.client.get(timelinePath(admin.email));
      expect(timeline.status).toBe(200);
      expect(timeline.headers.get('cache-control')).toBe('no-store');
    });
  });

  describe('funnel', () => {
    it('counts every session, per role, exactly', async () => {
      const funnel = await getFunnel();
      expect(funnel).toMatchObject({ from: null, to: null });
      expect(counts(funnel.overall)).toEqual({
        started: 10,
        role_chosen: 8,
        completed: 3,
        handed_over: 2,
        registered: 1,
      });
      expect(counts(roleOf(funnel, 'family').stages)).toEqual({
        role_chosen: 5,
        'section:personal_info': 5,
        'section:care_recipient': 3,
        'section:special_needs': 2,
        'section:preferences': 2,
        completed: 2,
        handed_over: 1,
        registered: 1,
      });
      expect(roleOf(funnel, 'professional').stages.map((s) => s.count)).toEqual([2, 2, 1, 0, 0, 0, 1, 0]);
      expect(roleOf(funnel, 'community').stages.map((s) => s.count)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]);
      expect(roleOf(funnel, 'family').stages[1]?.label).toBe('Section 1: Personal Information');
    });

    it('drop-off per question: how many reached each question and how many stopped there', async () => {
      const funnel = await getFunnel();
      const family = dropOff(roleOf(funnel, 'family'));
      expect(family).toMatchObject({
        first_name: [5, 1],
        last_name: [4, 0],
        email: [4, 0],
        phone_number: [4, 0],
        care_location: [4, 1],
        care_recipient_name: [3, 0],
        relationship_to_recipient: [3, 1],
        care_type: [2, 0],
        additional_notes: [2, 0],
      });
      expect(
        roleOf(funnel, 'family')
          .questions.map((q) => q.questionId)
          .slice(0, 3),
      ).toEqual(['first_name', 'last_name', 'email']);
      expect(dropOff(roleOf(funnel, 'professional'))).toMatchObject({
        first_name: [2, 0],
        professional_role: [2, 1],
        years_experience: [1, 0],
        care_services: [1, 1],
        medical_conditions: [0, 0],
      });
      const community = roleOf(funnel, 'community').questions;
      expect(community.every((q) => q.reached === 1 && q.stopped === 0)).toBe(true);
    });

    it('a date range counts only the sessions created in it (UTC days, inclusive)', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      expect(counts((await getFunnel(`?from=${today}&to=${today}`)).overall)).toMatchObject({ started: 10 });
      const later = await getFunnel(`?from=${tomorrow}`);
      expect(later).toMatchObject({ from: tomorrow, to: null });
      expect(counts(later.overall)).toEqual({
        started: 0,
        role_chosen: 0,
        completed: 0,
        handed_over: 0,
        registered: 0,
      });
      expect(roleOf(later, 'family').questions.every((q) => q.reached === 0)).toBe(true);
    });

    it('a date that is not a day, or a reversed range, is refused naming the field', async () => {
      const bad = await admin.client.get(`${FUNNEL}?from=yesterday`);
      expect(bad.status).toBe(400);
      expect((await failure(bad)).fields).toEqual({ from: DATE_MESSAGES.format });
      const reversed = await admin.client.get(`${FUNNEL}?from=2026-02-01&to=2026-01-01`);
      expect(reversed.status).toBe(400);
      expect((await failure(reversed)).fields).toEqual({ to: USER_JOURNEY_MESSAGES.rangeReversed });
    });
  });

  describe('timeline', () => {
    async function getTimeline(query: string): Promise<UserJourneyTimeline> {
      const res = await admin.client.get(timelinePath(query));
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as UserJourneyTimeline;
    }

    it('by e-mail (any case): the account, sign-ins and the linked chat through to registration, in order', async () => {
      const timeline = await getTimeline(`  ${registered.email.toUpperCase()} `);
      expect(timeline).toMatchObject({
        query: registered.email.toUpperCase(),
        matchedBy: 'email',
        user: { id: registered.id, email: registered.email, role: 'family', emailVerified: true },
        sessionCount: 1,
        sessions: [{ sessionId: ids.familyRegistered, role: 'family', status: 'completed', linked: true }],
      });
      expect(timeline.user?.registeredAt).toEqual(expect.any(String));
      expect(timeline.sessions[0]?.handedOverAt).toBe(new Date(T0 + 70_000).toISOString());
      const kinds = timeline.events.map((e) => e.kind);
      for (const kind of [
        'account_created',
        'signed_in',
        'chat_started',
        'role_chosen',
        'message',
        'chat_completed',
        'handed_over',
        'registration_saved',
      ] as const) {
        expect(kinds).toContain(kind);
      }
      const times = timeline.events.map((e) => e.at);
      expect(times).toEqual([...times].sort());
      expect(timeline.events.find((e) => e.kind === 'role_chosen')).toMatchObject({
        sessionId: ids.familyRegistered,
        detail: 'Family Member',
      });
      expect(timeline.events.filter((e) => e.kind === 'message').map((e) => [e.sender, e.detail])).toEqual([
        ['assistant', 'Welcome! Who are you?'],
        ['user', "I'm a family member."],
        ['assistant', "Let's get started. What's your first name?"],
      ]);
    });

    it('by user id: the same person', async () => {
      const timeline = await getTimeline(registered.id);
      expect(timeline).toMatchObject({ matchedBy: 'user_id', user: { id: registered.id } });
      expect(timeline.sessions.map((s) => s.sessionId)).toEqual([ids.familyRegistered]);
    });

    it('by chat session id: that one session, anonymous or linked', async () => {
      const anonymous = await getTimeline(ids.familyFirst);
      expect(anonymous).toMatchObject({
        matchedBy: 'session_id',
        user: null,
        sessions: [{ sessionId: ids.familyFirst, role: 'family', status: 'in_progress', linked: false }],
      });
      // The chat starts with its first message (the server first hears of it a moment later); the
      // choice is shown with the message that made it.
      expect(anonymous.events.map((e) => e.kind)).toEqual([
        'chat_started',
        'message',
        'role_chosen',
        'message',
        'message',
      ]);
      expect(anonymous.events[0]?.at).toBe(new Date(T0).toISOString());

      const linked = await getTimeline(ids.familyRegistered);
      expect(linked).toMatchObject({ matchedBy: 'session_id', user: { id: registered.id } });
      expect(linked.events.map((e) => e.kind)).toContain('registration_saved');
    });

    it('nothing matching is a 404 that says what was looked up', async () => {
      for (const query of ['nobody@example.tt', 'no-such-id', newSessionId()]) {
        const res = await admin.client.get(timelinePath(query));
        expect(res.status).toBe(404);
        expect(await failure(res)).toMatchObject({ code: 'not_found', message: USER_JOURNEY_MESSAGES.notFound(query) });
      }
    });

    it('an empty or too long lookup is a 400 with a clear message', async () => {
      for (const path of [TIMELINE, timelinePath('   ')]) {
        const res = await admin.client.get(path);
        expect(res.status).toBe(400);
        expect(await failure(res)).toMatchObject({ code: 'bad_request', message: USER_JOURNEY_MESSAGES.emptyLookup });
      }
      const long = await admin.client.get(timelinePath('x'.repeat(MAX_USER_JOURNEY_LOOKUP_CHARS + 1)));
      expect(long.status).toBe(400);
      expect((await failure(long)).message).toBe(USER_JOURNEY_MESSAGES.lookupTooLong(MAX_USER_JOURNEY_LOOKUP_CHARS));
    });
  });
});
