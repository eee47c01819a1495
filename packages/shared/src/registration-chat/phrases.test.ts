import { describe, expect, it } from 'vitest';
import {
  ACKNOWLEDGEMENT_PHRASES,
  CHAT_TEXT,
  COMPLETION_MESSAGES,
  getSectionCompleteText,
  getSelectionCounterText,
  PHRASE_LISTS,
  pickPhraseIndex,
  TRANSITION_PHRASES,
  WELCOME_MESSAGES,
} from './phrases';
import { seededRandom } from './test-helpers';

const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+/).map((s) => s.trim());

const EVERYTHING_SAID = [
  ...WELCOME_MESSAGES,
  ...TRANSITION_PHRASES,
  ...ACKNOWLEDGEMENT_PHRASES,
  ...COMPLETION_MESSAGES,
  ...Object.values(CHAT_TEXT),
];

describe('the assistant voice', () => {
  it('has ten different welcome messages', () => {
    expect(WELCOME_MESSAGES).toHaveLength(10);
    expect(new Set(WELCOME_MESSAGES).size).toBe(10);
  });

  it('welcome messages each ask exactly one question: wanting care or giving care', () => {
    for (const message of WELCOME_MESSAGES) {
      expect(message.match(/\?/g)).toHaveLength(1);
      expect(message).toMatch(/care/i);
      expect(message).toMatch(/give|giving|provide|offer|caregiver/i);
    }
  });

  it('never says "Yuh" and never starts a sentence with "a,"', () => {
    for (const text of EVERYTHING_SAID) {
      expect(text).not.toMatch(/yuh/i);
      for (const sentence of sentencesOf(text)) expect(sentence).not.toMatch(/^a,/i);
    }
  });

  it('says the spec sentences word for word', () => {
    expect(CHAT_TEXT.welcomeBack).toBe('Welcome back! Would you like to continue where you left off?');
    expect(CHAT_TEXT.getStarted).toBe("Let's get started. ");
    expect(getSectionCompleteText('Personal Information', 'Care Recipient Details')).toBe(
      "Great! You've completed the Personal Information section. Now let's move on to Care Recipient Details.",
    );
    expect(TRANSITION_PHRASES).toContain("Now let's move on to {section}.");
  });

  it('counts selected options for the "Done selecting" button', () => {
    expect(getSelectionCounterText(0)).toBe('Select options below');
    expect(getSelectionCounterText(1)).toBe('1 option selected');
    expect(getSelectionCounterText(2)).toBe('2 options selected');
  });
});

describe('random phrases', () => {
  it.each(Object.entries(PHRASE_LISTS))('never repeat a %s phrase twice in a row', (_name, list) => {
    for (const seed of [1, 2, 3, 42, 2025]) {
      const random = seededRandom(seed);
      let last: number | undefined;
      const seen = new Set<number>();
      const problems: string[] = [];
      for (let i = 0; i < 2_000; i += 1) {
        const index = pickPhraseIndex(list.length, last, random);
        if (index === last) problems.push(`pick ${i}: ${index} repeated`);
        if (index < 0 || index >= list.length) problems.push(`pick ${i}: ${index} out of range`);
        seen.add(index);
        last = index;
      }
      expect(problems).toEqual([]);
      // Every phrase still gets its turn.
      expect(seen.size).toBe(list.length);
    }
  });

  it('stay in range even when random returns its extremes', () => {
    expect(pickPhraseIndex(10, undefined, () => 0.9999999)).toBe(9);
    expect(pickPhraseIndex(10, 9, () => 0.9999999)).toBe(8);
    expect(pickPhraseIndex(10, 0, () => 0)).toBe(1);
    expect(pickPhraseIndex(1, 0, () => 0.5)).toBe(0);
  });
});
