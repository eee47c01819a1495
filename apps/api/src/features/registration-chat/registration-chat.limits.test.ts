import {
  CHAT_SYNC_MESSAGES,
  MAX_CHAT_MESSAGE_CHARS,
  MAX_CHAT_MESSAGES_PER_REQUEST,
  MAX_CHAT_MESSAGES_PER_SESSION,
  MAX_CHAT_TRANSCRIPT_BYTES,
  type ChatSyncMessage,
} from '@tavara/shared/registration-chat/chat-sync.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatRateLimits } from '../../db/schema/registration-chat';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  familySnapshot,
  getChatSession,
  newMessageId,
  issueSessionId,
  postMessages,
  putSession,
  sessionPath,
  transcript,
} from '../../testing/chat-requests';
import {
  CHAT_RATE_LIMITS,
  chatAnonymousDayCounterKey,
  chatIpCounterKey,
  chatNewSessionCounterKey,
  chatSessionCounterKey,
} from './registration-chat.service';

describe('registration chat limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Uses up a counter's window, as that many earlier requests would have. */
  async function exhaust(key: string, max: number) {
    await t.database.db
      .insert(chatRateLimits)
      .values({ key, count: max })
      .onConflictDoUpdate({ target: chatRateLimits.key, set: { count: max } });
  }

  async function expect429(res: Response, message: RegExp, windowSeconds: number) {
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.message).toMatch(message);
    expect(body.error.message).toContain(`wait ${retryAfter} second`);
  }

  describe('sizes', () => {
    it('a batch larger than 256 kB is refused with 413 and nothing is saved', async () => {
      const client = t.client();
      const sessionId = await issueSessionId(t);
      // 50 messages of 2,000 emoji (4,000 UTF-16 units, each valid) are about 400 kB of JSON.
      const messages = transcript(MAX_CHAT_MESSAGES_PER_REQUEST).map((m) => ({
        ...m,
        content: '😀'.repeat(MAX_CHAT_MESSAGE_CHARS / 2),
      }));
      const res = await postMessages(client, sessionId, messages);
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ error: { code: 'payload_too_large' } });
      expect((await getChatSession(client, sessionId)).messages).toEqual([]);
    });

    it('a transcript holds at most 256 kB of text: the batch that would pass it is refused with 413', async () => {
      const client = t.client();
      const sessionId = await issueSessionId(t);
      // 40 kB per batch of 10 messages; the seventh batch would pass 256 kB.
      const batch = () =>
        transcript(10).map((m) => ({ ...m, id: newMessageId(), content: 'a'.repeat(MAX_CHAT_MESSAGE_CHARS) }));
      let accepted = 0;
      for (let i = 0; i < 6; i++) {
        const res = await postMessages(client, sessionId, batch());
        expect(res.status).toBe(200);
        accepted += ((await res.json()) as { accepted: number }).accepted;
      }
      expect(accepted * MAX_CHAT_MESSAGE_CHARS).toBeLessThanOrEqual(MAX_CHAT_TRANSCRIPT_BYTES);
      const full = await postMessages(client, sessionId, batch());
      expect(full.status).toBe(413);
      expect(await full.json()).toEqual({
        error: { code: 'payload_too_large', message: CHAT_SYNC_MESSAGES.transcriptTooLarge },
      });
      expect((await getChatSession(client, sessionId)).messages).toHaveLength(accepted);
    });

    it('more than 50 messages in one request are refused with 422', async () => {
      const res = await postMessages(
        t.client(),
        await issueSessionId(t),
        transcript(MAX_CHAT_MESSAGES_PER_REQUEST + 1),
      );
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({
        error: { code: 'validation_failed', fields: { messages: expect.any(String) } },
      });
    });

    it.each<[string, Partial<ChatSyncMessage>, string]>([
      ['a message over 4,000 characters', { content: 'x'.repeat(MAX_CHAT_MESSAGE_CHARS + 1) }, 'messages.0.content'],
      ['a message id under 8 characters', { id: 'm1' }, 'messages.0.id'],
      ['a message id with a slash', { id: 'abc/defgh' }, 'messages.0.id'],
      ['an unknown sender', { sender: 'system' as 'user' }, 'messages.0.sender'],
      ['a timestamp that is not whole milliseconds', { timestamp: 1.5 }, 'messages.0.timestamp'],
    ])('%s is refused with 422', async (_case, change, field) => {
      const [message] = transcript(1);
      const res = await postMessages(t.client(), await issueSessionId(t), [{ ...message!, ...change }]);
      expect(res.status).toBe(422);
      const body = (await res.json()) as { error: { fields: Record<string, string> } };
      expect(Object.keys(body.error.fields)).toEqual([field]);
    });

    it('a chat holds at most 500 messages: the next new ones are refused with 422, replays still answer', async () => {
      const client = t.client();
      const sessionId = await issueSessionId(t);
      const start = Date.UTC(2026, 0, 7);
      let last: ChatSyncMessage[] = [];
      for (let i = 0; i < MAX_CHAT_MESSAGES_PER_SESSION / MAX_CHAT_MESSAGES_PER_REQUEST; i += 1) {
        last = transcript(MAX_CHAT_MESSAGES_PER_REQUEST, start + i * 100_000);
        expect((await postMessages(client, sessionId, last)).status).toBe(200);
      }
      const over = await postMessages(client, sessionId, [
        { id: newMessageId(), content: 'One more', sender: 'user', timestamp: start + 10_000_000 },
      ]);
      expect(over.status).toBe(422);
      expect(await over.json()).toEqual({
        error: {
          code: 'validation_failed',
          message: CHAT_SYNC_MESSAGES.sessionFull,
          fields: { messages: CHAT_SYNC_MESSAGES.sessionFull },
        },
      });
      const replay = await postMessages(client, sessionId, last);
      expect(await replay.json()).toEqual({ accepted: 0, duplicates: 50, messageCount: 500 });
      expect((await getChatSession(client, sessionId)).messages).toHaveLength(500);
    });

    it('more than 200 answers are refused with 422', async () => {
      const answers = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`question_${i}`, 'x']));
      const res = await putSession(t.client(), await issueSessionId(t), familySnapshot({ answers }));
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ error: { fields: { answers: CHAT_SYNC_MESSAGES.tooManyAnswers } } });
    });
  });

  describe('rates', () => {
    it('one address sending too many chat requests gets 429 with Retry-After; other addresses carry on', async () => {
      const busy = t.client('10.20.30.40');
      const sessionId = await issueSessionId(t);
      await putSession(busy, sessionId, familySnapshot());
      await exhaust(chatIpCounterKey(busy.ip), CHAT_RATE_LIMITS.perIp.max);

      await expect429(await busy.get(sessionPath(sessionId)), /^Too many chat requests from this connection\./, 60);
      await expect429(await putSession(busy, sessionId, familySnapshot()), /connection/, 60);
      // Even malformed requests are counted and refused first.
      await expect429(await busy.get(sessionPath('bad')), /connection/, 60);

      expect((await t.client('10.20.30.41').get(sessionPath(sessionId))).status).toBe(200);
    });

    it('a chat saved too often gets 429 with Retry-After; other chats carry on', async () => {
      const client = t.client();
      const sessionId = await issueSessionId(t);
      await putSession(client, sessionId, familySnapshot());
      await exhaust(chatSessionCounterKey(sessionId), CHAT_RATE_LIMITS.perSession.max);

      const res = await postMessages(client, sessionId, transcript(1));
      await expect429(res, /^This chat is being saved too often\./, 60);
      expect((await postMessages(client, await issueSessionId(t), transcript(1))).status).toBe(200);
    });

    it('one address starting too many new chats gets 429; its existing chats carry on', async () => {
      const client = t.client('10.20.30.50');
      const existing = await issueSessionId(t);
      await putSession(client, existing, familySnapshot());
      await exhaust(chatNewSessionCounterKey(client.ip), CHAT_RATE_LIMITS.newSessionsPerIp.max);

      // New chats are issued by POST /api/chat/sessions: that is where the limit applies.
      await expect429(await client.request('/api/chat/sessions', { method: 'POST' }), /^Too many new chats/, 3600);
      expect((await postMessages(client, existing, transcript(1))).status).toBe(200);
    });

    it('visitors from one address start at most 60 chats a day (429); signed-in people are not counted', async () => {
      const client = t.client('10.20.30.55');
      await exhaust(chatAnonymousDayCounterKey(client.ip), CHAT_RATE_LIMITS.anonymousSessionsPerIpPerDay.max);
      const res = await client.request('/api/chat/sessions', { method: 'POST' });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(3600);
      expect(await res.json()).toEqual({
        error: {
          code: 'rate_limited',
          message:
            'Too many new chats have been started from this connection today. Please continue an existing chat or try again tomorrow.',
        },
      });
    });

    it('the rate counters are shared through the database and count every request', async () => {
      const client = t.client('10.20.30.60');
      const sessionId = await issueSessionId(t);
      await putSession(client, sessionId, familySnapshot());
      await client.get(sessionPath(sessionId));
      const [ip] = await t.database.db
        .select({ count: chatRateLimits.count })
        .from(chatRateLimits)
        .where(eq(chatRateLimits.key, chatIpCounterKey(client.ip)));
      const [session] = await t.database.db
        .select({ count: chatRateLimits.count })
        .from(chatRateLimits)
        .where(eq(chatRateLimits.key, chatSessionCounterKey(sessionId)));
      expect(ip?.count).toBe(2);
      expect(session?.count).toBe(2);
      // The session's counter is keyed by a hash: the id itself is not stored there.
      expect(chatSessionCounterKey(sessionId)).not.toContain(sessionId);
    });
  });
});

describe('CHAT_SESSION_LIMITS_DISABLED (browser test runs only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CHAT_SESSION_LIMITS_DISABLED: 'true' });
  });
  afterAll(() => t.close());

  it('lets one address start more chats than a day allows; the per-session limit still holds', async () => {
    const client = t.client('10.20.30.70');
    for (const key of [chatAnonymousDayCounterKey(client.ip), chatNewSessionCounterKey(client.ip)]) {
      await t.database.db.insert(chatRateLimits).values({ key, count: 1_000 });
    }
    // The server still issues the id (issue 13); only the per-address limits on doing so are off.
    const fresh = await issueSessionId(client);
    expect((await putSession(client, fresh, familySnapshot())).status).toBe(200);
    await t.database.db
      .insert(chatRateLimits)
      .values({ key: chatSessionCounterKey(fresh), count: CHAT_RATE_LIMITS.perSession.max })
      .onConflictDoUpdate({ target: chatRateLimits.key, set: { count: CHAT_RATE_LIMITS.perSession.max } });
    expect((await client.get(sessionPath(fresh))).status).toBe(429);
  });
});
