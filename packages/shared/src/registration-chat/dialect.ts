/**
 * Spec §1: the assistant speaks in a warm local dialect, but no sentence starts with "a," and it
 * never says "Yuh". The scripted phrases obey this by construction (phrases.test.ts); AI text is
 * not under our control, so every bot text passes this check before it is shown or stored, on
 * the server (AI answers) and in the browser (every bubble).
 */

/**
 * "a," (or "A ,") at the start of the text or of a sentence, with what precedes it and the next
 * word's first letter (to capitalise it) captured.
 */
const SENTENCE_START_A = /(^|[.!?…]["')\]]*\s+|\n\s*)a\s*,\s*(["'(]?)(\p{L}?)/giu;
/** The word "yuh" in any case, as a whole word. */
const YUH = /\byuh\b/giu;

/**
 * Rewrites the two forbidden forms: a leading "a," is dropped (the sentence then starts with its
 * next word, capitalised) and "Yuh" becomes "You" ("yuh" → "you"). Everything else is kept.
 */
export function enforceChatDialect(text: string): string {
  let result = text.replace(YUH, (word) => (word[0] === 'Y' ? 'You' : 'you'));
  // Repeated: dropping one "a," can reveal another ("A, a, well…").
  for (let i = 0; i < 5 && hasForbiddenSentenceStart(result); i += 1) {
    result = result.replace(
      SENTENCE_START_A,
      (_match, before: string, quote: string, letter: string) => before + quote + letter.toUpperCase(),
    );
  }
  return result;
}

/** Whether a text breaks one of the two rules (for tests and checks). */
export function breaksChatDialect(text: string): boolean {
  return hasForbiddenSentenceStart(text) || /\byuh\b/iu.test(text);
}

function hasForbiddenSentenceStart(text: string): boolean {
  return new RegExp(SENTENCE_START_A.source, 'iu').test(text);
}
