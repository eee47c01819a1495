import { PRODUCT_NAME } from '../product';

/**
 * Everything the scripted assistant says. Spec §1: a warm local voice, one question at a time, no
 * sentence starting with "a," and never "Yuh" (the tests check every list). Strings quoted by the
 * spec (welcome back, section complete, errors) are a contract and stay word for word.
 */

/** Ten welcome messages; each asks one question: does the visitor want care or give care? */
export const WELCOME_MESSAGES = [
  `Good day, and welcome to ${PRODUCT_NAME}! It takes a village to care, and we're glad you stopped by. Are you looking for care for someone you love, or are you someone who gives care?`,
  'Welcome, welcome! Come in and make yourself at home. Tell me, are you here to find care for a loved one, or to offer your care to others?',
  'Hello there, and welcome to the village! Whether you are in Port of Spain or Scarborough, we are here to help. Are you seeking care for family, or are you a caregiver yourself?',
  "Good morning, good afternoon or good evening, whichever it is by you! We're so glad you came. Do you need care for someone close to you, or do you provide care?",
  `Welcome to ${PRODUCT_NAME}! From Chaguanas to Tobago, families and caregivers meet right here. Are you looking for care, or are you here to give care?`,
  'Hi there, friend! Caring for someone is big work, and nobody should do it alone. Are you searching for help with a loved one, or offering your skills as a caregiver?',
  "Welcome! Pull up a chair and let's talk nice and easy. Do you need care for a family member, or do you give care to others?",
  `Greetings from the ${PRODUCT_NAME} family! It really does take a village to care. Are you here looking for care, or here to lend a hand as a caregiver?`,
  "Hello, and thanks for stopping by! Let's find the right place for you in the village. Do you want care for someone at home, or do you give care?",
  "Welcome, neighbour! Whether you need a helping hand or you are the helping hand, there's a place for you here. Which one sounds like you: looking for care, or giving care?",
] as const;

/**
 * Said before the first question of every section after the first. `{section}` is the section
 * title; the first template is the spec's own form.
 */
export const TRANSITION_PHRASES = [
  "Now let's move on to {section}.",
  'Next up: {section}.',
  "Lovely! Let's talk about {section} now.",
  'On to the next part: {section}.',
  "Alright, it's time for {section}.",
] as const;

/** Said before a question that follows an answer within the same section. */
export const ACKNOWLEDGEMENT_PHRASES = [
  'Thank you!',
  'Got it.',
  'Lovely.',
  'Perfect, thanks.',
  'Noted, thank you.',
  'Sounds good.',
] as const;

/** Said when the last question has been answered. */
export const COMPLETION_MESSAGES = [
  "That's everything, thank you! Your answers are saved. Choose 'Go to registration form' and you'll find them filled in, ready for you to check and submit.",
  "We're all done, and thank you for taking the time! Your answers are saved. The registration form is next, with everything you told me already filled in.",
  "Thank you so much, that's all I need! Your answers are saved, and the registration form will open with them filled in so you can check and submit.",
] as const;

/** The phrase lists chosen at random; the engine never picks the same entry of a list twice in a row. */
export const PHRASE_LISTS = {
  welcome: WELCOME_MESSAGES,
  transition: TRANSITION_PHRASES,
  acknowledgement: ACKNOWLEDGEMENT_PHRASES,
  completion: COMPLETION_MESSAGES,
} as const;
export type PhraseListName = keyof typeof PHRASE_LISTS;

/**
 * Picks an index into a list of `length` phrases, never `lastIndex` again (when there is a
 * choice). `random` returns a number in [0, 1), like `Math.random`.
 */
export function pickPhraseIndex(length: number, lastIndex: number | undefined, random: () => number): number {
  if (length <= 1) return 0;
  const hasLast = lastIndex !== undefined && lastIndex >= 0 && lastIndex < length;
  const choices = hasLast ? length - 1 : length;
  const raw = Math.min(choices - 1, Math.max(0, Math.floor(random() * choices)));
  return hasLast && raw >= lastIndex ? raw + 1 : raw;
}

/** Fills `{section}` in a transition phrase. */
export function fillTransitionPhrase(template: string, sectionTitle: string): string {
  return template.replace('{section}', sectionTitle);
}

/** Fixed texts of the assistant. Spec strings are word for word. */
export const CHAT_TEXT = {
  /** Precedes the first question after the role is chosen (note the trailing space). */
  getStarted: "Let's get started. ",
  welcomeBack: 'Welcome back! Would you like to continue where you left off?',
  resumed: "Lovely to have you back. Let's pick up where we left off.",
  outOfRange: "I'm not sure what to ask next. Let's try something else.",
  generationError: "I'm sorry, I encountered an error. Would you like to try again?",
  takeBreak: "No problem, take all the time you need. Your answers are saved, so press Continue whenever you're ready.",
  chooseAnOption: 'Please choose one of the options below.',
  selectAtLeastOne: 'Please select at least one option.',
  afterCompletion:
    "Your answers are already saved. Choose 'Go to registration form' to finish, or start a new chat if you'd like to begin again.",
  resumeChoice: "Please choose 'Yes, continue' or 'No, start over'.",
  /** The user's message when 'Done selecting' is pressed with nothing ticked. */
  noneSelected: 'None of these',
  /**
   * Said once, just before the first question about someone's health (issue 14). 'Privacy
   * Policy' is shown as a link to /privacy. It must stay true: with AI on, recent messages go to
   * the provider (with e-mail addresses and phone numbers taken out on the server).
   */
  privacyNote: `A quick note on privacy: the health details you share are seen only by you and the ${PRODUCT_NAME} team, never sold or made public. While the chat's AI is on, our AI provider also reads your recent messages, without e-mail addresses or phone numbers, to word the next question. See our Privacy Policy.`,
} as const;

/** 'Great! You've completed the {section} section. Now let's move on to {next section}.' (spec §4). */
export function getSectionCompleteText(sectionTitle: string, nextSectionTitle: string): string {
  return `Great! You've completed the ${sectionTitle} section. Now let's move on to ${nextSectionTitle}.`;
}

/** The counter shown with 'Done selecting': '2 options selected', '1 option selected' or 'Select options below'. */
export function getSelectionCounterText(selectedCount: number): string {
  if (selectedCount <= 0) return 'Select options below';
  return selectedCount === 1 ? '1 option selected' : `${selectedCount} options selected`;
}

/** Escapes a literal for use inside a RegExp. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const PROTECTED_PATTERNS: readonly RegExp[] = [
  ...TRANSITION_PHRASES.map(
    (template) => new RegExp(escapeRegExp(template).replace(escapeRegExp('{section}'), '.+'), 'i'),
  ),
  ...WELCOME_MESSAGES.map((message) => new RegExp(escapeRegExp(message), 'i')),
  /welcome back!/i,
  new RegExp(escapeRegExp(CHAT_TEXT.getStarted.trim()), 'i'),
  /you've completed the .+ section/i,
];

/**
 * Whether a message contains a transition, welcome or start phrase. Such messages are never
 * suppressed by the duplicate guard (spec §5).
 */
export function containsProtectedPhrase(content: string): boolean {
  return PROTECTED_PATTERNS.some((pattern) => pattern.test(content));
}
