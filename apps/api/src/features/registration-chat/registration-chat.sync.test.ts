import { randomBytes } from 'node:crypto';
import { CHAT_INPUT_MESSAGES } from '@tavara/shared/validation/chat-input';
import type { ChatState } from '@tavara/shared/registration-chat/chat-state';
import {
  CHAT_SYNC_MESSAGES,
  type ChatSessionUpdate,
  type ChatSyncMessage,
} from '@tavara/shared/registration-chat/chat-sync.schema';
import { getChatProgress } from '@tavara/shared/registration-chat/engine';
import { REGISTRATION_FLOWS } from '@tavara/shared/registration-chat/flows';
import { ChatDriver, createTestDeps, sampleAnswer } from '@tavara/shared/registration-chat/test-helpers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbotAnswers, chatbotConversations, chatbotMessages } from '../../db/schema/registration-chat';
import { createVerifiedUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  completedFamilySnapshot,
  familySnapshot,
  getChatSession,
  newSessionId,
  issueSessionId,
  postMessages,
  putSession,
  restartSnapshot,
  sessionPath,
  transcript,
} from '../../testing/chat-requests';

describe('registration chat sync', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function storedMessageRows(sessionId: string) {
    return t.database.db
      .select({ id: chatbotMessages.clientMessageId })
      .from(chatbotMessages)
      .innerJoin(chatbotConversations, eq(chatbotConversations.id, chatbotMessages.conversationId))
      .where(eq(chatbotConversations.sessionId, sessionId));
  }

  describe('session ids are issued by the server (issue 13, item 4)', () => {
    it('POST /api/chat/sessions issues a new, unguessable id and stores the chat, in the intro', async () => {
      const client = t.client();
      const ids = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const res = await client.request('/api/chat/sessions', { method: 'POST' });
        expect(res.status).toBe(201);
        expect(res.headers.get('cache-control')).toBe('no-store');
        const body = (await res.json()) as { sessionId: string; session: { sessionId: string; stage: string } };
        // 16 random bytes, base64url.
        expect(body.sessionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
        expect(body.session).toMatchObject({ sessionId: body.sessionId, stage: 'intro', linked: false });
        ids.add(body.sessionId);
        expect((await getChatSession(t.client(), body.sessionId)).session.sessionId).toBe(body.sessionId);
      }
      expect(ids.size).toBe(3);
    });

    it('an id the server never issued is not found: nothing is created by saving or linking it', async () => {
      const made = newSessionId();
      expect((await putSession(t.client(), made, familySnapshot())).status).toBe(404);
      expect((await postMessages(t.client(), made, transcript(1))).status).toBe(404);
      const user = await createVerifiedUser(t);
      expect((await user.client.post(`${sessionPath(made)}/link`)).status).toBe(404);
      expect((await t.client().get(sessionPath(made))).status).toBe(404);
      const rows = await t.database.db
        .select()
        .from(chatbotConversations)
        .where(eq(chatbotConversations.sessionId, made));
      expect(rows).toEqual([]);
    });

    it('a cookie-carrying request from another site cannot start a chat', async () => {
      const user = await createVerifiedUser(t);
      const res = await user.client.request('/api/chat/sessions', { method: 'POST', origin: 'https://evil.example' });
      expect(res.status).toBe(403);
    });
  });

  describe('transcript', () => {
    it('a message batch sent before any progress fills the issued chat, in the intro', async () => {
      const client = t.client();
      const sessionId = await issueSessionId(t);
      const messages = transcript(2);
      const res = await postMessages(client, sessionId, messages);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ accepted: 2, duplicates: 0, messageCount: 2 });

      const detail = await getChatSession(client, sessionId);
      expect(detail.session).toMatchObject({
        sessionId,
        role: null,
        stage: 'intro',
        status: 'in_progress',
        completed: false,
        linked: false,
        messageCount: 2,
      });
      expect(detail.messages).toEqual(messages);
      expect(detail.answers).toEqual({});
    });

    it('a replayed batch (a retry after a lost answer) adds nothing and says how many were already saved', async () => {
      const client = t.client();
      const sessionId = await issueSessionId(t);
      const batch = transcript(5);
      expect(await (await postMessages(client, sessionId, batch)).json()).toMatchObject({ accepted: 5, duplicates: 0 });
      const before = await getChatSession(client, sessionId);

      const replay = await postMessages(client, sessionId, batch);
      expect(replay.status).toBe(200);
      expect(await replay.json()).toEqual({ accepted: 0, duplicates: 5, messageCount: 5 });
      expect(await storedMessageRows(sessionId)).toHaveLength(5);
      const after = await getChatSession(client, sessionId);
      expect(after.messages).toEqual(before.messages);
      expect(after.session.updatedAt).toBe(before.session.updatedAt);

      // A batch overlapping the saved one adds only the new messages.
      const more = transcript(2, batch[4]!.timestamp + 1_000);
      const overlap = await postMessages(client, sessionId, [...batch.slice(3), ...more]);
      expect(await overlap.json()).toEqual({ accepted: 2, duplicates: 2, messageCount: 7 });
    });

    it('the same message twice in one batch is saved once', async () => {
      const client = t.client();
      const sessionId = await issueSessionId(t);
      const [message] = transcript(1);
      const res = await postMessages(client, sessionId, [message!, message!]);
      expect(await res.json()).toEqual({ accepted: 1, duplicates: 1, messageCount: 1 });
    });

    it('batches arriving out of order give the same transcript as in order', async () => {
      const all = transcript(12);
      const batch1 = all.slice(0, 6);
      const batch2 = all.slice(6);

      const inOrder = await issueSessionId(t);
      const outOfOrder = await issueSessionId(t);
      const client = t.client();
      await postMessages(client, inOrder, batch1);
      await postMessages(client, inOrder, batch2);
      await postMessages(client, outOfOrder, batch2);
      await postMessages(client, outOfOrder, [...batch1].reverse());

      const a = await getChatSession(client, inOrder);
      const b = await getChatSession(client, outOfOrder);
      expect(a.messages).toEqual(all);
      expect(b.messages).toEqual(all);
    });

    it('messages with the same timestamp keep one stable order (by id) on every engine', async () => {
      const client = t.client();
      const sessionId = await issueSessionId(t);
      const timestamp = Date.UTC(2026, 0, 5, 15);
      const ids = ['Zulu-message', 'alpha-message', '-dash-message', '_under-message', '0digit-message'];
      const messages: ChatSyncMessage[] = ids.map((id) => ({ id, content: id, sender: 'user', timestamp }));
      await postMessages(client, sessionId, messages);
      const { messages: saved } = await getChatSession(client, sessionId);
      // Code-unit order: '-' < '0' < 'Z' < '_' < 'a'.
      expect(saved.map((m) => m.id)).toEqual([
        '-dash-message',
        '0digit-message',
        'Zulu-message',
        '_under-message',
        'alpha-message',
      ]);
    });

    it('batches saved at the same moment (two tabs, a retry racing the original) all land exactly once', async () => {
      const client = t.client();
      const sessionId = await issueSessionId(t);
      const all = transcript(40);
      const batches = [all.slice(0, 10), all.slice(10, 20), all.slice(0, 20), all.slice(20, 40), all.slice(15, 30)];
      const results = await Promise.all([
        putSession(client, sessionId, familySnapshot()),
        ...batches.map((batch) => postMessages(client, sessionId, batch)),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
      const counts = (await Promise.all(results.slice(1).map((r) => r.json()))) as { accepted: number }[];
      expect(counts.reduce((sum, c) => sum + c.accepted, 0)).toBe(40);
      const detail = await getChatSession(client, sessionId);
      expect(detail.messages).toEqual(all);
      expect(detail.session.messageCount).toBe(40);
      expect(await storedMessageRows(sessionId)).toHaveLength(40);
    });
  });

  describe('answers', () => {
    it('answers are saved and restored by question id, multi-select answers as lists of codes', async () => {
      const client = t.client();
      const sessionId = await issueSessionId(t);
      const snapshot = completedFamilySnapshot({ completed: false, status: 'in_progress', stage: 'questions' });
      const res = await putSession(client, sessionId, snapshot);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        applied: true,
        session: { sessionId, role: 'family', completed: false },
      });

      const detail = await getChatSession(client, sessionId);
      expect(detail.answers).toEqual(snapshot.answers);
      const rows = await t.database.db
        .select({ questionId: chatbotAnswers.questionId, value: chatbotAnswers.value })
        .from(chatbotAnswers)
        .innerJoin(chatbotConversations, eq(chatbotConversations.id, chatbotAnswers.conversationId))
        .where(eq(chatbotConversations.sessionId, sessionId));
      expect(Object.fromEntries(rows.map((r) => [r.questionId, r.value]))).toEqual(snapshot.answers);
    });

    it('the saved answers are exactly the latest snapshot: a skipped answer is removed, a new one added', async () => {
      const client = t.client();
      const sessionId = await issueSessionId(t);
      await putSession(client, sessionId, familySnapshot());
      const { care_location: _removed, ...rest } = familySnapshot().answers;
      await putSession(
        client,
        sessionId,
        familySnapshot({ answers: { ...rest, relationship_to_recipient: 'sibling' } }),
      );
      expect((await getChatSession(client, sessionId)).answers).toEqual({
        ...rest,
        relationship_to_recipient: 'sibling',
      });
    });

    it('replaying the same snapshot changes nothing', async () => {
      const client = t.client();
      const sessionId = await issueSessionId(t);
      await putSession(client, sessionId, familySnapshot());
      const before = await getChatSession(client, sessionId);
      const replay = await putSession(client, sessionId, familySnapshot());
      expect(await replay.json()).toMatchObject({ applied: true, session: { updatedAt: before.session.updatedAt } });
      expect(await getChatSession(client, sessionId)).toEqual(before);
    });

    it.each<[string, Record<string, unknown>, string, string]>([
      [
        'a question that is not in the chat',
        { favourite_colour: 'blue' },
        'answers.favourite_colour',
        CHAT_SYNC_MESSAGES.unknownQuestion('family'),
      ],
      [
        "another role's question",
        { years_experience: '5_10' },
        'answers.years_experience',
        CHAT_SYNC_MESSAGES.unknownQuestion('family'),
      ],
      [
        'an option code the question does not offer',
        { relationship_to_recipient: 'cousin' },
        'answers.relationship_to_recipient',
        CHAT_SYNC_MESSAGES.unknownOption,
      ],
      [
        'a label instead of a code',
        { care_type: ['In-Home Care'] },
        'answers.care_type',
        CHAT_SYNC_MESSAGES.unknownOption,
      ],
      [
        'one code for a multi-select question',
        { care_type: 'in_home_care' },
        'answers.care_type',
        CHAT_SYNC_MESSAGES.expectsList,
      ],
      [
        'a list for a single-choice question',
        { relationship_to_recipient: ['parent'] },
        'answers.relationship_to_recipient',
        CHAT_SYNC_MESSAGES.expectsOne,
      ],
      [
        'a phone number the chat would not accept',
        { phone_number: '12ab' },
        'answers.phone_number',
        CHAT_INPUT_MESSAGES.phoneLocal,
      ],
    ])(
      'family: %s is refused with 422 naming the answer, and nothing is saved',
      async (_case, answer, field, message) => {
        const client = t.client();
        const sessionId = await issueSessionId(t);
        await putSession(client, sessionId, familySnapshot());
        const res = await putSession(client, sessionId, {
          ...familySnapshot({ questionIndex: 20, sectionIndex: 2 }),
          answers: { ...familySnapshot().answers, ...answer },
        });
        expect(res.status).toBe(422);
        const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
        expect(body.error.code).toBe('validation_failed');
        expect(body.error.fields).toEqual({ [field]: message });
        expect(await getChatSession(client, sessionId)).toMatchObject({
          session: { questionIndex: 11, sectionIndex: 1 },
          answers: familySnapshot().answers,
        });
      },
    );

    it('answers before a role is chosen are refused', async () => {
      const res = await putSession(t.client(), await issueSessionId(t), familySnapshot({ role: null, stage: 'intro' }));
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({
        error: { code: 'validation_failed', fields: { answers: CHAT_SYNC_MESSAGES.answersBeforeRole } },
      });
    });

    it('a status that contradicts the completed flag is refused', async () => {
      const res = await putSession(t.client(), await issueSessionId(t), familySnapshot({ status: 'completed' }));
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ error: { fields: { status: CHAT_SYNC_MESSAGES.statusMismatch } } });
    });

    it('a body that is not JSON is a 400', async () => {
      const res = await t.client().request(sessionPath(newSessionId()), {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: '{"role":',
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'bad_request' } });
    });
  });

  describe('completion', () => {
    it('a completed chat is restored as completed, with its answers', async () => {
      const client = t.client();
      const sessionId = await issueSessionId(t);
      const snapshot = completedFamilySnapshot();
      expect((await putSession(client, sessionId, snapshot)).status).toBe(200);

      // Another browser (or the same one after clearing storage) with the id.
      const detail = await getChatSession(t.client(), sessionId);
      expect(detail.session).toMatchObject({ completed: true, status: 'completed', stage: 'completion' });
      expect(detail.session.completedAt).toEqual(expect.any(String));
      expect(detail.answers).toEqual(snapshot.answers);
    });

    it('a late in-progress save does not reopen a completed chat or lose its answers', async () => {
      const client = t.client();
      const sessionId = await issueSessionId(t);
      await putSession(client, sessionId, completedFamilySnapshot());
      const before = await getChatSession(client, sessionId);

      const late = await putSession(client, sessionId, familySnapshot());
      expect(late.status).toBe(200);
      expect(await late.json()).toMatchObject({ applied: false, session: { completed: true, status: 'completed' } });
      expect(await getChatSession(client, sessionId)).toEqual(before);
    });

    it('"Start over" (a newer restartedAt) reopens a completed chat with the new answers', async () => {
      const client = t.client();
      const sessionId = await issueSessionId(t);
      await putSession(client, sessionId, completedFamilySnapshot());
      const restartedAt = Date.UTC(2026, 0, 6, 9);
      const restart = await putSession(client, sessionId, restartSnapshot(restartedAt));
      expect(await restart.json()).toMatchObject({
        applied: true,
        session: { completed: false, completedAt: null, stage: 'intro', role: null, restartedAt },
      });
      expect((await getChatSession(client, sessionId)).answers).toEqual({});

      // The restart's replay changes nothing; a save from before the restart is ignored.
      const next = familySnapshot({ restartedAt, lastActive: restartedAt + 60_000 });
      await putSession(client, sessionId, next);
      const replay = await putSession(client, sessionId, { ...next, answers: {}, role: null, lastActive: restartedAt });
      expect(await replay.json()).toMatchObject({ applied: false });
      const fromBefore = await putSession(client, sessionId, completedFamilySnapshot());
      expect(await fromBefore.json()).toMatchObject({ applied: false });
      expect(await getChatSession(client, sessionId)).toMatchObject({
        session: { completed: false, role: 'family', restartedAt, lastActive: restartedAt + 60_000 },
        answers: next.answers,
      });

      // Completing the new run is kept again.
      const done = await putSession(
        client,
        sessionId,
        completedFamilySnapshot({ restartedAt, lastActive: restartedAt + 120_000 }),
      );
      expect(await done.json()).toMatchObject({ applied: true, session: { completed: true } });
    });

    it('an older snapshot arriving late (by lastActive) does not undo a newer one', async () => {
      const client = t.client();
      const sessionId = await issueSessionId(t);
      const newer = familySnapshot({ lastActive: 2_000_000 });
      const older = familySnapshot({
        lastActive: 1_000_000,
        questionIndex: 4,
        sectionIndex: 0,
        answers: { first_name: 'Keisha' },
      });
      await putSession(client, sessionId, newer);
      const res = await putSession(client, sessionId, older);
      expect(await res.json()).toMatchObject({ applied: false });
      expect(await getChatSession(client, sessionId)).toMatchObject({
        session: { questionIndex: 11, sectionIndex: 1, lastActive: 2_000_000 },
        answers: newer.answers,
      });
    });
  });

  describe('hand-over to the registration form', () => {
    const handedOverAt = Date.UTC(2026, 0, 6, 10);

    it('is stored with the snapshot and kept when a later snapshot (or an older client) omits it', async () => {
      const client = t.client();
      const sessionId = await issueSessionId(t);
      await putSession(client, sessionId, familySnapshot({ lastActive: handedOverAt - 1_000 }));
      expect((await getChatSession(client, sessionId)).session.handedOverAt).toBeNull();

      const res = await putSession(client, sessionId, familySnapshot({ lastActive: handedOverAt, handedOverAt }));
      expect(await res.json()).toMatchObject({ applied: true, session: { handedOverAt } });
      const [row] = await t.database.db
        .select({ handedOverAtMs: chatbotConversations.handedOverAtMs })
        .from(chatbotConversations)
        .where(eq(chatbotConversations.sessionId, sessionId));
      expect(row?.handedOverAtMs).toBe(handedOverAt);

      await putSession(client, sessionId, familySnapshot({ lastActive: handedOverAt + 1_000 }));
      await putSession(client, sessionId, familySnapshot({ lastActive: handedOverAt + 2_000, handedOverAt: null }));
      await putSession(
        client,
        sessionId,
        familySnapshot({ lastActive: handedOverAt + 3_000, handedOverAt: handedOverAt + 3_000 }),
      );
      expect((await getChatSession(client, sessionId)).session.handedOverAt).toBe(handedOverAt);
    });

    it('a stale snapshot carrying a hand-over does not change the stored one', async () => {
      const client = t.client();
      const sessionId = await issueSessionId(t);
      await putSession(client, sessionId, familySnapshot({ lastActive: handedOverAt + 5_000 }));
      const res = await putSession(client, sessionId, familySnapshot({ lastActive: handedOverAt, handedOverAt }));
      expect(await res.json()).toMatchObject({ applied: false, session: { handedOverAt: null } });
    });

    it('a completed chat records its hand-over; starting over clears it', async () => {
      const client = t.client();
      const sessionId = await issueSessionId(t);
      await putSession(client, sessionId, completedFamilySnapshot({ lastActive: handedOverAt - 1_000 }));
      const done = await putSession(
        client,
        sessionId,
        completedFamilySnapshot({ lastActive: handedOverAt, handedOverAt }),
      );
      expect(await done.json()).toMatchObject({ applied: true, session: { completed: true, handedOverAt } });

      const restartedAt = handedOverAt + 60_000;
      const restart = await putSession(client, sessionId, restartSnapshot(restartedAt, { handedOverAt: null }));
      expect(await restart.json()).toMatchObject({ applied: true, session: { handedOverAt: null, restartedAt } });

      // A late write from the old run cannot bring the old hand-over back.
      const late = await putSession(
        client,
        sessionId,
        completedFamilySnapshot({ lastActive: handedOverAt + 1_000, handedOverAt }),
      );
      expect(await late.json()).toMatchObject({ applied: false, session: { handedOverAt: null } });
    });
  });

  it('a whole professional interview synced after every step restores to the same answers and transcript', async () => {
    const client = t.client();
    const sessionId = await issueSessionId(t);
    const deps = { ...createTestDeps(7), createId: () => randomBytes(9).toString('base64url') };
    const chat = new ChatDriver(deps);
    let sent = 0;

    const snapshotOf = (state: ChatState): ChatSessionUpdate => {
      const progress = getChatProgress(REGISTRATION_FLOWS, state);
      return {
        role: state.role,
        stage: state.stage,
        status: state.completed ? 'completed' : 'in_progress',
        questionIndex: progress?.questionIndex ?? 0,
        sectionIndex: state.sectionIndex,
        answers: progress?.formData ?? {},
        completed: state.completed,
        lastActive: state.lastActive,
      };
    };
    const sync = async () => {
      const fresh = chat.state.messages.slice(sent).map((m) => ({
        id: m.id,
        content: m.content,
        sender: m.isUser ? ('user' as const) : ('assistant' as const),
        timestamp: m.timestamp,
      }));
      sent = chat.state.messages.length;
      if (fresh.length > 0) expect((await postMessages(client, sessionId, fresh)).status).toBe(200);
      if (chat.state.role !== null)
        expect((await putSession(client, sessionId, snapshotOf(chat.state))).status).toBe(200);
    };

    chat.send({ type: 'start' });
    await sync();
    chat.click('professional');
    await sync();
    for (let guard = 0; guard < 100 && !chat.state.completed; guard += 1) {
      const question = chat.question;
      if (chat.state.awaitingContinue) chat.click('continue');
      else if (question?.type === 'checkbox' || question?.type === 'multiselect') {
        chat.click(question.options?.[0]?.id ?? '');
        chat.click('done_selecting');
      } else if (question?.options?.length) chat.click(question.options[0]?.id ?? '');
      else if (question) chat.type(sampleAnswer(question));
      await sync();
    }
    expect(chat.state.completed).toBe(true);

    const detail = await getChatSession(t.client(), sessionId);
    expect(detail.session).toMatchObject({ role: 'professional', completed: true, stage: 'completion' });
    expect(detail.answers).toEqual(getChatProgress(REGISTRATION_FLOWS, chat.state)?.formData);
    expect(detail.messages.map((m) => [m.id, m.content, m.sender === 'user'])).toEqual(
      chat.state.messages.map((m) => [m.id, m.content, m.isUser]),
    );
    expect(detail.messages.length).toBeGreaterThan(20);
  });
});
