import { describe, expect, it } from 'vitest';
import { type ChatState, createChatState } from './chat-state';
import {
  applyChatEvent,
  getChatProgress,
  getChatProgressBar,
  getNextQuestion,
  isChatInputEnabled,
  isDuplicateBotMessage,
} from './engine';
import { REGISTRATION_FLOWS } from './flows';
import { CHAT_TEXT, COMPLETION_MESSAGES, WELCOME_MESSAGES } from './phrases';
import { botMessages, ChatDriver, createTestDeps, familyAt } from './test-helpers';

/** The registration chat's engine, continued (engine.test.ts): progress, resuming, errors, AI mode and the duplicate guard. */
describe('progress', () => {
  it('is saved only once a role is chosen, with the position encoded as section * 10 + question', () => {
    const chat = new ChatDriver();
    chat.send({ type: 'start' });
    expect(getChatProgress(REGISTRATION_FLOWS, chat.state)).toBeNull();
    const later = familyAt('relationship_to_recipient');
    expect(getChatProgress(REGISTRATION_FLOWS, later.state)).toMatchObject({
      role: 'family',
      sectionIndex: 1,
      questionIndex: 11,
      status: 'in_progress',
      sessionId: 'session-1',
      currentQuestion: 'relationship_to_recipient',
      stage: 'questions',
      formData: { first_name: 'Keisha', care_recipient_name: 'Keisha' },
    });
  });

  it('the progress bar shows "Section n of total", the title and a growing percentage', () => {
    const chat = new ChatDriver();
    chat.send({ type: 'start' });
    expect(getChatProgressBar(REGISTRATION_FLOWS, chat.state)).toBeNull();
    chat.click('family');
    expect(getChatProgressBar(REGISTRATION_FLOWS, chat.state)).toEqual({
      sectionNumber: 1,
      sectionCount: 4,
      sectionTitle: 'Personal Information',
      label: 'Section 1 of 4',
      percent: 0,
    });
    const later = familyAt('care_conditions');
    const bar = getChatProgressBar(REGISTRATION_FLOWS, later.state);
    expect(bar).toMatchObject({ label: 'Section 3 of 4', sectionTitle: 'Special Needs' });
    expect(bar?.percent).toBe(50); // 9 of 18 questions done
    later.answerAll('family');
    expect(getChatProgressBar(REGISTRATION_FLOWS, later.state)).toBeNull();
  });
});

describe('resume, restart and reset', () => {
  /** A family chat saved mid-way whose messages were not kept. */
  function savedMidway(): ChatDriver {
    const chat = familyAt('care_type');
    return new ChatDriver(createTestDeps(9), { ...chat.state, messages: [] });
  }

  it('saved progress without messages asks "Welcome back!" with Yes, continue / No, start over', () => {
    const chat = savedMidway();
    const { messages } = chat.send({ type: 'start' });
    expect(messages.map((m) => m.content)).toEqual(['Welcome back! Would you like to continue where you left off?']);
    expect(messages[0]?.options).toEqual([
      { id: 'resume', label: 'Yes, continue' },
      { id: 'restart', label: 'No, start over' },
    ]);
    expect(chat.state.isResuming).toBe(true);
    expect(isChatInputEnabled(chat.state)).toBe(true);
  });

  it('"Yes, continue" picks up at the same question with the answers kept', () => {
    const chat = savedMidway();
    chat.send({ type: 'start' });
    const { messages } = chat.click('resume');
    expect(messages[0]).toMatchObject({ isUser: true, content: 'Yes, continue' });
    // care_type is the first health question: the privacy note comes first if it was never said.
    expect(messages.slice(1).map((m) => m.questionId ?? m.content)).toEqual([CHAT_TEXT.privacyNote, 'care_type']);
    expect(chat.state.isResuming).toBe(false);
    expect(chat.state.answers['first_name']?.response).toBe('Keisha');
  });

  it('typing "yes" at the resume prompt also continues', () => {
    const chat = savedMidway();
    chat.send({ type: 'start' });
    chat.type('yes please');
    expect(chat.question?.id).toBe('care_type');
  });

  it('"No, start over" goes back to the welcome with nothing kept but the session', () => {
    const chat = savedMidway();
    chat.send({ type: 'start' });
    const before = chat.state.lastActive;
    const { messages } = chat.click('restart');
    // A new run of the same session, so the server takes the emptier snapshot (chat-sync schema).
    expect(chat.state.restartedAt).toBeGreaterThan(before);
    expect(messages).toHaveLength(1);
    expect(WELCOME_MESSAGES).toContain(messages[0]?.content);
    expect(chat.state).toMatchObject({
      stage: 'intro',
      role: null,
      answers: {},
      sessionId: 'session-1',
      isResuming: false,
      completed: false,
    });
    expect(chat.state.messages).toHaveLength(1);
  });

  it('reset clears the input, the error, the field type, completion and resume flags', () => {
    const chat = new ChatDriver();
    chat.answerAll('family');
    chat.send({ type: 'input_changed', value: 'typing…' });
    const dirty: ChatState = { ...chat.state, validationError: 'x', fieldType: 'email', isResuming: true };
    const after = new ChatDriver(createTestDeps(), dirty);
    after.send({ type: 'reset' });
    expect(after.state).toMatchObject({
      stage: 'intro',
      input: '',
      validationError: null,
      fieldType: null,
      completed: false,
      isResuming: false,
      sessionId: 'session-1',
    });
  });

  it('reset can renew the session id', () => {
    const chat = new ChatDriver();
    chat.send({ type: 'start' });
    chat.send({ type: 'reset', renewSession: true });
    expect(chat.state.sessionId).not.toBe('session-1');
    // A new session is a first run: nothing to order against on the server.
    expect(chat.state.restartedAt).toBeNull();
  });

  it('a completed chat reopens on its completion stage', () => {
    const chat = new ChatDriver();
    chat.answerAll('family');
    const reopened = new ChatDriver(createTestDeps(), { ...chat.state, stage: 'questions', messages: [] });
    const { messages } = reopened.send({ type: 'start' });
    expect(reopened.state.stage).toBe('completion');
    expect(COMPLETION_MESSAGES).toContain(messages[0]?.content);
  });
});

describe('errors', () => {
  it('a position beyond the flow says it is not sure what to ask next', () => {
    const base = createChatState({ sessionId: 's', now: 0 });
    const chat = new ChatDriver(createTestDeps(), {
      ...base,
      role: 'family',
      stage: 'questions',
      sectionIndex: 0,
      questionIndex: 9,
    });
    chat.send({ type: 'start' });
    expect(getNextQuestion(REGISTRATION_FLOWS, chat.state).kind).toBe('out_of_range');
    const { messages } = chat.click('resume');
    expect(messages.at(-1)?.content).toBe("I'm not sure what to ask next. Let's try something else.");
    expect(messages.at(-1)?.options).toEqual([
      { id: 'restart', label: 'Start over' },
      { id: 'form', label: 'Fill out registration form' },
    ]);
  });

  it('a failed question generation apologises and offers Try again or the form', () => {
    const chat = familyAt('last_name');
    const { messages } = chat.send({ type: 'generation_failed' });
    expect(messages[0]?.content).toBe("I'm sorry, I encountered an error. Would you like to try again?");
    expect(messages[0]?.options).toEqual([
      { id: 'retry', label: 'Try again' },
      { id: 'form', label: 'Go to registration form' },
    ]);
    const retried = chat.click('retry').messages;
    expect(retried.at(-1)).toMatchObject({ questionId: 'last_name', content: 'And your last name?' });
  });

  it('the same error twice in a row is shown once', () => {
    const chat = familyAt('last_name');
    chat.send({ type: 'generation_failed' });
    expect(chat.send({ type: 'generation_failed' }).messages).toEqual([]);
  });

  it('the form option asks the UI to open the registration form', () => {
    const chat = familyAt('last_name');
    const result = chat.click('form');
    expect(result.effect).toEqual({ type: 'open_registration_form' });
    expect(result.messages).toEqual([]);
  });

  it('the hand-over to the form is recorded once per run and cleared by starting over', () => {
    const chat = familyAt('last_name');
    expect(chat.state.handedOverAt).toBeNull();
    chat.click('form');
    const first = chat.state.handedOverAt;
    expect(first).toEqual(expect.any(Number));
    // A newer state, so the server does not take the hand-over's snapshot for a stale one.
    expect(chat.state.lastActive).toBeGreaterThanOrEqual(first ?? Infinity);

    chat.click('form');
    expect(chat.state.handedOverAt).toBe(first);

    chat.click('restart');
    expect(chat.state.handedOverAt).toBeNull();
    chat.click('form');
    expect(chat.state.handedOverAt).toBeGreaterThan(first ?? Infinity);
    chat.send({ type: 'reset', renewSession: true });
    expect(chat.state.handedOverAt).toBeNull();
  });

  it('a completed chat records its hand-over from the completion message', () => {
    const chat = new ChatDriver();
    chat.answerAll('family');
    const result = chat.click('form');
    expect(result.effect).toEqual({ type: 'open_registration_form' });
    expect(chat.state).toMatchObject({ completed: true, handedOverAt: expect.any(Number) });
  });
});

describe('AI rephrasing', () => {
  it('keeps the question id and options while showing the rephrased text', () => {
    const chat = familyAt('relationship_to_recipient');
    const step = getNextQuestion(REGISTRATION_FLOWS, chat.state);
    expect(step).toMatchObject({ kind: 'question', question: { id: 'relationship_to_recipient', type: 'select' } });
    const asked = botMessages(chat.state).at(-1);
    chat.send({ type: 'message_formatted', messageId: asked?.id ?? '', formattedContent: 'Who are they to you?' });
    const shown = chat.state.messages.find((m) => m.id === asked?.id);
    expect(shown).toMatchObject({
      formattedContent: 'Who are they to you?',
      isFormatted: true,
      questionId: 'relationship_to_recipient',
    });
    chat.click('spouse');
    expect(chat.state.answers['relationship_to_recipient']?.response).toBe('spouse');
  });
});

describe('duplicate guard', () => {
  it('suppresses a message identical to the previous one', () => {
    expect(isDuplicateBotMessage('Please tell me your name.', 'Please tell me your name.')).toBe(true);
  });

  it('suppresses a message sharing more than 80% of its words', () => {
    expect(
      isDuplicateBotMessage(
        'Could you tell me a little more about the care your mother needs',
        'Could you tell me a little more about the care your father needs',
      ),
    ).toBe(true);
    expect(isDuplicateBotMessage('What is your first name?', 'What is your last name?')).toBe(false);
  });

  it('compares messages under 10 characters only for exact equality', () => {
    expect(isDuplicateBotMessage('Got it!', 'Got it.')).toBe(false);
    expect(isDuplicateBotMessage('Thanks', 'Thanks')).toBe(true);
  });

  it('never suppresses transition, welcome or start phrases', () => {
    const welcome = WELCOME_MESSAGES[0];
    expect(isDuplicateBotMessage(welcome, welcome)).toBe(false);
    const transition = "Now let's move on to Special Needs. Do they live with any of these conditions?";
    expect(isDuplicateBotMessage(transition, transition)).toBe(false);
    expect(isDuplicateBotMessage("Let's get started. What's your name?", "Let's get started. What's your name?")).toBe(
      false,
    );
    expect(isDuplicateBotMessage(null, 'Anything')).toBe(false);
  });
});

describe('note_added (AI mode remarks)', () => {
  it('puts a bot note just before the given message, or at the end', () => {
    const deps = createTestDeps();
    let state = applyChatEvent(
      REGISTRATION_FLOWS,
      createChatState({ sessionId: 's1', now: deps.now() }),
      { type: 'start' },
      deps,
    ).state;
    state = applyChatEvent(REGISTRATION_FLOWS, state, { type: 'option_selected', optionId: 'family' }, deps).state;
    const question = state.messages.at(-1);
    expect(question?.questionId).toBe('first_name');
    const before = applyChatEvent(
      REGISTRATION_FLOWS,
      state,
      { type: 'note_added', content: 'I received an invalid response.', beforeMessageId: question?.id },
      deps,
    );
    expect(before.messages).toHaveLength(1);
    expect(before.state.messages.at(-2)?.content).toBe('I received an invalid response.');
    expect(before.state.messages.at(-1)).toBe(question);
    expect(before.state.messages.at(-2)?.timestamp).toBeLessThan(question?.timestamp ?? 0);
    const atEnd = applyChatEvent(REGISTRATION_FLOWS, state, { type: 'note_added', content: 'Noted.' }, deps);
    expect(atEnd.state.messages.at(-1)).toMatchObject({ content: 'Noted.', isUser: false });
  });
});
