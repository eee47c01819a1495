import { describe, expect, it } from 'vitest';
import { CHAT_INPUT_MESSAGES } from '../validation/chat-input';
import { chatStateSchema, createChatState, type ChatState } from './chat-state';
import {
  applyChatEvent,
  getChatProgress,
  getChatProgressBar,
  getNextQuestion,
  isChatInputEnabled,
  isDuplicateBotMessage,
  isSpecialOptionId,
} from './engine';
import { FAMILY_FLOW, findFlowQuestion, REGISTRATION_FLOWS, type ChatFlows } from './flows';
import {
  ACKNOWLEDGEMENT_PHRASES,
  CHAT_TEXT,
  COMPLETION_MESSAGES,
  fillTransitionPhrase,
  TRANSITION_PHRASES,
  WELCOME_MESSAGES,
} from './phrases';
import { ChatDriver, createTestDeps, sampleAnswer } from './test-helpers';

const botMessages = (state: ChatState) => state.messages.filter((m) => !m.isUser);

/** A family chat driven up to the question `questionId`, answering everything before it. */
function familyAt(questionId: string): ChatDriver {
  const chat = new ChatDriver();
  chat.send({ type: 'start' });
  chat.click('family');
  for (let guard = 0; guard < 100 && chat.question?.id !== questionId; guard += 1) {
    if (chat.state.awaitingContinue) chat.click('continue');
    else if (chat.question?.options?.length) {
      const q = chat.question;
      if (q.type === 'checkbox' || q.type === 'multiselect') chat.click('done_selecting');
      else chat.click(q.options?.[0]?.id ?? '');
    } else if (chat.question) chat.type(sampleAnswer(chat.question));
  }
  if (chat.question?.id !== questionId) throw new Error(`never reached ${questionId}`);
  return chat;
}

describe('starting the chat', () => {
  it('greets with one of the ten welcome messages and the three roles, each saying what will be asked', () => {
    const chat = new ChatDriver();
    const { messages } = chat.send({ type: 'start' });
    expect(messages).toHaveLength(1);
    const [welcome] = messages;
    expect(WELCOME_MESSAGES).toContain(welcome?.content);
    expect(welcome?.isUser).toBe(false);
    expect(welcome?.options?.map((o) => o.id)).toEqual(['family', 'professional', 'community']);
    expect(welcome?.options?.every((o) => (o.subtext ?? '').length > 0)).toBe(true);
    expect(chat.state.stage).toBe('intro');
    expect(isChatInputEnabled(chat.state)).toBe(false);
  });

  it('choosing a role answers "I\'m a …." and asks the first question after "Let\'s get started."', () => {
    const chat = new ChatDriver();
    chat.send({ type: 'start' });
    const { messages } = chat.click('family');
    expect(messages.map((m) => [m.isUser, m.content])).toEqual([
      [true, "I'm a family member."],
      [false, "Let's get started. What's your first name?"],
    ]);
    expect(messages[1]?.questionId).toBe('first_name');
    expect(chat.state).toMatchObject({ stage: 'questions', role: 'family', fieldType: 'name' });
    expect(isChatInputEnabled(chat.state)).toBe(true);
  });

  it('uses the role words professionals and community members would recognise', () => {
    for (const [role, text] of [
      ['professional', "I'm a care professional."],
      ['community', "I'm a community member."],
    ] as const) {
      const chat = new ChatDriver();
      chat.send({ type: 'start' });
      expect(chat.click(role).messages[0]?.content).toBe(text);
    }
  });

  it('a role chosen before opening (landing-page bubble) skips the welcome', () => {
    const chat = new ChatDriver();
    const { messages } = chat.send({ type: 'start', initialRole: 'professional' });
    expect(messages.map((m) => m.content)).toEqual(["Let's get started. What's your first name?"]);
    expect(chat.state).toMatchObject({ stage: 'questions', role: 'professional' });
  });

  it('starting again with messages already shown adds nothing', () => {
    const chat = new ChatDriver();
    chat.send({ type: 'start' });
    expect(chat.send({ type: 'start' }).messages).toEqual([]);
  });
});

describe('answering to completion', () => {
  it('family: every question is asked and answers are stored by question id', () => {
    const chat = new ChatDriver();
    chat.answerAll('family', {
      first_name: 'Keisha',
      last_name: 'Ramdass',
      care_type: ['in_home_care', 'mobility_assistance'],
      relationship_to_recipient: 'grandparent',
      budget: 'Negotiable',
    });
    const asked = botMessages(chat.state).flatMap((m) => (m.questionId ? [m.questionId] : []));
    expect(asked).toEqual(FAMILY_FLOW.sections.flatMap((s) => s.questions.map((q) => q.id)));
    expect(chat.state.answers['first_name']?.response).toBe('Keisha');
    expect(chat.state.answers['relationship_to_recipient']?.response).toBe('grandparent');
    expect(chat.state.answers['care_type']?.response).toEqual(['in_home_care', 'mobility_assistance']);
    expect(chat.state.answers['budget']).toMatchObject({ response: 'Negotiable', role: 'family', sectionIndex: 3 });
    expect(Object.keys(chat.state.answers).some((key) => key.startsWith('section_'))).toBe(false);
    expect(chat.state).toMatchObject({ stage: 'completion', completed: true, fieldType: null });
    const last = botMessages(chat.state).at(-1);
    expect(COMPLETION_MESSAGES).toContain(last?.content);
    expect(last?.options).toEqual([{ id: 'form', label: 'Go to registration form' }]);
    expect(getChatProgress(REGISTRATION_FLOWS, chat.state)?.status).toBe('completed');
  });

  it('professional: reaches the consent question and completes with every answer by id', () => {
    const chat = new ChatDriver();
    chat.answerAll('professional', {
      professional_role: 'licensed_nurse',
      availability: ['weekday_6pm_8am'],
      consent: 'yes',
    });
    const consent = botMessages(chat.state).find((m) => m.questionId === 'consent');
    expect(consent?.content).toContain('Do you agree to the Terms of Service and Privacy Policy?');
    expect(consent?.options?.map((o) => o.label)).toEqual(['Yes', 'No']);
    expect(chat.state.answers['consent']?.response).toBe('yes');
    expect(chat.state.answers['availability']?.response).toEqual(['weekday_6pm_8am']);
    expect(chat.state.answers['professional_role']?.response).toBe('licensed_nurse');
    expect(chat.state.completed).toBe(true);
  });

  it('community: walks all seven sections with six section hand-offs', () => {
    const chat = new ChatDriver();
    chat.answerAll('community', { full_name: 'Keisha Ramdass', directory_visibility: 'no' });
    const handOffs = botMessages(chat.state).filter((m) => m.content.startsWith("Great! You've completed the"));
    expect(handOffs).toHaveLength(6);
    expect(chat.state.answers['directory_visibility']?.response).toBe('no');
    expect(chat.state.completed).toBe(true);
  });

  it('the whole state stays plain JSON and passes its schema', () => {
    const chat = new ChatDriver();
    chat.answerAll('family');
    const roundTripped = JSON.parse(JSON.stringify(chat.state)) as unknown;
    expect(roundTripped).toEqual(chat.state);
    expect(chatStateSchema.parse(roundTripped)).toEqual(chat.state);
  });

  it('never changes the state it is given', () => {
    const chat = new ChatDriver();
    chat.send({ type: 'start' });
    const before = JSON.stringify(chat.state);
    const frozen = chat.state;
    applyChatEvent(REGISTRATION_FLOWS, frozen, { type: 'option_selected', optionId: 'family' }, createTestDeps());
    expect(JSON.stringify(frozen)).toBe(before);
  });

  it('replays identically with the same seed', () => {
    const a = new ChatDriver(createTestDeps(7));
    const b = new ChatDriver(createTestDeps(7));
    a.answerAll('community');
    b.answerAll('community');
    expect(a.state).toEqual(b.state);
  });
});

describe('typed answers', () => {
  it('family: a wrong phone number shows the international-format hint and does not move on', () => {
    const chat = familyAt('phone_number');
    const { messages } = chat.type('+1 868');
    expect(messages).toEqual([]);
    expect(chat.state.validationError).toBe('Please use international format with country code (+1XXXXXXXXXX)');
    expect(chat.question?.id).toBe('phone_number');
    chat.type('+1 868 555 1234');
    expect(chat.state.validationError).toBeNull();
    expect(chat.question?.id).toBe('care_location');
  });

  it('an empty answer says the field cannot be empty', () => {
    const chat = familyAt('first_name');
    chat.type('   ');
    expect(chat.state.validationError).toBe(CHAT_INPUT_MESSAGES.empty);
    expect(chat.question?.id).toBe('first_name');
  });

  it('a name with digits is refused with the letters-only message', () => {
    const chat = familyAt('first_name');
    chat.type('K3isha');
    expect(chat.state.validationError).toBe(CHAT_INPUT_MESSAGES.nameCharacters);
  });

  it('typing shows live validation for the current field type after two characters', () => {
    const chat = familyAt('email');
    chat.send({ type: 'input_changed', value: 'k' });
    expect(chat.state.validationError).toBeNull();
    chat.send({ type: 'input_changed', value: 'ke' });
    expect(chat.state.validationError).toBe(CHAT_INPUT_MESSAGES.email);
    chat.send({ type: 'input_changed', value: '' });
    expect(chat.state.validationError).toBeNull();
    expect(chat.state.input).toBe('');
  });

  it('typing an option label answers a choice question with its code', () => {
    const chat = familyAt('relationship_to_recipient');
    chat.type('legal guardian');
    expect(chat.state.answers['relationship_to_recipient']?.response).toBe('legal_guardian');
  });

  it('typing something that is not an option asks to choose one', () => {
    const chat = familyAt('relationship_to_recipient');
    chat.type('neighbour');
    expect(chat.state.validationError).toBe('Please choose one of the options below.');
    expect(chat.question?.id).toBe('relationship_to_recipient');
  });

  it('an optional question can be skipped and stores nothing', () => {
    const chat = familyAt('email');
    const options = botMessages(chat.state).at(-1)?.options ?? [];
    expect(options.at(-1)).toEqual({ id: 'skip', label: 'Skip' });
    chat.click('skip');
    expect(chat.state.answers['email']).toBeUndefined();
    expect(chat.question?.id).toBe('phone_number');
  });

  it('a required question offers no Skip', () => {
    const chat = familyAt('first_name');
    expect(botMessages(chat.state).at(-1)?.options).toBeUndefined();
    chat.click('skip');
    expect(chat.question?.id).toBe('first_name');
  });
});

describe('multi-select questions', () => {
  it('options toggle and "Done selecting" counts the selection', () => {
    const chat = familyAt('care_type');
    const doneSubtext = () =>
      botMessages(chat.state)
        .at(-1)
        ?.options?.find((o) => o.id === 'done_selecting')?.subtext;
    expect(doneSubtext()).toBe('Select options below');
    chat.click('household_assistance');
    expect(doneSubtext()).toBe('1 option selected');
    chat.click('in_home_care');
    expect(doneSubtext()).toBe('2 options selected');
    expect(chat.state.selection).toEqual(['household_assistance', 'in_home_care']);
    chat.click('household_assistance');
    expect(doneSubtext()).toBe('1 option selected');
    chat.click('household_assistance');
    const { messages } = chat.click('done_selecting');
    expect(messages[0]).toMatchObject({ isUser: true, content: 'In-Home Care; Household Assistance' });
    // Stored as codes, in the list's order.
    expect(chat.state.answers['care_type']?.response).toEqual(['in_home_care', 'household_assistance']);
    expect(chat.state.selection).toEqual([]);
  });

  it('toggling adds no chat bubbles', () => {
    const chat = familyAt('care_type');
    const count = chat.state.messages.length;
    expect(chat.click('medical_support').messages).toEqual([]);
    expect(chat.state.messages).toHaveLength(count);
  });

  it('special options such as continue, restart or yes never become selections', () => {
    expect(['continue', 'take_break', 'restart', 'retry', 'form', 'yes', 'no'].every(isSpecialOptionId)).toBe(true);
    expect(isSpecialOptionId('in_home_care')).toBe(false);
    const chat = familyAt('care_type');
    chat.click('continue');
    chat.click('yes');
    expect(chat.state.selection).toEqual([]);
    expect(chat.question?.id).toBe('care_type');
  });

  it('done with nothing ticked records that none apply', () => {
    const chat = familyAt('care_conditions');
    chat.click('done_selecting');
    expect(chat.state.answers['care_conditions']?.response).toEqual([]);
  });

  it('several options can be typed, separated by commas', () => {
    const chat = familyAt('care_type');
    chat.type('Mobility Assistance, household assistance');
    expect(chat.state.answers['care_type']?.response).toEqual(['mobility_assistance', 'household_assistance']);
  });

  it('typed shift labels that contain commas are still recognised', () => {
    const chat = familyAt('care_schedule');
    chat.type('Monday – Friday, 8 AM – 4 PM; saturday – sunday, 8 am – 6 pm, Live-In Care');
    expect(chat.state.answers['care_schedule']?.response).toEqual(['weekday_8am_4pm', 'weekend_8am_6pm', 'live_in']);
  });

  it('a typed list with an unknown option is refused as a whole', () => {
    const chat = familyAt('care_type');
    chat.type('In-Home Care, gardening');
    expect(chat.state.validationError).toBe('Please choose one of the options below.');
    expect(chat.state.answers['care_type']).toBeUndefined();
  });

  it('a required multi-select refuses "Done selecting" with nothing ticked', () => {
    const flows: ChatFlows = {
      ...REGISTRATION_FLOWS,
      family: {
        role: 'family',
        sections: [
          {
            id: 'only',
            title: 'Only',
            questions: [
              {
                id: 'care_type',
                label: 'Which care? (Please select all that apply)',
                formLabel: 'Care needed',
                type: 'checkbox',
                required: true,
                options: [{ id: 'in_home_care', label: 'In-Home Care' }],
              },
            ],
          },
        ],
      },
    };
    const deps = createTestDeps();
    let state = createChatState({ sessionId: 's', now: 0, initialRole: 'family' });
    state = applyChatEvent(flows, state, { type: 'start' }, deps).state;
    state = applyChatEvent(flows, state, { type: 'option_selected', optionId: 'done_selecting' }, deps).state;
    expect(state.validationError).toBe('Please select at least one option.');
    expect(state.answers).toEqual({});
    state = applyChatEvent(flows, state, { type: 'option_selected', optionId: 'in_home_care' }, deps).state;
    expect(state.validationError).toBeNull();
    state = applyChatEvent(flows, state, { type: 'option_selected', optionId: 'done_selecting' }, deps).state;
    expect(state.answers['care_type']?.response).toEqual(['in_home_care']);
    expect(state.completed).toBe(true);
  });
});

describe('sections', () => {
  it('finishing a section says so and asks the next section’s first question in the same message, with Take a break', () => {
    const chat = familyAt('care_location');
    const { messages } = chat.type('Arima');
    const bot = messages.filter((m) => !m.isUser);
    expect(bot).toHaveLength(1);
    expect(bot[0]?.content).toBe(
      "Great! You've completed the Personal Information section. Now let's move on to Care Recipient Details. What's the name of the person who will be receiving care?",
    );
    expect(bot[0]?.questionId).toBe('care_recipient_name');
    expect(bot[0]?.options?.map((o) => [o.id, o.label])).toEqual([['take_break', 'Take a break']]);
    expect(chat.state.awaitingContinue).toBe(false);
    expect(getChatProgress(REGISTRATION_FLOWS, chat.state)?.currentQuestion).toBe('care_recipient_name');
    // Answering goes straight on: no Continue in between.
    chat.type('Joyce Ramdass');
    expect(chat.question?.id).toBe('relationship_to_recipient');
  });

  it('says the privacy note once, just before the first health question', () => {
    // care_type's options name conditions (dementia, Parkinson's): the note comes before it.
    const chat = familyAt('relationship_to_recipient');
    const { messages } = chat.click('parent');
    const bot = messages.filter((m) => !m.isUser);
    expect(bot.map((m) => m.content)).toEqual([CHAT_TEXT.privacyNote, expect.stringContaining('What kind of care')]);
    expect(chat.question?.id).toBe('care_type');
    expect(bot[0]?.questionId).toBeUndefined();
    chat.click('take_break');
    chat.click('continue');
    expect(chat.state.messages.filter((m) => m.content === CHAT_TEXT.privacyNote)).toHaveLength(1);
  });

  it('taking a break keeps the place and offers Continue, which asks the question again', () => {
    const chat = familyAt('care_location');
    chat.type('Arima');
    const { messages } = chat.click('take_break');
    expect(messages.map((m) => m.content)[0]).toBe('Take a break');
    expect(messages.at(-1)?.options?.map((o) => o.id)).toEqual(['continue']);
    expect(getChatProgress(REGISTRATION_FLOWS, chat.state)?.currentQuestion).toBeNull();
    const next = chat.click('continue').messages;
    expect(next[0]).toMatchObject({ isUser: true, content: 'Continue' });
    const transitions = TRANSITION_PHRASES.map((t) => fillTransitionPhrase(t, 'Care Recipient Details'));
    expect(transitions.some((t) => (next[1]?.content ?? '').startsWith(t))).toBe(true);
    expect(chat.question?.id).toBe('care_recipient_name');
  });

  it('a multi-select first question keeps Take a break while boxes are ticked', () => {
    const chat = familyAt('preferred_caregiver_type');
    chat.click('skip');
    expect(chat.question?.id).toBe('care_conditions');
    const lastBot = () => [...chat.state.messages].reverse().find((m) => !m.isUser);
    expect(lastBot()?.options?.map((o) => o.id)).toContain('take_break');
    chat.click(chat.question?.options?.[0]?.id ?? '');
    expect(chat.state.selection).toHaveLength(1);
    expect(lastBot()?.options?.map((o) => o.id)).toContain('take_break');
  });

  it('no transition or acknowledgement phrase is said twice in a row, whatever the seed', () => {
    for (let seed = 1; seed <= 25; seed += 1) {
      const chat = new ChatDriver(createTestDeps(seed));
      chat.answerAll('community');
      const flow = REGISTRATION_FLOWS.community;
      const leadIns = botMessages(chat.state).flatMap((m) => {
        const found = m.questionId ? findFlowQuestion(flow, m.questionId) : undefined;
        if (!found) return [];
        const transition = TRANSITION_PHRASES.findIndex((t) =>
          m.content.startsWith(fillTransitionPhrase(t, found.section.title)),
        );
        if (transition >= 0) return [`t${transition}`];
        const ack = ACKNOWLEDGEMENT_PHRASES.findIndex((a) => m.content.startsWith(a));
        return ack >= 0 ? [`a${ack}`] : [];
      });
      const transitions = leadIns.filter((x) => x.startsWith('t'));
      const acks = leadIns.filter((x) => x.startsWith('a'));
      // Sections now open with the hand-off ('Great! You've completed …') in the question's own
      // message; the transition phrases are said after a break.
      const handOffs = botMessages(chat.state).filter((m) => m.questionId && m.content.startsWith('Great! You'));
      expect(handOffs).toHaveLength(6);
      expect(transitions).toHaveLength(0);
      for (const list of [transitions, acks]) {
        for (let i = 1; i < list.length; i += 1) expect(list[i]).not.toBe(list[i - 1]);
      }
    }
  });

  it('the welcome after "Start over" is never the welcome just shown', () => {
    const chat = new ChatDriver(createTestDeps(3));
    let previous = chat.send({ type: 'start' }).messages[0]?.content;
    for (let i = 0; i < 50; i += 1) {
      const next = chat.send({ type: 'reset' }).messages[0]?.content;
      expect(next).not.toBe(previous);
      previous = next;
    }
  });
});

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
