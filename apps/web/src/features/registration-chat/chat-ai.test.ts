import { DEFAULT_CHAT_CONFIG, type ChatConfig } from '@tavara/shared/registration-chat/chat-config';
import { createChatState, type ChatState } from '@tavara/shared/registration-chat/chat-state';
import { applyChatEvent } from '@tavara/shared/registration-chat/engine';
import { REGISTRATION_FLOWS } from '@tavara/shared/registration-chat/flows';
import { createTestDeps } from '@tavara/shared/registration-chat/test-helpers';
import { describe, expect, it } from 'vitest';
import {
  MAX_CHAT_AI_USER_MESSAGE_CHARS,
  MAX_CHAT_AI_USER_TOTAL_CHARS,
} from '@tavara/shared/registration-chat/chat-ai.schema';
import {
  buildChatAiRequest,
  callChatAi,
  CHAT_AI_FAILURE_NOTICES,
  INITIAL_AI_FALLBACK,
  readChatAiResponse,
  recordAiOutcome,
  requestWithRetries,
  shouldUseAi,
  type ChatAiAttempt,
  type ChatAiFallbackState,
} from './chat-ai';

const ok = (message: string): ChatAiAttempt => ({ ok: true, message });
const fail = (kind: 'connection' | 'invalid_response' | 'empty_message', retryable = true): ChatAiAttempt => ({
  ok: false,
  kind,
  retryable,
});

/** An attempt function answering `results` in turn, and a sleep that records its pauses. */
function scripted(results: ChatAiAttempt[]) {
  const pauses: number[] = [];
  let calls = 0;
  return {
    attempt: () => {
      const result = results[Math.min(calls, results.length - 1)];
      calls += 1;
      return Promise.resolve(result as ChatAiAttempt);
    },
    sleep: (ms: number) => {
      pauses.push(ms);
      return Promise.resolve();
    },
    get calls() {
      return calls;
    },
    pauses,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('chat AI retries (spec §7: 3 retries, 1 s apart)', () => {
  it('a success at once makes one call and no pause', async () => {
    const run = scripted([ok('Hello?')]);
    expect(await requestWithRetries(run.attempt, { sleep: run.sleep })).toEqual({
      ok: true,
      message: 'Hello?',
      attempts: 1,
    });
    expect(run.pauses).toEqual([]);
  });

  it('an error or a missing message is retried, 1 s apart, until one succeeds', async () => {
    const run = scripted([fail('connection'), fail('empty_message'), ok('Third time lucky?')]);
    const outcome = await requestWithRetries(run.attempt, { sleep: run.sleep });
    expect(outcome).toEqual({ ok: true, message: 'Third time lucky?', attempts: 3 });
    expect(run.pauses).toEqual([1_000, 1_000]);
  });

  it('4 failed connections in all: "exhausted", with its own toast and bot text', async () => {
    const run = scripted([fail('connection')]);
    const outcome = await requestWithRetries(run.attempt, { sleep: run.sleep });
    expect(outcome).toEqual({ ok: false, kind: 'exhausted', attempts: 4, unavailable: false });
    expect(run.calls).toBe(4);
    expect(run.pauses).toEqual([1_000, 1_000, 1_000]);
    expect(CHAT_AI_FAILURE_NOTICES.exhausted).toEqual({
      toast: 'Failed to connect to the AI assistant after multiple attempts.',
      botText: "Sorry, I'm having trouble connecting right now. Could we try a different approach?",
    });
  });

  it('when the last of 4 attempts was an invalid response or an empty message, that is the failure shown', async () => {
    const invalid = scripted([fail('connection'), fail('invalid_response')]);
    expect(await requestWithRetries(invalid.attempt, { sleep: invalid.sleep })).toMatchObject({
      ok: false,
      kind: 'invalid_response',
      attempts: 4,
    });
    const empty = scripted([fail('empty_message')]);
    expect(await requestWithRetries(empty.attempt, { sleep: empty.sleep })).toMatchObject({
      kind: 'empty_message',
      attempts: 4,
    });
  });

  it('a failure retrying cannot help (rate limited, no AI) stops at once', async () => {
    const run = scripted([{ ok: false, kind: 'connection', retryable: false, unavailable: true }]);
    expect(await requestWithRetries(run.attempt, { sleep: run.sleep })).toEqual({
      ok: false,
      kind: 'connection',
      attempts: 1,
      unavailable: true,
    });
    expect(run.pauses).toEqual([]);
  });

  it('an exception in the attempt is an unexpected error, not retried', async () => {
    let calls = 0;
    const outcome = await requestWithRetries(
      () => {
        calls += 1;
        return Promise.reject(new Error('bug'));
      },
      { sleep: () => Promise.resolve() },
    );
    expect(outcome).toMatchObject({ ok: false, kind: 'unexpected', attempts: 1 });
    expect(calls).toBe(1);
  });
});

describe('reading the endpoint answer', () => {
  it.each([
    ['a message', json(200, { message: 'Hi?', usage: null }), { ok: true, message: 'Hi?' }],
    ['an empty message', json(200, { message: '  ', usage: null }), fail('empty_message')],
    ['no message field', json(200, { usage: null }), fail('invalid_response')],
    ['a body that is not JSON', new Response('<html>', { status: 200 }), fail('invalid_response')],
    [
      '503 ai_unavailable',
      json(503, { error: { code: 'ai_unavailable', message: '' } }),
      { ...fail('connection', false), unavailable: true },
    ],
    [
      '429 rate_limited (a budget used up: scripted for the rest of the visit, one toast)',
      json(429, { error: { code: 'rate_limited', message: '' } }),
      { ...fail('connection', false), unavailable: true },
    ],
    ['502 ai_provider_error', json(502, { error: { code: 'ai_provider_error', message: '' } }), fail('connection')],
    ['504 ai_timeout', json(504, { error: { code: 'ai_timeout', message: '' } }), fail('connection')],
    [
      '502 ai_invalid_response',
      json(502, { error: { code: 'ai_invalid_response', message: '' } }),
      fail('invalid_response'),
    ],
    ['502 ai_empty_message', json(502, { error: { code: 'ai_empty_message', message: '' } }), fail('empty_message')],
    [
      '422 from a bad request of ours',
      json(422, { error: { code: 'validation_failed', message: '' } }),
      { ok: false, kind: 'unexpected', retryable: false },
    ],
  ])('%s', async (_name, response, expected) => {
    expect(await readChatAiResponse(response)).toEqual(expected);
  });

  const payload = {
    sessionId: 'local'.repeat(5),
    userRole: 'family' as const,
    messages: [],
    fieldContext: { questionId: 'first_name' },
  };

  it('a network failure is a connection failure; ?debug=true logs the whole payload, with the server’s id', async () => {
    const logged: unknown[] = [];
    const sent: string[] = [];
    const result = await callChatAi(payload, {
      fetch: (_url, init) => {
        sent.push(String(init?.body));
        return Promise.reject(new TypeError('Failed to fetch'));
      },
      debugLog: (label, body) => logged.push([label, body]),
      sessionIdFor: (localId) => Promise.resolve(localId === payload.sessionId ? 'S'.repeat(22) : null),
    });
    expect(result).toEqual(fail('connection'));
    expect(logged).toEqual([['chat-gpt request', { ...payload, sessionId: 'S'.repeat(22) }]]);
    expect(JSON.parse(sent[0]!)).toMatchObject({ sessionId: 'S'.repeat(22) });
  });

  it('a chat without a server-issued id yet does not call the AI (scripted wording, no retries)', async () => {
    let calls = 0;
    const result = await callChatAi(payload, {
      fetch: () => {
        calls += 1;
        return Promise.resolve(json(200, { message: 'Hi?' }));
      },
      sessionIdFor: () => Promise.resolve(null),
    });
    expect(result).toEqual(fail('connection', false));
    expect(calls).toBe(0);
  });
});

describe('hybrid fallback', () => {
  const hybrid: Pick<ChatConfig, 'mode' | 'fallbackThreshold'> = { mode: 'hybrid', fallbackThreshold: 3 };

  function run(results: boolean[], config = hybrid) {
    let state: ChatAiFallbackState = INITIAL_AI_FALLBACK;
    const announcements: number[] = [];
    results.forEach((succeeded, i) => {
      const recorded = recordAiOutcome(state, succeeded, config);
      state = recorded.state;
      if (recorded.announce) announcements.push(i);
    });
    return { state, announcements };
  }

  it('falls back after fallbackThreshold consecutive failures and says so once', () => {
    const { state, announcements } = run([true, false, false, false, false, false]);
    expect(state.fallenBack).toBe(true);
    expect(announcements).toEqual([3]);
    expect(shouldUseAi({ mode: 'hybrid' }, 'available', state)).toBe(false);
  });

  it('a success in between starts the count again', () => {
    const { state, announcements } = run([false, false, true, false, false]);
    expect(state).toEqual({ consecutiveFailures: 2, fallenBack: false });
    expect(announcements).toEqual([]);
    expect(shouldUseAi({ mode: 'hybrid' }, 'available', state)).toBe(true);
  });

  it('the threshold is the setting: 1 falls back at the first failure', () => {
    expect(run([false], { mode: 'hybrid', fallbackThreshold: 1 }).announcements).toEqual([0]);
  });

  it('AI Only never falls back; Scripted Only and a server without AI never ask', () => {
    const aiOnly = run([false, false, false, false, false], { mode: 'ai', fallbackThreshold: 3 });
    expect(aiOnly.state.fallenBack).toBe(false);
    expect(aiOnly.announcements).toEqual([]);
    expect(shouldUseAi({ mode: 'ai' }, 'available', aiOnly.state)).toBe(true);
    expect(shouldUseAi({ mode: 'scripted' }, 'available', INITIAL_AI_FALLBACK)).toBe(false);
    expect(shouldUseAi({ mode: 'hybrid' }, 'unavailable', INITIAL_AI_FALLBACK)).toBe(false);
    expect(shouldUseAi({ mode: 'hybrid' }, 'unknown', INITIAL_AI_FALLBACK)).toBe(true);
  });
});

describe('the request for a question', () => {
  function familyAt(): ChatState {
    const deps = createTestDeps();
    let state = createChatState({ sessionId: 'S'.repeat(22), now: deps.now() });
    state = applyChatEvent(REGISTRATION_FLOWS, state, { type: 'start' }, deps).state;
    state = applyChatEvent(REGISTRATION_FLOWS, state, { type: 'option_selected', optionId: 'family' }, deps).state;
    state = applyChatEvent(REGISTRATION_FLOWS, state, { type: 'text_submitted', text: 'Keisha' }, deps).state;
    return state;
  }

  it('names the question, its lead-in and the answers so far, with the settings', () => {
    const state = familyAt();
    const question = state.messages.at(-1);
    const config: ChatConfig = { ...DEFAULT_CHAT_CONFIG, temperature: 0.4, useAIPrompts: false };
    const request = buildChatAiRequest(REGISTRATION_FLOWS, state, question!, config);
    expect(request).toMatchObject({
      sessionId: state.sessionId,
      userRole: 'family',
      temperature: 0.4,
      fieldContext: {
        questionId: 'last_name',
        answers: { first_name: 'Keisha' },
        rephraseQuestion: false,
        optionsVisible: true,
      },
    });
    expect(question?.content).toBe(`${request?.fieldContext.leadIn} And your last name?`);
    expect(request?.messages.at(-1)).toEqual({ role: 'user', content: 'Keisha' });
    expect(request?.messages.some((m) => m.content.includes('last name'))).toBe(false);
  });

  it('keeps the visitor’s own words within the server’s caps: each answer cut, the newest kept', () => {
    const deps = createTestDeps();
    let state = createChatState({ sessionId: 'S'.repeat(22), now: deps.now() });
    state = applyChatEvent(REGISTRATION_FLOWS, state, { type: 'start' }, deps).state;
    state = applyChatEvent(REGISTRATION_FLOWS, state, { type: 'option_selected', optionId: 'family' }, deps).state;
    const long = (c: string) => c.repeat(MAX_CHAT_AI_USER_MESSAGE_CHARS + 50);
    state = applyChatEvent(REGISTRATION_FLOWS, state, { type: 'text_submitted', text: long('a') }, deps).state;
    state = applyChatEvent(REGISTRATION_FLOWS, state, { type: 'text_submitted', text: long('b') }, deps).state;
    // Three long answers before the question: 3 × 300 would pass the 600 in all.
    const messages = [
      ...state.messages.slice(0, -1),
      { ...state.messages.at(-2)!, id: 'extra-answer', content: long('c') },
      state.messages.at(-1)!,
    ];
    state = { ...state, messages };
    const request = buildChatAiRequest(REGISTRATION_FLOWS, state, state.messages.at(-1)!, DEFAULT_CHAT_CONFIG);
    const user = request?.messages.filter((m) => m.role === 'user') ?? [];
    expect(user.every((m) => m.content.length <= MAX_CHAT_AI_USER_MESSAGE_CHARS)).toBe(true);
    expect(user.reduce((sum, m) => sum + m.content.length, 0)).toBeLessThanOrEqual(MAX_CHAT_AI_USER_TOTAL_CHARS);
    expect(user.map((m) => m.content[0])).toEqual(['b', 'c']);
  });
});
