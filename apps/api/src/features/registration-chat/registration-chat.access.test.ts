import { Writable } from 'node:stream';
import { CHAT_SYNC_MESSAGES } from '@tavara/shared/registration-chat/chat-sync.schema';
import { DrizzleQueryError } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createAppAuth } from '../../app';
import { loadEnv } from '../../env';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TestClient } from '../../testing/test-client';
import { createTestDatabase } from '../../testing/test-database';
import {
  completedFamilySnapshot,
  familySnapshot,
  getChatSession,
  newSessionId,
  issueSessionId,
  postMessages,
  putSession,
  sessionPath,
  transcript,
} from '../../testing/chat-requests';
import { redactError, sessionLogTag } from './session-id';

const NOT_FOUND = { error: { code: 'not_found', message: CHAT_SYNC_MESSAGES.notFound } };

describe('registration chat access', () => {
  let t: TestApp;
  let owner: TestUser;
  let otherUser: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createVerifiedUser(t, { role: 'family' });
    otherUser = await createVerifiedUser(t, { role: 'professional' });
    admin = await createVerifiedUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  /** A chat saved anonymously, then linked to `owner` as the registration form does after sign-up. */
  async function linkedChat(): Promise<string> {
    const sessionId = await issueSessionId(t);
    const visitor = t.client();
    await putSession(visitor, sessionId, completedFamilySnapshot());
    await postMessages(visitor, sessionId, transcript(4));
    const res = await owner.client.post(`${sessionPath(sessionId)}/link`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ session: { sessionId, linked: true, completed: true } });
    return sessionId;
  }

  it('anonymous: anyone holding the id of an unlinked chat can read and continue it', async () => {
    const sessionId = await issueSessionId(t);
    await putSession(t.client(), sessionId, familySnapshot());
    const otherBrowser = t.client();
    expect((await getChatSession(otherBrowser, sessionId)).answers).toEqual(familySnapshot().answers);
    expect((await postMessages(otherBrowser, sessionId, transcript(1))).status).toBe(200);
    expect((await putSession(otherBrowser, sessionId, completedFamilySnapshot())).status).toBe(200);
  });

  it('an id nobody has used is "not found"', async () => {
    const res = await t.client().get(sessionPath(newSessionId()));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(NOT_FOUND);
  });

  it('once linked, the chat is hidden from anonymous visitors with the id: reads and writes answer 404', async () => {
    const sessionId = await linkedChat();
    const visitor = t.client();
    const read = await visitor.get(sessionPath(sessionId));
    expect(read.status).toBe(404);
    expect(await read.json()).toEqual(NOT_FOUND);
    expect((await putSession(visitor, sessionId, familySnapshot())).status).toBe(404);
    expect((await postMessages(visitor, sessionId, transcript(1))).status).toBe(404);
    expect((await getChatSession(owner.client, sessionId)).session).toMatchObject({ completed: true, messageCount: 4 });
  });

  it('once linked, another signed-in user gets 404, the owner and an admin can read and write', async () => {
    const sessionId = await linkedChat();
    const other = await otherUser.client.get(sessionPath(sessionId));
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual(NOT_FOUND);
    expect((await putSession(otherUser.client, sessionId, completedFamilySnapshot())).status).toBe(404);

    const mine = await getChatSession(owner.client, sessionId);
    expect(mine.session).toMatchObject({ linked: true, role: 'family' });
    expect(mine.messages).toHaveLength(4);
    expect((await postMessages(owner.client, sessionId, transcript(2, Date.UTC(2026, 1, 1)))).status).toBe(200);

    const asAdmin = await getChatSession(admin.client, sessionId);
    expect(asAdmin.messages).toHaveLength(6);
    expect(asAdmin.answers).toEqual(mine.answers);
    expect((await putSession(admin.client, sessionId, completedFamilySnapshot())).status).toBe(200);
  });

  it('linking twice is harmless; a chat linked to someone else cannot be taken over (403)', async () => {
    const sessionId = await linkedChat();
    const again = await owner.client.post(`${sessionPath(sessionId)}/link`);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ session: { linked: true } });

    for (const user of [otherUser, admin]) {
      const res = await user.client.post(`${sessionPath(sessionId)}/link`);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        error: { code: 'forbidden', message: CHAT_SYNC_MESSAGES.linkedToAnotherAccount },
      });
    }
    expect((await getChatSession(owner.client, sessionId)).session.linked).toBe(true);
  });

  it('linking needs a signed-in user (401) from the app itself (403)', async () => {
    const sessionId = await issueSessionId(t);
    await putSession(t.client(), sessionId, familySnapshot());
    const signedOut = await t.client().post(`${sessionPath(sessionId)}/link`);
    expect(signedOut.status).toBe(401);
    const foreign = await owner.client.post(`${sessionPath(sessionId)}/link`, {}, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await getChatSession(t.client(), sessionId)).session.linked).toBe(false);
  });

  it('a cookie-carrying save from a foreign site is refused and changes nothing', async () => {
    const sessionId = await linkedChat();
    const before = await getChatSession(owner.client, sessionId);
    const put = await putSession(owner.client, sessionId, familySnapshot(), { origin: 'https://evil.example' });
    expect(put.status).toBe(403);
    const post = await postMessages(owner.client, sessionId, transcript(1), { origin: null });
    expect(post.status).toBe(403);
    expect(await getChatSession(owner.client, sessionId)).toEqual(before);
  });

  it('linking an issued chat the browser has not saved yet links it, and later saves land in it; a made-up id is 404', async () => {
    expect((await owner.client.post(`${sessionPath(newSessionId())}/link`)).status).toBe(404);
    const sessionId = await issueSessionId(t);
    const res = await owner.client.post(`${sessionPath(sessionId)}/link`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ session: { sessionId, linked: true, role: null, stage: 'intro' } });
    expect((await putSession(owner.client, sessionId, familySnapshot())).status).toBe(200);
    expect((await t.client().get(sessionPath(sessionId))).status).toBe(404);
  });

  it("the signed-in user's list shows only their own linked chats, newest first", async () => {
    const first = await linkedChat();
    const second = await linkedChat();
    await putSession(owner.client, first, completedFamilySnapshot({ lastActive: Date.UTC(2026, 2, 1) }));

    const res = await owner.client.get('/api/chat/sessions');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { sessions } = (await res.json()) as { sessions: { sessionId: string }[] };
    const ids = sessions.map((s) => s.sessionId);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(sessions[0]).toEqual({
      sessionId: first,
      role: 'family',
      stage: 'completion',
      status: 'completed',
      completed: true,
      updatedAt: expect.any(String),
    });

    expect(await (await otherUser.client.get('/api/chat/sessions')).json()).toEqual({ sessions: [] });
    expect((await t.client().get('/api/chat/sessions')).status).toBe(401);
  });

  it.each([
    ['too short', 'abc123'],
    ['21 characters', 'a'.repeat(21)],
    ['65 characters', 'a'.repeat(65)],
    ['padding', `${'a'.repeat(22)}==`],
    ['a dot', `${'a'.repeat(22)}.b`],
    ['an encoded space', `${'a'.repeat(22)}%20`],
  ])('a session id with %s is refused with 400 on every route', async (_case, badId) => {
    const client = t.client();
    const answers = [
      await client.get(sessionPath(badId)),
      await putSession(client, badId, familySnapshot()),
      await postMessages(client, badId, transcript(1)),
      await owner.client.post(`${sessionPath(badId)}/link`),
    ];
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: { code: 'bad_request', message: CHAT_SYNC_MESSAGES.invalidSessionId },
      });
    }
  });
});

describe('registration chat session ids in logs', () => {
  it('request log lines show a short tag of the session id, never the id', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info' });
    const database = await createTestDatabase();
    try {
      const logger = pino({ level: 'info' }, stream);
      const app = createApp({ env, database, logger, auth: createAppAuth({ env, database, logger }) });
      const client = new TestClient(app, env);
      const sessionId = await issueSessionId(client);
      await putSession(client, sessionId, familySnapshot());
      await postMessages(client, sessionId, transcript(1));
      await client.get(sessionPath(sessionId));
      await client.get(sessionPath(`${sessionId}.x`));

      const log = lines.join('');
      expect(log).toContain(`/api/chat/sessions/~${sessionLogTag(sessionId)}/messages`);
      expect(log).not.toContain(sessionId);
    } finally {
      await database.close();
    }
  });

  it('a failed query is logged without the session id or the query parameters', () => {
    const sessionId = newSessionId();
    const cause = new Error(`duplicate key value for ${sessionId}`);
    const error = new DrizzleQueryError(
      'insert into "chatbot_messages" values ($1, $2)',
      [sessionId, 'Keisha, +1 868 555 1234'],
      cause,
    );
    const redacted = redactError(error, sessionId);
    const text = `${redacted.message}\n${redacted.stack}`;
    expect(text).not.toContain(sessionId);
    expect(text).not.toContain('555 1234');
    expect(redacted.message).toContain('insert into "chatbot_messages"');
    expect(redacted.message).toContain(sessionLogTag(sessionId));
  });
});
