/**
 * Takes e-mail addresses and phone numbers out of text before it goes to the AI provider (issue
 * 14: the Privacy Policy promises it). The chat sends its recent messages as context, and a
 * family's typed e-mail and phone number are among them; wording the next question never needs
 * them. Pure and conservative: when in doubt a run of digits is treated as a phone number —
 * a redacted date costs the AI a little context, a leaked number costs the person their privacy.
 */

export const REDACTED_EMAIL = '[e-mail removed]';
export const REDACTED_PHONE = '[phone number removed]';

// Local part, @, domain with at least one dot. Unicode letters allowed: people type accented names.
const EMAIL = /[\p{L}\p{N}._%+'-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;

// A possible phone number: an optional +, then digits with spaces, dots, dashes or brackets
// between them. Whether it counts is decided by its number of digits (see isPhoneLike).
const DIGIT_RUN = /\+?\(?\d[\d\s().-]*\d\)?/g;

// ISO dates (2026-11-26), as the date questions store them, are not phone numbers.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Seven digits is the shortest local number in Trinidad and Tobago (e.g. 555-1234). No upper
 * bound: two numbers typed one after the other form one longer run, and both must go.
 */
const MIN_PHONE_DIGITS = 7;

function isPhoneLike(candidate: string): boolean {
  if (ISO_DATE.test(candidate)) return false;
  return candidate.replace(/\D/g, '').length >= MIN_PHONE_DIGITS;
}

/** `text` with every e-mail address and phone-like number replaced by a marker. */
export function redactContactDetails(text: string): string {
  return text
    .replace(EMAIL, REDACTED_EMAIL)
    .replace(DIGIT_RUN, (match) => (isPhoneLike(match) ? REDACTED_PHONE : match));
}
