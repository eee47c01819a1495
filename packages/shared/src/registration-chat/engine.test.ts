import { describe, expect, it } from 'vitest';
import { CHAT_INPUT_MESSAGES } from '../validation/chat-input';
import { chatStateSchema, createChatState } from './chat-state';
import { applyChatEvent, getChatProgress, isChatInputEnabled, isSpecialOptionId } from './engine';
import { type ChatFlows, FAMILY_FLOW, findFlowQuestion, REGISTRATION_FLOWS } from './flows';
import {
  ACKNOWLEDGEMENT_PHRASES,
  CHAT_TEXT,
  COMPLETION_MESSAGES,
  fillTransitionPhrase,
  TRANSITION_PHRASES,
  WELCOME_MESSAGES,
} from './phrases';
import { botMessages, ChatDriver, createTestDeps, familyAt } from './test-helpers';

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
