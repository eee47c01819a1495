import { chatAnswerValueSchema, type ChatAnswerValue } from '@tavara/shared/registration-chat/chat-state';
import { registrationPrefillSchema, type RegistrationPrefill } from '@tavara/shared/registration-chat/prefill';
import { chatPrefillStorageKey } from '@tavara/shared/registration-chat/storage-keys';
import type { PublicRole } from '@tavara/shared/roles';
import { z } from 'zod';
import { REGISTRATION_DRAFT_PREFIX } from '@/lib/browser-storage';

/**
 * What the registration form keeps in localStorage: the chat's prefill (read only; the chat
 * writes it) and a draft of unsent answers per role, so a reload or a failed save loses nothing.
 * Storage can throw (private mode, quota): failures are logged and ignored.
 */

const draftKey = (role: PublicRole) => `${REGISTRATION_DRAFT_PREFIX}${role}`;
const draftSchema = z.record(z.string(), chatAnswerValueSchema);

function read(key: string): unknown {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch (error) {
    console.warn(`Could not read ${key}`, error);
    return null;
  }
}

/** The chat's prefill object for a session, if this browser has a valid one for `role`. */
export function readChatPrefill(sessionId: string, role: PublicRole): RegistrationPrefill | null {
  const parsed = registrationPrefillSchema.safeParse(read(chatPrefillStorageKey(sessionId)));
  return parsed.success && parsed.data.role === role ? parsed.data : null;
}

/** The prefill's answers by question id (its responses are grouped by section). */
export function prefillAnswers(prefill: RegistrationPrefill): Record<string, ChatAnswerValue> {
  return Object.assign({}, ...Object.values(prefill.responses)) as Record<string, ChatAnswerValue>;
}

export function readDraft(role: PublicRole): Record<string, ChatAnswerValue> | null {
  const parsed = draftSchema.safeParse(read(draftKey(role)));
  return parsed.success ? parsed.data : null;
}

export function saveDraft(role: PublicRole, answers: Record<string, ChatAnswerValue>): void {
  try {
    window.localStorage.setItem(draftKey(role), JSON.stringify(answers));
  } catch (error) {
    console.warn('Could not save the registration draft', error);
  }
}

export function clearDraft(role: PublicRole): void {
  try {
    window.localStorage.removeItem(draftKey(role));
  } catch (error) {
    console.warn('Could not clear the registration draft', error);
  }
}
