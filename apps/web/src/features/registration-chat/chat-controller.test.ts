import { DEFAULT_CHAT_CONFIG, type ChatConfig } from '@tavara/shared/registration-chat/chat-config';
import { CHAT_OPTION_IDS } from '@tavara/shared/registration-chat/engine';
import { CHAT_TEXT } from '@tavara/shared/registration-chat/phrases';
import { describe, expect, it, vi } from 'vitest';
import { CHAT_AI_FAILURE_NOTICES, CHAT_AI_FALLBACK_NOTICE } from './chat-ai';
import { CHAT_KEYS } from './chat-storage';
import { MemoryStorage, settle, json, aiServer, createUi, setup, saved } from './chat-controller.harness';

describe('start', () => {
  it('a first visit shows the welcome with the three roles and saves the new session', () => {
    const t = setup();
    const [welcome] = t.chat.getSnapshot().messages;
    expect(welcome?.content).toMatch(/^Welcome!/);
    expect(welcome?.options?.map((o) => o.id)).toEqual(['family', 'professional', 'community']);
    expect(t.state.stage).toBe('intro');
    expect(saved(t.storage, CHAT_KEYS.sessionId)).toBe(t.state.sessionId);
    expect(JSON.parse(saved(t.storage, CHAT_KEYS.session) ?? '{}')).toMatchObject({ sessionId: t.state.sessionId });
    // No role yet: no progress (spec §4), and the default settings are stored.
    expect(saved(t.storage, CHAT_KEYS.progress(t.state.sessionId))).toBeNull();
    expect(JSON.parse(saved(t.storage, CHAT_KEYS.config) ?? '{}')).toEqual(DEFAULT_CHAT_CONFIG);
  });

  it('choosing a role asks its first question and saves progress', () => {
    const t = setup();
    t.chat.selectOption('family');
    expect(t.shown.slice(-2)).toEqual(["I'm a family member.", "Let's get started. What's your first name?"]);
    expect(t.question).toBe('first_name');
    expect(t.chat.getSnapshot().isInputEnabled).toBe(true);
    expect(JSON.parse(saved(t.storage, CHAT_KEYS.progress(t.state.sessionId)) ?? '{}')).toMatchObject({
      role: 'family',
      status: 'in_progress',
    });
  });

  it('a role bubble pressed before the chat opened starts on that role, and is used once', () => {
    const ui = createUi('community');
    const t = setup({ ui });
    expect(t.state.role).toBe('community');
    expect(t.state.stage).toBe('questions');
    expect(ui.log).toContain('consumed');
    expect(ui.getState().initialRole).toBeNull();
  });

  it('a role bubble pressed later switches a chat still at its welcome, but not one under way', () => {
    const t = setup();
    t.ui.pressRoleBubble('professional');
    expect(t.state.role).toBe('professional');
    t.answerUntil('years_experience');
    const answers = t.state.answers;
    t.ui.pressRoleBubble('family');
    expect(t.state.role).toBe('professional');
    expect(t.state.answers).toBe(answers);
  });
});

describe('resume from storage', () => {
  it('a reload restores the transcript and the place, without typing it again', () => {
    const first = setup({ typingDelayMs: 450 });
    first.clock.advance(450);
    first.chat.selectOption('family');
    first.clock.advance(450);
    first.answerUntil('phone_number');
    const shown = first.shown;
    first.chat.dispose();

    const again = setup({ storage: first.storage, typingDelayMs: 450 });
    expect(again.state.sessionId).toBe(first.state.sessionId);
    expect(again.shown).toEqual(shown);
    expect(again.question).toBe('phone_number');
    expect(again.chat.getSnapshot().isTyping).toBe(false);
    expect(again.state.answers['first_name']?.response).toBe('Keisha');
  });

  it('saved progress without its messages asks "Welcome back!" at once, and Resume goes on', () => {
    const first = setup();
    first.chat.selectOption('family');
    first.answerUntil('email');
    const { sessionId } = first.state;
    first.chat.dispose();
    first.storage.removeItem(`tavara_chat_${CHAT_KEYS.session}`);
    first.storage.removeItem(`tavara_chat_${CHAT_KEYS.messages(sessionId)}`);

    const again = setup({ storage: first.storage, typingDelayMs: 450 });
    expect(again.shown).toEqual([CHAT_TEXT.welcomeBack]);
    expect(again.chat.getSnapshot().isTyping).toBe(false);
    expect(again.chat.getSnapshot().messages[0]?.options?.map((o) => o.id)).toContain(CHAT_OPTION_IDS.resume);
    again.chat.selectOption(CHAT_OPTION_IDS.resume);
    again.clock.advance(450);
    expect(again.question).toBe('email');
    expect(again.state.answers['last_name']?.response).toBe('Keisha');
  });

  it('unreadable storage gives a fresh chat, not an error', () => {
    const storage = new MemoryStorage();
    storage.setItem('tavara_chat_session_id', 's-1');
    storage.setItem('tavara_chat_session', '{not json');
    storage.setItem('tavara_chat_messages_s-1', '[{"id":1}]');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const t = setup({ storage });
    expect(t.state.sessionId).toBe('s-1');
    expect(t.shown[0]).toMatch(/^Welcome!/);
  });
});

describe('restart', () => {
  it('"Start over" gives a new session at the welcome and forgets the old one in this browser', () => {
    const t = setup({ typingDelayMs: 450 });
    t.clock.advance(450);
    t.chat.selectOption('family');
    t.clock.advance(450);
    t.answerUntil('email');
    const old = t.state.sessionId;
    // A bot message is still being 'typed' when the visitor starts over: it is dropped.
    t.chat.changeInput('not@');
    t.chat.startOver();
    expect(t.state.sessionId).not.toBe(old);
    expect(t.state.stage).toBe('intro');
    expect(t.chat.getSnapshot().isTyping).toBe(true);
    t.clock.advance(450);
    expect(t.shown).toHaveLength(1);
    expect(t.chat.getSnapshot().messages[0]?.options?.map((o) => o.id)).toEqual([
      'family',
      'professional',
      'community',
    ]);
    expect(t.clock.pending).toBe(0);
    expect(saved(t.storage, CHAT_KEYS.messages(old))).toBeNull();
    expect(saved(t.storage, CHAT_KEYS.progress(old))).toBeNull();
    expect(saved(t.storage, CHAT_KEYS.sessionId)).toBe(t.state.sessionId);
  });
});

describe('answers', () => {
  it('a single choice stores its code and moves on', () => {
    const t = setup();
    t.chat.selectOption('family');
    t.answerUntil('relationship_to_recipient');
    expect(t.chat.getSnapshot().toggleOptionIds).toBeNull();
    t.chat.selectOption('legal_guardian');
    expect(t.state.answers['relationship_to_recipient']?.response).toBe('legal_guardian');
    expect(t.question).toBe('care_type');
  });

  it('a multi-select question ticks options on and off, then "Done selecting" stores them all', () => {
    const t = setup();
    t.chat.selectOption('family');
    t.answerUntil('care_type');
    const toggles = t.chat.getSnapshot().toggleOptionIds ?? [];
    expect(toggles.length).toBeGreaterThan(2);
    const [a = '', b = '', c = ''] = toggles;
    t.chat.selectOption(a);
    t.chat.selectOption(b);
    t.chat.selectOption(c);
    t.chat.selectOption(b);
    expect(t.state.selection).toEqual([a, c]);
    expect(t.question).toBe('care_type');
    t.chat.selectOption(CHAT_OPTION_IDS.doneSelecting);
    expect(t.state.answers['care_type']?.response).toEqual([a, c]);
    expect(t.chat.getSnapshot().toggleOptionIds).toBeNull();
  });

  it('an invalid typed answer shows the spec message and does not move on; typing shows it live', () => {
    const t = setup();
    t.chat.selectOption('family');
    t.answerUntil('phone_number');
    t.chat.changeInput('+1 868');
    expect(t.state.validationError).toBe('Please use international format with country code (+1XXXXXXXXXX)');
    const before = t.shown.length;
    t.chat.sendInput();
    expect(t.question).toBe('phone_number');
    expect(t.shown).toHaveLength(before);
    t.chat.changeInput('+1 868 555 1234');
    expect(t.state.validationError).toBeNull();
    t.chat.sendInput();
    expect(t.question).toBe('care_location');
  });

  it('typing in the box is not saved or synced on each keystroke', () => {
    const t = setup();
    t.chat.selectOption('family');
    const session = saved(t.storage, CHAT_KEYS.session);
    t.chat.changeInput('Kei');
    expect(t.state.input).toBe('Kei');
    expect(saved(t.storage, CHAT_KEYS.session)).toBe(session);
  });
});

describe('the typing delay', () => {
  it('shows each bot message after the delay, one at a time, with the input off meanwhile', () => {
    const t = setup({ typingDelayMs: 450 });
    expect(t.shown).toEqual([]);
    expect(t.chat.getSnapshot().isTyping).toBe(true);
    expect(t.chat.getSnapshot().isInputEnabled).toBe(false);
    t.clock.advance(449);
    expect(t.shown).toEqual([]);
    t.clock.advance(1);
    expect(t.shown).toHaveLength(1);
    expect(t.chat.getSnapshot().isTyping).toBe(false);

    t.chat.selectOption('family');
    // The visitor's own answer shows at once; the question is 'typed'.
    expect(t.shown.at(-1)).toBe("I'm a family member.");
    expect(t.chat.getSnapshot().isInputEnabled).toBe(false);
    t.clock.advance(450);
    expect(t.shown.at(-1)).toBe("Let's get started. What's your first name?");
    expect(t.chat.getSnapshot().isInputEnabled).toBe(true);
  });

  it('new messages arriving while one is typed do not restart its timer', () => {
    const t = setup({ typingDelayMs: 450 });
    t.clock.advance(300);
    t.chat.changeInput('x');
    t.clock.advance(150);
    expect(t.shown).toHaveLength(1);
  });

  it('a delay of 0 shows messages at once', () => {
    const t = setup({ typingDelayMs: 0 });
    expect(t.shown).toHaveLength(1);
    expect(t.clock.pending).toBe(0);
  });

  it('dispose stops the timers; connect starts them again', () => {
    const t = setup({ typingDelayMs: 450 });
    t.chat.dispose();
    t.clock.advance(1_000);
    expect(t.shown).toEqual([]);
    t.chat.connect();
    t.clock.advance(450);
    expect(t.shown).toHaveLength(1);
  });
});

describe('AI wording', () => {
  const hybrid: ChatConfig = { ...DEFAULT_CHAT_CONFIG, mode: 'hybrid' };

  it('holds the question back until the AI has worded it, then shows its wording', async () => {
    const server = aiServer(() => json(200, { message: 'And what first name shall I use for you?' }));
    const t = setup({ ai: server.env, config: hybrid, typingDelayMs: 450 });
    t.clock.advance(450);
    t.chat.selectOption('family');
    t.clock.advance(5_000);
    // Not shown yet: the AI has not answered.
    expect(t.shown.at(-1)).toBe("I'm a family member.");
    expect(t.chat.getSnapshot().isTyping).toBe(true);
    await settle();
    expect(server.calls).toEqual(['first_name']);
    t.clock.advance(450);
    const question = t.chat.getSnapshot().messages.at(-1);
    expect(question?.isFormatted).toBe(true);
    expect(question?.content).toBe("Let's get started. What's your first name?");
    expect(question?.formattedContent).toBe('And what first name shall I use for you?');
    expect(t.toasts).toEqual([]);
    // The answer is still checked and stored by question id.
    t.chat.changeInput('Keisha');
    t.chat.sendInput();
    expect(t.state.answers['first_name']?.response).toBe('Keisha');
  });

  it('a failing AI: retried 3 times 1 s apart, then the spec toast and bot text and the scripted question', async () => {
    const server = aiServer(() => json(502, { error: { code: 'ai_provider_error' } }));
    const t = setup({ ai: server.env, config: hybrid });
    t.chat.selectOption('family');
    await settle();
    t.clock.advance(0);
    expect(server.calls).toHaveLength(4);
    expect(server.pauses).toEqual([1_000, 1_000, 1_000]);
    expect(t.toasts).toEqual([CHAT_AI_FAILURE_NOTICES.exhausted.toast]);
    t.clock.advance(0);
    expect(t.shown.slice(-2)).toEqual([
      CHAT_AI_FAILURE_NOTICES.exhausted.botText,
      "Let's get started. What's your first name?",
    ]);
    expect(t.chat.getSnapshot().isTyping).toBe(false);
  });

  it('hybrid mode gives up after 3 failures in a row, says so once, and asks scripted from then on', async () => {
    const server = aiServer(() => json(200, { message: null }));
    const t = setup({ ai: server.env, config: hybrid });
    t.chat.selectOption('family');
    for (let question = 0; question < 3; question += 1) {
      await settle();
      t.clock.advance(0);
      t.clock.advance(0);
      t.chat.changeInput(question === 2 ? 'keisha@example.com' : 'Keisha');
      t.chat.sendInput();
    }
    await settle();
    t.clock.advance(0);
    t.clock.advance(0);
    const empty = CHAT_AI_FAILURE_NOTICES.empty_message.toast;
    expect(t.toasts).toEqual([empty, empty, empty]);
    expect(t.shown.filter((text) => text === CHAT_AI_FALLBACK_NOTICE)).toHaveLength(1);
    const asked = server.calls.length;
    t.chat.changeInput('+1 868 555 1234');
    t.chat.sendInput();
    await settle();
    expect(server.calls).toHaveLength(asked);
    expect(t.chat.getSnapshot().isTyping).toBe(false);
    expect(t.question).toBe('care_location');
  });

  it('over the budget (429): asked once, the connection toast, and the chat goes on scripted', async () => {
    const server = aiServer(() => json(429, { error: { code: 'rate_limited' } }));
    const t = setup({ ai: server.env, config: hybrid });
    t.chat.selectOption('family');
    await settle();
    t.clock.advance(0);
    t.clock.advance(0);
    expect(server.calls).toHaveLength(1);
    expect(t.toasts).toEqual([CHAT_AI_FAILURE_NOTICES.connection.toast]);
    expect(t.shown.at(-1)).toBe("Let's get started. What's your first name?");
  });

  it('no AI on the server after all (503): marked unavailable, so the settings say so', async () => {
    const server = aiServer(() => json(503, { error: { code: 'ai_unavailable' } }));
    const t = setup({ ai: server.env, config: hybrid });
    t.chat.selectOption('family');
    await settle();
    expect(t.unavailable).toEqual([CHAT_AI_FAILURE_NOTICES.connection.toast]);
  });

  it('offline: the AI is not asked and nothing is said; the scripted question shows', async () => {
    const server = aiServer(() => json(200, { message: 'never' }));
    server.setOnline(false);
    const t = setup({ ai: server.env, config: hybrid });
    t.chat.selectOption('family');
    await settle();
    t.clock.advance(0);
    expect(server.calls).toEqual([]);
    expect(t.toasts).toEqual([]);
    expect(t.shown.at(-1)).toBe("Let's get started. What's your first name?");
  });

  it('scripted mode never holds a question for the AI', () => {
    const server = aiServer(() => json(200, { message: 'never' }));
    const t = setup({ ai: server.env });
    t.chat.selectOption('family');
    expect(t.chat.getSnapshot().isTyping).toBe(false);
    expect(server.calls).toEqual([]);
  });

  it('an answer arriving after "Start over" is dropped', async () => {
    const server = aiServer(() => json(200, { message: 'Too late?' }));
    const t = setup({ ai: server.env, config: hybrid });
    t.chat.selectOption('family');
    t.chat.startOver();
    await settle();
    t.clock.advance(0);
    expect(t.shown).toHaveLength(1);
    expect(t.chat.getSnapshot().messages.some((m) => m.isFormatted)).toBe(false);
  });
});

/** The id `POST /api/chat/sessions` issues in these tests (issue 13: the server issues chat ids). */
