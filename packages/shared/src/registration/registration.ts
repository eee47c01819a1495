import { z } from 'zod';
import type { PublicRole } from '../roles';
import { chatAnswerValueSchema, type ChatAnswerValue } from '../registration-chat/chat-state';
import { getAnswersProblems } from '../registration-chat/chat-sync.schema';
import {
  isMultiSelectQuestion,
  listFlowQuestions,
  REGISTRATION_FLOWS,
  type ChatQuestion,
} from '../registration-chat/flows';
import { CHAT_INPUT_MESSAGES } from '../validation/chat-input';

/**
 * The registration forms (issue 6): one per role, whose fields are exactly that role's chat
 * questions — same ids (= form field names = column names), option codes, validation and
 * messages. The server validates with the same function the form uses.
 */

/** Answers as a form sends them: question id → text or code, or a list of codes. */
export type RegistrationAnswers = Readonly<Record<string, ChatAnswerValue>>;

export const REGISTRATION_MESSAGES = {
  required: CHAT_INPUT_MESSAGES.empty,
  consentRequired: 'Please agree to the Terms of Service and Privacy Policy to register.',
  wrongRole: (role: PublicRole) => `This is the ${role} registration form, and your account has another role.`,
  adminHasNoRegistration: 'Admin accounts do not fill in a registration form.',
  saved: 'Your registration has been saved.',
  prefilled: "We've filled in your answers from the chat. Please check them and submit.",
} as const;

/**
 * Question ids kept on the `profiles` row (names, phone, location); the account's e-mail wins over
 * a typed one, so `email` is shown but never saved. Every other question has a column in the
 * role's details table.
 */
export const PROFILE_QUESTION_IDS: Readonly<
  Record<PublicRole, { names: readonly string[]; fullName?: string; phone: string; location: string; email: string }>
> = {
  family: { names: ['first_name', 'last_name'], phone: 'phone_number', location: 'care_location', email: 'email' },
  professional: { names: ['first_name', 'last_name'], phone: 'phone', location: 'location', email: 'email' },
  community: { names: [], fullName: 'full_name', phone: 'phone', location: 'location', email: 'email' },
};

/** The questions of a role's form, in order. */
export function registrationQuestions(role: PublicRole): ChatQuestion[] {
  return listFlowQuestions(REGISTRATION_FLOWS[role]).map(({ question }) => question);
}

function isBlank(value: ChatAnswerValue | undefined): boolean {
  if (value === undefined) return true;
  return Array.isArray(value) ? value.length === 0 : value.trim() === '';
}

/**
 * Field problems of a submitted form, by question id: unknown ids, bad codes and typed answers
 * that fail the chat's validation (`getAnswersProblems`), missing required answers, and — for
 * professionals — consent, which must be 'yes'. Blank optional answers are fine.
 */
export function getRegistrationProblems(role: PublicRole, answers: RegistrationAnswers): Record<string, string> {
  const given = Object.fromEntries(Object.entries(answers).filter(([, value]) => !isBlank(value)));
  const problems = getAnswersProblems(role, given);
  for (const question of registrationQuestions(role)) {
    if (question.id === PROFILE_QUESTION_IDS[role].email) continue;
    if (question.required && isBlank(answers[question.id]) && !problems[question.id]) {
      problems[question.id] = REGISTRATION_MESSAGES.required;
    }
  }
  if (role === 'professional' && !problems['consent'] && answers['consent'] !== 'yes') {
    problems['consent'] = REGISTRATION_MESSAGES.consentRequired;
  }
  return problems;
}

/**
 * The registration form's schema: the same problems as the server's (`getRegistrationProblems`),
 * each as an issue on its field, so the form layer shows them beside their fields. Fields never
 * touched come as `undefined` and are dropped.
 */
export function registrationAnswersSchema(role: PublicRole) {
  return z
    .record(z.string(), chatAnswerValueSchema.optional())
    .transform(
      (answers) =>
        Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== undefined)) as Record<
          string,
          ChatAnswerValue
        >,
    )
    .superRefine((answers, ctx) => {
      for (const [id, message] of Object.entries(getRegistrationProblems(role, answers))) {
        ctx.addIssue({ code: 'custom', path: [id], message });
      }
    });
}

/** Blank answers dropped, text trimmed: what is saved. */
export function normaliseRegistrationAnswers(
  role: PublicRole,
  answers: RegistrationAnswers,
): Record<string, ChatAnswerValue> {
  const out: Record<string, ChatAnswerValue> = {};
  for (const question of registrationQuestions(role)) {
    const value = answers[question.id];
    if (value === undefined || isBlank(value)) continue;
    out[question.id] = isMultiSelectQuestion(question) ? value : String(value).trim();
  }
  return out;
}

export const MAX_REGISTRATION_ANSWERS = 60;

/** `PUT /api/registration/:role` */
export const registrationBodySchema = z.object({
  answers: z
    .record(z.string().max(100), chatAnswerValueSchema)
    .refine((answers) => Object.keys(answers).length <= MAX_REGISTRATION_ANSWERS, { message: 'Too many answers.' }),
});
export type RegistrationBody = z.infer<typeof registrationBodySchema>;

/** `GET /api/registration/me`: the saved registration, for edit mode. */
export interface SavedRegistration {
  readonly role: PublicRole;
  /** Saved answers by question id (the account's e-mail under the e-mail question). */
  readonly answers: Record<string, ChatAnswerValue>;
  readonly photoUrl: string | null;
  /** ISO time of the first save, or null when the form was never submitted. */
  readonly registeredAt: string | null;
}

/** Profile photos (issue 6): these types, checked by content, at most 5 MB. */
export const PROFILE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ProfilePhotoType = (typeof PROFILE_PHOTO_TYPES)[number];
export const PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_PHOTO_MESSAGES = {
  type: 'Please choose a JPEG, PNG or WebP image.',
  size: 'Please choose an image of at most 5 MB.',
  missing: 'Please choose a photo to upload.',
} as const;
