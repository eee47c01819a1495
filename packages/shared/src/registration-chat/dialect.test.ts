import { describe, expect, it } from 'vitest';
import { breaksChatDialect, enforceChatDialect } from './dialect';
import { PHRASE_LISTS } from './phrases';

describe('chat dialect check', () => {
  it.each([
    ['A, what is your first name?', 'What is your first name?'],
    ['a, where will care be needed?', 'Where will care be needed?'],
    ['Thanks! A, what is next?', 'Thanks! What is next?'],
    ['Lovely.\nA , tell me more.', 'Lovely.\nTell me more.'],
    ['Yuh doing great. What is yuh phone number?', 'You doing great. What is you phone number?'],
    ['YUH know it!', 'You know it!'],
    ['A, a, well now, how are you?', 'Well now, how are you?'],
  ])('%j becomes %j', (input, expected) => {
    expect(enforceChatDialect(input)).toBe(expected);
    expect(breaksChatDialect(enforceChatDialect(input))).toBe(false);
  });

  it.each([
    'A caregiver is a good thing.',
    'Is there a, b or c?',
    'What is a good phone number for you?',
    'Youth groups and yuhs (not a word) stay.',
  ])('leaves %j alone', (text) => {
    expect(enforceChatDialect(text)).toBe(text);
  });

  it('keeps every scripted phrase unchanged', () => {
    for (const list of Object.values(PHRASE_LISTS)) {
      for (const phrase of list) expect(enforceChatDialect(phrase)).toBe(phrase);
    }
  });
});
