import { describe, expect, it } from 'vitest';
import {
  budgetSchema,
  CHAT_INPUT_MESSAGES,
  emailSchema,
  getChatInputPlaceholder,
  getLiveValidationError,
  normalizePhone,
  personNameSchema,
  phoneSchema,
  shouldValidateLive,
  validateChatInput,
  type ChatFieldType,
} from './chat-input';

const messageOf = (value: string, fieldType?: ChatFieldType) => {
  const result = validateChatInput(value, fieldType);
  return result.isValid ? null : result.message;
};

describe('chat input validation', () => {
  it('an empty or blank answer shows "This field cannot be empty" for every field type', () => {
    for (const fieldType of [undefined, 'email', 'phone', 'name', 'budget'] as const) {
      expect(messageOf('', fieldType)).toBe('This field cannot be empty');
      expect(messageOf('   \t', fieldType)).toBe('This field cannot be empty');
    }
  });

  it('any non-empty text is accepted when the question has no field type', () => {
    expect(messageOf('Anything at all, 123!')).toBeNull();
  });

  it.each([
    ['keisha@example.com', null],
    ['  keisha.r+care@mail.co.tt ', null],
    ['keisha@example', CHAT_INPUT_MESSAGES.email],
    ['keisha example.com', CHAT_INPUT_MESSAGES.email],
    ['kei sha@example.com', CHAT_INPUT_MESSAGES.email],
  ])('email %j → %j', (value, expected) => {
    expect(messageOf(value, 'email')).toBe(expected);
  });

  it('a wrong e-mail shows the example address', () => {
    expect(messageOf('nope', 'email')).toBe('Please enter a valid email address (e.g., name@example.com)');
  });

  it.each([
    ['+1 (868) 555-1234', null],
    ['+1.868.555.1234', null],
    ['+12345678', null],
    ['+123456789012345', null],
    ['868 555 1234', null],
    ['5551234', null],
    ['+1234567', 'Please use international format with country code (+1XXXXXXXXXX)'],
    ['+1234567890123456', 'Please use international format with country code (+1XXXXXXXXXX)'],
    ['+1 868 CALL ME', 'Please use international format with country code (+1XXXXXXXXXX)'],
    ['555 123', 'Please enter a valid phone number with country code (e.g., +1XXXXXXXXXX)'],
    ['1234567890123456', 'Please enter a valid phone number with country code (e.g., +1XXXXXXXXXX)'],
    ['call me', 'Please enter a valid phone number with country code (e.g., +1XXXXXXXXXX)'],
  ])('phone %j → %j', (value, expected) => {
    expect(messageOf(value, 'phone')).toBe(expected);
  });

  it('phone numbers are normalised by stripping spaces, hyphens, parentheses and dots', () => {
    expect(normalizePhone(' +1 (868) 555-12.34 ')).toBe('+18685551234');
  });

  it.each([
    ['Jo', null],
    ["Keisha O'Brien-Ramdass", null],
    ['José Ñúñez', null],
    ['Zoë', null],
    ['K', 'Name must be at least 2 characters'],
    ['K2', 'Please use only letters, spaces, hyphens, and apostrophes in your name'],
    ['Keisha!', 'Please use only letters, spaces, hyphens, and apostrophes in your name'],
  ])('name %j → %j', (value, expected) => {
    expect(messageOf(value, 'name')).toBe(expected);
  });

  it.each([
    ['$20-30/hour', null],
    ['20', null],
    ['$25.50', null],
    ['$20 - $30 / hour', null],
    ['Negotiable', null],
    ['happy to discuss, negotiable really', null],
    ['NEGOTIABLE', null],
    ['about twenty', 'Please enter a valid budget amount (e.g., $20-30/hour or Negotiable)'],
    ['$20.555', 'Please enter a valid budget amount (e.g., $20-30/hour or Negotiable)'],
    ['$20/day', 'Please enter a valid budget amount (e.g., $20-30/hour or Negotiable)'],
  ])('budget %j → %j', (value, expected) => {
    expect(messageOf(value, 'budget')).toBe(expected);
  });
});

describe('live validation while typing', () => {
  it('does not run without a field type or for a single character', () => {
    expect(shouldValidateLive('abc', null)).toBe(false);
    expect(shouldValidateLive('a', 'email')).toBe(false);
    expect(shouldValidateLive('ab', 'email')).toBe(true);
    expect(getLiveValidationError('x', 'email')).toBeNull();
  });

  it('shows the field message once more than one character is typed and clears it when fixed', () => {
    expect(getLiveValidationError('ke', 'email')).toBe(CHAT_INPUT_MESSAGES.email);
    expect(getLiveValidationError('keisha@example.com', 'email', CHAT_INPUT_MESSAGES.email)).toBeNull();
  });

  it('clears the error when the input is emptied', () => {
    expect(getLiveValidationError('', 'phone', CHAT_INPUT_MESSAGES.phoneLocal)).toBeNull();
  });
});

describe('input placeholders', () => {
  it('show a format example, shorter when the input is focused', () => {
    expect(getChatInputPlaceholder('email')).toContain('name@example.com');
    expect(getChatInputPlaceholder('email', true)).toBe('name@example.com');
    expect(getChatInputPlaceholder('phone')).toContain('+1 868');
    expect(getChatInputPlaceholder('budget', true)).toContain('Negotiable');
    expect(getChatInputPlaceholder('name').length).toBeGreaterThan(getChatInputPlaceholder('name', true).length);
    expect(getChatInputPlaceholder(null)).toBe('Type your answer here...');
  });
});

describe('zod schemas for the registration forms', () => {
  it('give the same messages as the chat', () => {
    const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
      result.error?.issues[0]?.message;
    expect(issue(emailSchema.safeParse('nope'))).toBe(CHAT_INPUT_MESSAGES.email);
    expect(issue(phoneSchema.safeParse('+123'))).toBe(CHAT_INPUT_MESSAGES.phoneInternational);
    expect(issue(phoneSchema.safeParse('123'))).toBe(CHAT_INPUT_MESSAGES.phoneLocal);
    expect(issue(personNameSchema.safeParse('K'))).toBe(CHAT_INPUT_MESSAGES.nameTooShort);
    expect(issue(personNameSchema.safeParse('K9'))).toBe(CHAT_INPUT_MESSAGES.nameCharacters);
    expect(issue(budgetSchema.safeParse('lots'))).toBe(CHAT_INPUT_MESSAGES.budget);
    expect(issue(emailSchema.safeParse('   '))).toBe(CHAT_INPUT_MESSAGES.empty);
  });

  it('accept and trim valid values', () => {
    expect(emailSchema.parse(' keisha@example.com ')).toBe('keisha@example.com');
    expect(phoneSchema.parse('+1 868 555 1234')).toBe('+1 868 555 1234');
    expect(personNameSchema.parse('Zoë')).toBe('Zoë');
    expect(budgetSchema.parse('Negotiable')).toBe('Negotiable');
  });
});
