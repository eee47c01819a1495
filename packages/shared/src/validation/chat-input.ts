import { z } from 'zod';
import { nameLinkProblem } from './person-name';

/**
 * Validation of typed answers (spec §5 "Chat input validation"), shared by the registration chat
 * and the registration forms so a phone number accepted in one is accepted in the other. The
 * messages are a contract: they are shown word for word.
 */

/** The field types the chat detects and validates (spec §3 "Detected field types"). */
export const CHAT_FIELD_TYPES = ['email', 'phone', 'name', 'budget'] as const;
export const chatFieldTypeSchema = z.enum(CHAT_FIELD_TYPES);
export type ChatFieldType = z.infer<typeof chatFieldTypeSchema>;

/** Every message of the chat's input validation, word for word. */
export const CHAT_INPUT_MESSAGES = {
  empty: 'This field cannot be empty',
  /** The spec's `{email}` is a format example. */
  email: 'Please enter a valid email address (e.g., name@example.com)',
  phoneInternational: 'Please use international format with country code (+1XXXXXXXXXX)',
  phoneLocal: 'Please enter a valid phone number with country code (e.g., +1XXXXXXXXXX)',
  nameTooShort: 'Name must be at least 2 characters',
  nameCharacters: 'Please use only letters, spaces, hyphens, and apostrophes in your name',
  budget: 'Please enter a valid budget amount (e.g., $20-30/hour or Negotiable)',
} as const;

/** Digits allowed after a leading '+'. */
export const PHONE_INTERNATIONAL_DIGITS = { min: 8, max: 15 } as const;
/** Digits allowed without a leading '+'. */
export const PHONE_LOCAL_DIGITS = { min: 7, max: 15 } as const;
export const NAME_MIN_LENGTH_CHARS = 2;
/** Live validation starts once the input is longer than this (spec §5: "longer than 1 character"). */
export const CHAT_LIVE_VALIDATION_AFTER_CHARS = 1;

export type ChatInputValidation = { readonly isValid: true } | { readonly isValid: false; readonly message: string };

const VALID: ChatInputValidation = { isValid: true };
const invalid = (message: string): ChatInputValidation => ({ isValid: false, message });

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_SEPARATORS = /[\s\-().]/g;
/** Letters of any script (accented included), spaces, hyphens and straight or curly apostrophes. */
const NAME_PATTERN = /^[\p{L}\p{M}\s'’-]+$/u;
const AMOUNT = String.raw`\$?\d+(?:\.\d{1,2})?`;
const BUDGET_PATTERN = new RegExp(String.raw`^${AMOUNT}(?:\s*-\s*${AMOUNT})?(?:\s*\/\s*hour)?$`, 'i');

/** The phone number without spaces, hyphens, parentheses and dots (`+1 (868) 555-1234` → `+18685551234`). */
export function normalizePhone(value: string): string {
  return value.trim().replace(PHONE_SEPARATORS, '');
}

/** Validates an e-mail address (anything@anything.anything, no spaces). */
export function validateEmail(value: string): ChatInputValidation {
  const trimmed = value.trim();
  if (!trimmed) return invalid(CHAT_INPUT_MESSAGES.empty);
  return EMAIL_PATTERN.test(trimmed) ? VALID : invalid(CHAT_INPUT_MESSAGES.email);
}

/**
 * Validates a phone number after stripping separators: with '+', 8–15 digits; without, 7–15 digits.
 * Each case has its own hint.
 */
export function validatePhone(value: string): ChatInputValidation {
  const phone = normalizePhone(value);
  if (!phone) return invalid(CHAT_INPUT_MESSAGES.empty);
  const { min: intlMin, max: intlMax } = PHONE_INTERNATIONAL_DIGITS;
  const { min: localMin, max: localMax } = PHONE_LOCAL_DIGITS;
  if (phone.startsWith('+')) {
    return new RegExp(String.raw`^\+\d{${intlMin},${intlMax}}$`).test(phone)
      ? VALID
      : invalid(CHAT_INPUT_MESSAGES.phoneInternational);
  }
  return new RegExp(String.raw`^\d{${localMin},${localMax}}$`).test(phone)
    ? VALID
    : invalid(CHAT_INPUT_MESSAGES.phoneLocal);
}

/** Validates a person's name: at least 2 characters; letters, spaces, hyphens and apostrophes only. */
export function validatePersonName(value: string): ChatInputValidation {
  const trimmed = value.trim();
  if (!trimmed) return invalid(CHAT_INPUT_MESSAGES.empty);
  if (trimmed.length < NAME_MIN_LENGTH_CHARS) return invalid(CHAT_INPUT_MESSAGES.nameTooShort);
  // Issue 32: the plainer message for the case that matters (a link or address typed as a name).
  const linkProblem = nameLinkProblem(trimmed);
  if (linkProblem) return invalid(linkProblem);
  return NAME_PATTERN.test(trimmed) ? VALID : invalid(CHAT_INPUT_MESSAGES.nameCharacters);
}

/**
 * Validates a budget or rate: an optional $, an amount with up to 2 decimals, an optional dash
 * range and an optional '/hour' (`$20-30/hour`, `25.50`); or any text containing "negotiable".
 */
export function validateBudget(value: string): ChatInputValidation {
  const trimmed = value.trim();
  if (!trimmed) return invalid(CHAT_INPUT_MESSAGES.empty);
  if (/negotiable/i.test(trimmed)) return VALID;
  return BUDGET_PATTERN.test(trimmed) ? VALID : invalid(CHAT_INPUT_MESSAGES.budget);
}

/**
 * Validates a typed chat answer for its field type. Without a field type any non-empty text is
 * valid; empty or whitespace-only input never is.
 */
export function validateChatInput(value: string, fieldType?: ChatFieldType | null): ChatInputValidation {
  if (!value.trim()) return invalid(CHAT_INPUT_MESSAGES.empty);
  switch (fieldType) {
    case 'email':
      return validateEmail(value);
    case 'phone':
      return validatePhone(value);
    case 'name':
      return validatePersonName(value);
    case 'budget':
      return validateBudget(value);
    default:
      return VALID;
  }
}

/** Whether live (as-you-type) validation runs: only with a field type and more than 1 character. */
export function shouldValidateLive(value: string, fieldType: ChatFieldType | null | undefined): boolean {
  return fieldType != null && value.length > CHAT_LIVE_VALIDATION_AFTER_CHARS;
}

/**
 * The error to show while typing. Emptying the input clears the error; a single character keeps
 * whatever was shown before (`previousError`); longer input is validated for its field type.
 */
export function getLiveValidationError(
  value: string,
  fieldType: ChatFieldType | null | undefined,
  previousError: string | null = null,
): string | null {
  if (value === '') return null;
  if (!shouldValidateLive(value, fieldType)) return previousError;
  const result = validateChatInput(value, fieldType);
  return result.isValid ? null : result.message;
}

/** Input placeholders with a format example: `long` normally, `short` while the input is focused. */
export const CHAT_INPUT_PLACEHOLDERS = {
  default: { long: 'Type your answer here...', short: 'Type your answer...' },
  email: { long: 'Enter your email address (e.g., name@example.com)', short: 'name@example.com' },
  phone: { long: 'Enter your phone number with country code (e.g., +1 868 555 1234)', short: '+1 868 555 1234' },
  name: { long: 'Enter your name (e.g., Keisha Ramdass)', short: 'e.g., Keisha Ramdass' },
  budget: { long: 'Enter an hourly range (e.g., $20-30/hour) or Negotiable', short: '$20-30/hour or Negotiable' },
} as const satisfies Record<ChatFieldType | 'default', { long: string; short: string }>;

/** The chat input's placeholder for the current field type, shortened when focused. */
export function getChatInputPlaceholder(fieldType: ChatFieldType | null | undefined, focused = false): string {
  const placeholder = CHAT_INPUT_PLACEHOLDERS[fieldType ?? 'default'];
  return focused ? placeholder.short : placeholder.long;
}

function schemaFrom(validate: (value: string) => ChatInputValidation) {
  return z
    .string({ error: CHAT_INPUT_MESSAGES.empty })
    .trim()
    .min(1, CHAT_INPUT_MESSAGES.empty)
    .superRefine((value, ctx) => {
      const result = validate(value);
      if (!result.isValid) ctx.addIssue({ code: 'custom', message: result.message });
    });
}

/**
 * Zod schemas with the same rules and messages, for the registration forms and the server. Each
 * trims its input and rejects empty strings; wrap with `.optional()` (or accept `''`) for optional
 * fields.
 */
export const emailSchema = schemaFrom(validateEmail);
export const phoneSchema = schemaFrom(validatePhone);
export const personNameSchema = schemaFrom(validatePersonName);
export const budgetSchema = schemaFrom(validateBudget);
