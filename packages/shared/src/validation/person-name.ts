/**
 * Issue 32, item 2: a person's name may not carry a web address or an e-mail address. The name
 * opens the mails other people get (an invitation begins with the inviter's name, a confirmation
 * mail greets whoever signed up with that address), so "Visit http://evil.example" as a name
 * made the app a way to send anyone a link. One rule for sign-up, the account page's name and the
 * registration forms; the server checks the same rule and mails render names as plain text.
 */
export const PERSON_NAME_MESSAGES = {
  noLinks: 'Please enter your name without a web address or e-mail address.',
} as const;

/**
 * A web address: a scheme, "www.", or a word.word domain shape with no space around the dot
 * ("evil.example", "bit.ly/x"). Each alternative starts only where a word starts (the lookbehinds):
 * tried from every letter of a long word, `[\p{L}\p{N}-]+\.` ran to its end each time — quadratic,
 * 40 s for a 100,000-letter "name" on update-user. Now each word is read once.
 */
const WEB_ADDRESS =
  /(?:(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\/|\bwww\.|(?<![\p{L}\p{N}-])[\p{L}\p{N}-]+\.[\p{L}]{2,}(?![\p{L}\p{N}]))/iu;
/** An e-mail address, or anything with an @ (names do not have one). */
const EMAIL_LIKE = /@/;

/** Whether `value` contains a web address or an e-mail address. */
export function hasLinkOrEmail(value: string): boolean {
  return EMAIL_LIKE.test(value) || WEB_ADDRESS.test(value);
}

/** The message for a name that carries a link or an address, or null when it is fine on that count. */
export function nameLinkProblem(value: string): string | null {
  return hasLinkOrEmail(value) ? PERSON_NAME_MESSAGES.noLinks : null;
}

/**
 * A stored name as mails show it: plain text, or `fallback` when it breaks the rule above (a name
 * saved before the rule existed) — a mail never carries a link someone typed as their name.
 */
export function plainNameForMail(name: string | null | undefined, fallback: string): string {
  // Control characters (line breaks in a text mail's first line, NUL) become spaces.
  const trimmed = name
    ?.replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!trimmed || hasLinkOrEmail(trimmed)) return fallback;
  return trimmed;
}
