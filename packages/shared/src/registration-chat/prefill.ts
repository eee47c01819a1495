import { z } from 'zod';
import { CHAT_HANDOVER_PATHS } from '../registration-paths';
import { DEFAULT_ROLE, type PublicRole } from '../roles';
import { validateEmail, validatePhone } from '../validation/chat-input';
import { chatAnswerValueSchema, publicRoleSchema, type ChatAnswerValue, type ChatState } from './chat-state';
import type { ChatFlows } from './flows';

/**
 * Hand-over from the chat to the registration form (spec §3 "Prefill object", §4 "Redirect to
 * registration"). Answers travel by question id, which is the form's field name (product notes,
 * lesson 1), grouped by section id.
 */

export const registrationPrefillSchema = z.object({
  role: publicRoleSchema,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  location: z.string().nullable(),
  /** Section id → question id (form field name) → answer; multi-select answers are arrays of codes. */
  responses: z.record(z.string(), z.record(z.string(), chatAnswerValueSchema)),
  timestamp: z.number(),
  completed: z.boolean(),
  /** The form never submits itself; the person checks the answers first. */
  autoSubmit: z.literal(false),
});
export type RegistrationPrefill = z.infer<typeof registrationPrefillSchema>;

/** The registration form each role is handed to: the one table in registration-paths.ts. */
export const REGISTRATION_PATHS = CHAT_HANDOVER_PATHS;

/** Contact details found in free text. */
export interface ExtractedContactDetails {
  readonly email: string | null;
  readonly phone: string | null;
  readonly name: string | null;
}

const EMAIL_IN_TEXT = /[^\s@<>()[\],;:"']+@[^\s@<>()[\],;:"']+\.[A-Za-z]{2,}/g;
const PHONE_IN_TEXT = /\+?\(?\d[\d\s().-]{5,}\d/g;
const NAME_IN_TEXT = /\bname is\s+([^.,!?;:\n]+)/i;
const NAME_WORD = /^[\p{L}\p{M}'’-]+$/u;
const NOT_NAME_WORDS = new Set(['and', 'but', 'i', "i'm", 'im', 'from', 'in', 'my', 'the', 'who', 'with', 'or']);
const MAX_NAME_WORDS = 4;

function lastMatch(texts: readonly string[], find: (text: string) => string | null): string | null {
  for (let i = texts.length - 1; i >= 0; i -= 1) {
    const found = find(texts[i] ?? '');
    if (found) return found;
  }
  return null;
}

/**
 * Finds an e-mail address, a phone number and a name ("my name is …") in what the user typed.
 * The most recent mention wins, since people correct themselves.
 */
export function extractContactDetails(userTexts: readonly string[]): ExtractedContactDetails {
  const email = lastMatch(userTexts, (text) => {
    const candidates = [...text.matchAll(EMAIL_IN_TEXT)].map((m) => m[0].replace(/[.]+$/, ''));
    return candidates.reverse().find((candidate) => validateEmail(candidate).isValid) ?? null;
  });
  const phone = lastMatch(userTexts, (text) => {
    const candidates = [...text.matchAll(PHONE_IN_TEXT)].map((m) => m[0].trim());
    return candidates.reverse().find((candidate) => validatePhone(candidate).isValid) ?? null;
  });
  const name = lastMatch(userTexts, (text) => {
    const match = NAME_IN_TEXT.exec(text);
    if (!match?.[1]) return null;
    const words: string[] = [];
    for (const word of match[1].trim().split(/\s+/)) {
      if (!NAME_WORD.test(word) || NOT_NAME_WORDS.has(word.toLowerCase()) || words.length >= MAX_NAME_WORDS) break;
      words.push(word);
    }
    return words.length > 0 ? words.join(' ') : null;
  });
  return { email, phone, name };
}

function textAnswer(state: ChatState, ...questionIds: string[]): string | null {
  for (const id of questionIds) {
    const response = state.answers[id]?.response;
    if (typeof response === 'string' && response.trim()) return response.trim();
  }
  return null;
}

function splitName(fullName: string | null): { first: string | null; last: string | null } {
  if (!fullName) return { first: null, last: null };
  const [first, ...rest] = fullName.trim().split(/\s+/);
  return { first: first ?? null, last: rest.length > 0 ? rest.join(' ') : null };
}

/**
 * The prefill object for the registration form, or `null` before a role is chosen. Answers are
 * grouped by section id and keyed by question id; contact fields come from the answers, falling
 * back to what the user typed elsewhere in the chat.
 */
export function buildRegistrationPrefill(flows: ChatFlows, state: ChatState, now: number): RegistrationPrefill | null {
  if (state.role === null) return null;
  const flow = flows[state.role];

  const responses: Record<string, Record<string, ChatAnswerValue>> = {};
  for (const section of flow.sections) {
    for (const question of section.questions) {
      const saved = state.answers[question.id];
      if (!saved) continue;
      responses[section.id] = { ...responses[section.id], [question.id]: saved.response };
    }
  }

  const extracted = extractContactDetails(state.messages.filter((m) => m.isUser).map((m) => m.content));
  const fullName = textAnswer(state, 'full_name');
  const split = splitName(fullName ?? extracted.name);
  const firstName = textAnswer(state, 'first_name') ?? split.first;
  const lastName = textAnswer(state, 'last_name') ?? split.last;
  const joined = [textAnswer(state, 'first_name'), textAnswer(state, 'last_name')].filter(Boolean).join(' ');

  return {
    role: state.role,
    email: textAnswer(state, 'email') ?? extracted.email,
    phone: textAnswer(state, 'phone_number', 'phone') ?? extracted.phone,
    name: fullName ?? (joined || extracted.name),
    first_name: firstName,
    last_name: lastName,
    location: textAnswer(state, 'care_location', 'location'),
    responses,
    timestamp: now,
    completed: state.completed,
    autoSubmit: false,
  };
}

/** Whether a prefill carries anything worth handing over. */
export function hasPrefillData(prefill: RegistrationPrefill | null): boolean {
  if (!prefill) return false;
  const { email, phone, name, first_name, last_name, location, responses } = prefill;
  return (
    [email, phone, name, first_name, last_name, location].some((value) => value !== null) ||
    Object.values(responses).some((section) => Object.keys(section).length > 0)
  );
}

/** The prefill's answers as one record of form field name → value. */
export function getPrefillFieldValues(prefill: RegistrationPrefill): Record<string, ChatAnswerValue> {
  return Object.assign({}, ...Object.values(prefill.responses)) as Record<string, ChatAnswerValue>;
}

/** The registration form's path, with `?session={sessionId}` when a session id is given. */
export function getRegistrationPath(role: PublicRole, sessionId?: string | null): string {
  const path = REGISTRATION_PATHS[role];
  return sessionId ? `${path}?session=${encodeURIComponent(sessionId)}` : path;
}

/**
 * Where the chat hands over and what it hands over: the prefill (or `null`) and the role's form
 * path, carrying the session id only when the prefill has data (spec §4). Without a chosen role
 * the default role's form is the target.
 */
export function getRegistrationHandover(
  flows: ChatFlows,
  state: ChatState,
  now: number,
  fallbackRole: PublicRole = DEFAULT_ROLE,
): { path: string; prefill: RegistrationPrefill | null } {
  const prefill = buildRegistrationPrefill(flows, state, now);
  const role = state.role ?? fallbackRole;
  return { path: getRegistrationPath(role, hasPrefillData(prefill) ? state.sessionId : null), prefill };
}
