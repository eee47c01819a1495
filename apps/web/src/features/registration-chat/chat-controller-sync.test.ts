import { CHAT_OPTION_IDS } from '@tavara/shared/registration-chat/engine';
import { describe, expect, it, vi } from 'vitest';
import { ChatSyncQueue, CHAT_SYNC_DEBOUNCE_MS, CHAT_SYNC_RETRY_BASE_MS } from './api/chat-sync';
import { CHAT_KEYS } from './chat-storage';
import { MemoryStorage, ManualClock, settle, json, setup, saved } from './chat-controller.harness';

/** The chat controller, continued (chat-controller.test.ts): sync with the server and the hand-over to the form. */
const SERVER_ID = 'c0ffee00c0ffee00c0ffee00c0ffee00';

describe('sync with the server', () => {
  function syncServer(failFirst: number) {
    const requests: string[] = [];
    let failures = failFirst;
    const clock = new ManualClock();
    const queue = new ChatSyncQueue({
      fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
        requests.push(`${init?.method} ${String(input)}`);
        if (failures > 0) {
          failures -= 1;
          return Promise.resolve(json(503, { error: { code: 'unavailable' } }));
        }
        if (String(input) === '/api/chat/sessions') return Promise.resolve(json(201, { sessionId: SERVER_ID }));
        return Promise.resolve(json(200, {}));
      }) as typeof fetch,
      isOnline: () => true,
      onOnline: () => () => {},
      setTimeout: (run, ms) => clock.setTimeout(run, ms),
      clearTimeout: (id) => clock.clearTimeout(id),
    });
    return { queue, requests, clock };
  }

  it('sends nothing before a role, then the session and its messages after a short pause', async () => {
    const server = syncServer(0);
    const t = setup({ sync: server.queue, clock: server.clock });
    server.clock.advance(CHAT_SYNC_DEBOUNCE_MS);
    await settle();
    expect(server.requests).toEqual([]);
    t.chat.selectOption('family');
    server.clock.advance(CHAT_SYNC_DEBOUNCE_MS);
    await settle();
    const path = `/api/chat/sessions/${SERVER_ID}`;
    expect(server.requests).toEqual(['POST /api/chat/sessions', `PUT ${path}`, `POST ${path}/messages`]);
  });

  it('a failed send is retried after the back-off, and the latest state goes with it', async () => {
    const server = syncServer(1);
    const t = setup({ sync: server.queue, clock: server.clock });
    t.chat.selectOption('family');
    server.clock.advance(CHAT_SYNC_DEBOUNCE_MS);
    await settle();
    expect(server.requests).toHaveLength(1);
    t.chat.changeInput('Keisha');
    t.chat.sendInput();
    server.clock.advance(CHAT_SYNC_RETRY_BASE_MS - 1);
    await settle();
    expect(server.requests).toHaveLength(1);
    server.clock.advance(1);
    await settle();
    const path = `/api/chat/sessions/${SERVER_ID}`;
    // The first try to get the chat an id failed; the retry gets it and sends the latest state.
    expect(server.requests).toEqual([
      'POST /api/chat/sessions',
      'POST /api/chat/sessions',
      `PUT ${path}`,
      `POST ${path}/messages`,
    ]);
  });
});

describe('hand-over to the registration form', () => {
  it('saves the prefill, sends the hand-over at once, then closes the chat and opens the form', async () => {
    const requests: string[] = [];
    const clock = new ManualClock();
    const queue = new ChatSyncQueue({
      fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input) === '/api/chat/sessions') {
          requests.push(`${init?.method} ${String(input)}`);
          return Promise.resolve(json(201, { sessionId: SERVER_ID }));
        }
        const body = JSON.parse(String(init?.body)) as { handedOverAt?: number | null };
        requests.push(
          `${init?.method} ${String(input)}${init?.method === 'PUT' ? ` handedOverAt=${typeof body.handedOverAt}` : ''}`,
        );
        return Promise.resolve(json(200, {}));
      }) as typeof fetch,
      isOnline: () => true,
      onOnline: () => () => {},
      setTimeout: (run, ms) => clock.setTimeout(run, ms),
      clearTimeout: (id) => clock.clearTimeout(id),
    });
    const t = setup({ sync: queue, clock });
    t.chat.selectOption('family');
    t.answerUntil('email');
    const { sessionId } = t.state;
    await settle();
    requests.length = 0;
    t.chat.openRegistrationForm();
    t.chat.openRegistrationForm();
    expect(t.chat.getSnapshot().isHandingOver).toBe(true);
    expect(saved(t.storage, CHAT_KEYS.transition(sessionId))).toBe('true');
    expect(saved(t.storage, CHAT_KEYS.autoRedirect(sessionId))).toBe('true');
    expect(JSON.parse(saved(t.storage, CHAT_KEYS.prefill(sessionId)) ?? '{}')).toMatchObject({
      first_name: 'Keisha',
    });
    // Flushed without waiting for the sync pause: the hand-over is recorded before the page moves.
    await settle();
    expect(requests).toEqual([`PUT /api/chat/sessions/${SERVER_ID} handedOverAt=number`]);
    expect(t.navigations).toEqual([]);
    clock.advance(100);
    expect(t.navigations).toEqual([`/registration/family?session=${sessionId}`]);
    expect(t.ui.log).toContain('closed');
    expect(t.chat.getSnapshot().isHandingOver).toBe(false);
  });

  it('when the prefill cannot be saved, the plain form of the role opens', () => {
    const storage = new MemoryStorage();
    storage.refuse = (key) => key.startsWith('tavara_chat_prefill_');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const t = setup({ storage });
    t.chat.selectOption('professional');
    t.answerUntil('years_experience');
    t.chat.openRegistrationForm();
    t.clock.advance(100);
    expect(t.navigations).toEqual(['/registration/professional-fix']);
  });

  it('finishing the interview offers the form, which hands over the same way', () => {
    const t = setup();
    t.chat.selectOption('community');
    t.answerUntil(null);
    expect(t.state.completed).toBe(true);
    const offer = t.chat
      .getSnapshot()
      .messages.at(-1)
      ?.options?.map((o) => o.id);
    expect(offer).toContain(CHAT_OPTION_IDS.form);
    t.chat.selectOption(CHAT_OPTION_IDS.form);
    t.clock.advance(100);
    expect(t.navigations).toEqual([`/registration/community?session=${t.state.sessionId}`]);
    expect(t.state.handedOverAt).not.toBeNull();
  });
});
