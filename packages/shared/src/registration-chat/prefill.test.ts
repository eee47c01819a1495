import { describe, expect, it } from 'vitest';
import { createChatState, type ChatState } from './chat-state';
import { REGISTRATION_FLOWS } from './flows';
import {
  buildRegistrationPrefill,
  extractContactDetails,
  getPrefillFieldValues,
  getRegistrationHandover,
  getRegistrationPath,
  hasPrefillData,
  registrationPrefillSchema,
} from './prefill';
import { ChatDriver } from './test-helpers';

const NOW = Date.UTC(2025, 5, 1);

describe('prefill for the registration form', () => {
  it('family: answers arrive by form field name, grouped by section, with the contact fields filled', () => {
    const chat = new ChatDriver();
    chat.answerAll('family', {
      first_name: 'Keisha',
      last_name: "O'Brien-Ramdass",
      email: 'keisha@example.com',
      phone_number: '+1 868 555 1234',
      care_location: 'Arima',
      care_type: ['in_home_care', 'medication_management'],
      relationship_to_recipient: 'parent',
    });
    const prefill = buildRegistrationPrefill(REGISTRATION_FLOWS, chat.state, NOW);
    expect(prefill).toMatchObject({
      role: 'family',
      email: 'keisha@example.com',
      phone: '+1 868 555 1234',
      name: "Keisha O'Brien-Ramdass",
      first_name: 'Keisha',
      last_name: "O'Brien-Ramdass",
      location: 'Arima',
      timestamp: NOW,
      completed: true,
      autoSubmit: false,
    });
    expect(prefill?.responses['personal_info']).toMatchObject({ first_name: 'Keisha', care_location: 'Arima' });
    expect(prefill?.responses['care_recipient']).toMatchObject({
      relationship_to_recipient: 'parent',
      care_type: ['in_home_care', 'medication_management'],
    });
    const fields = prefill ? getPrefillFieldValues(prefill) : {};
    expect(Object.keys(fields)).toContain('budget');
    expect(Object.keys(fields).some((key) => key.startsWith('section_'))).toBe(false);
    expect(registrationPrefillSchema.parse(JSON.parse(JSON.stringify(prefill)))).toEqual(prefill);
  });

  it('professional: the form receives every field the chat asked, never an empty set', () => {
    const chat = new ChatDriver();
    chat.answerAll('professional', { location: 'San Fernando', consent: 'yes' });
    const prefill = buildRegistrationPrefill(REGISTRATION_FLOWS, chat.state, NOW);
    const fields = prefill ? getPrefillFieldValues(prefill) : {};
    expect(Object.keys(fields)).toEqual(
      REGISTRATION_FLOWS.professional.sections.flatMap((s) => s.questions.map((q) => q.id)),
    );
    expect(prefill).toMatchObject({ phone: '+1 868 555 1234', location: 'San Fernando' });
    expect(fields['consent']).toBe('yes');
  });

  it('community: the full name is split into first and last name', () => {
    const chat = new ChatDriver();
    chat.answerAll('community', { full_name: 'Anil Kumar Persad' });
    const prefill = buildRegistrationPrefill(REGISTRATION_FLOWS, chat.state, NOW);
    expect(prefill).toMatchObject({ name: 'Anil Kumar Persad', first_name: 'Anil', last_name: 'Kumar Persad' });
  });

  it('skipped questions are left out', () => {
    const chat = new ChatDriver();
    chat.send({ type: 'start' });
    chat.click('family');
    chat.type('Keisha');
    chat.type('Ramdass');
    chat.click('skip');
    const prefill = buildRegistrationPrefill(REGISTRATION_FLOWS, chat.state, NOW);
    expect(prefill?.responses).toEqual({ personal_info: { first_name: 'Keisha', last_name: 'Ramdass' } });
    expect(prefill?.email).toBeNull();
    expect(prefill?.completed).toBe(false);
  });

  it('is null before a role is chosen', () => {
    const state = createChatState({ sessionId: 's', now: 0 });
    expect(buildRegistrationPrefill(REGISTRATION_FLOWS, state, NOW)).toBeNull();
    expect(hasPrefillData(null)).toBe(false);
  });
});

describe('details found in what the user typed', () => {
  it('finds an e-mail, a phone number and a name from "name is …"', () => {
    expect(
      extractContactDetails([
        'Hi, my name is Keisha Ramdass and I need help for my mother.',
        'You can write to keisha.r@example.com, or call (868) 555-1234.',
      ]),
    ).toEqual({ email: 'keisha.r@example.com', phone: '(868) 555-1234', name: 'Keisha Ramdass' });
  });

  it('prefers the most recent mention and ignores numbers that are not phone numbers', () => {
    expect(extractContactDetails(['old@example.com', 'it is new@example.com now.']).email).toBe('new@example.com');
    expect(extractContactDetails(['budget $20-30/hour, since 2020']).phone).toBeNull();
    expect(extractContactDetails(['nothing useful here'])).toEqual({ email: null, phone: null, name: null });
  });

  it('fill the prefill when no question captured them', () => {
    const base = createChatState({ sessionId: 's', now: 0 });
    const state: ChatState = {
      ...base,
      role: 'family',
      stage: 'questions',
      messages: [
        {
          id: '1',
          content: 'My name is Joyce. Reach me at joyce@example.com or +1 868 555 9876',
          isUser: true,
          timestamp: 1,
        },
        { id: '2', content: 'My name is Bot', isUser: false, timestamp: 2 },
      ],
    };
    expect(buildRegistrationPrefill(REGISTRATION_FLOWS, state, NOW)).toMatchObject({
      email: 'joyce@example.com',
      phone: '+1 868 555 9876',
      name: 'Joyce',
      first_name: 'Joyce',
      last_name: null,
    });
  });
});

describe('hand-over to the registration form', () => {
  it('each role goes to its own form; professionals to /registration/professional-fix', () => {
    expect(getRegistrationPath('family')).toBe('/registration/family');
    expect(getRegistrationPath('community')).toBe('/registration/community');
    expect(getRegistrationPath('professional')).toBe('/registration/professional-fix');
  });

  it('carries ?session= only when there is prefill data', () => {
    const chat = new ChatDriver();
    chat.send({ type: 'start' });
    expect(getRegistrationHandover(REGISTRATION_FLOWS, chat.state, NOW)).toEqual({
      path: '/registration/family',
      prefill: null,
    });
    chat.click('community');
    expect(getRegistrationHandover(REGISTRATION_FLOWS, chat.state, NOW).path).toBe('/registration/community');
    chat.type('Keisha Ramdass');
    expect(getRegistrationHandover(REGISTRATION_FLOWS, chat.state, NOW).path).toBe(
      '/registration/community?session=session-1',
    );
  });
});
