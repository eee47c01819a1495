import type { ChatAnswerValue } from '@tavara/shared/registration-chat/chat-state';
import type { RegistrationAnswers, SavedRegistration } from '@tavara/shared/registration/registration';
import type { PublicRole } from '@tavara/shared/roles';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '@/lib/api-client';
import { prefillAnswers, readChatPrefill } from '../registration-storage';

/** The signed-in user's saved form (edit mode), or its empty start. */
export function fetchSavedRegistration(signal?: AbortSignal): Promise<SavedRegistration> {
  return unwrap(api.registration.me.$get(undefined, { init: { signal } }));
}

export function saveRegistration(role: PublicRole, answers: RegistrationAnswers): Promise<SavedRegistration> {
  return unwrap(api.registration[':role'].$put({ param: { role }, json: { answers: { ...answers } } }));
}

/** Multipart upload (the typed client sends JSON only); the same error shape. */
export async function uploadProfilePhoto(file: File): Promise<{ photoUrl: string }> {
  const form = new FormData();
  form.append('photo', file);
  return unwrap(fetch('/api/registration/photo', { method: 'POST', body: form, credentials: 'same-origin' }));
}

/** The answers a chat session holds on the server, by question id; null when it cannot be read. */
export async function fetchChatAnswers(
  sessionId: string,
  signal?: AbortSignal,
): Promise<Record<string, ChatAnswerValue> | null> {
  try {
    const session = await unwrap(api.chat.sessions[':sessionId'].$get({ param: { sessionId } }, { init: { signal } }));
    return session.answers;
  } catch (error) {
    // 404: the chat never reached the server (offline the whole time); local storage still has it.
    if (signal?.aborted || !(error instanceof ApiError)) throw error;
    return null;
  }
}

/** Ties the chat session to the signed-in account (issue 6); a failure changes nothing for the form. */
export async function linkChatSession(sessionId: string): Promise<void> {
  try {
    await unwrap(api.chat.sessions[':sessionId'].link.$post({ param: { sessionId } }));
  } catch (error) {
    console.warn('Could not link the chat session to this account', error);
  }
}

/**
 * The answers of the newest chat of `role` linked to the signed-in account (sign-up links the
 * chat it came from), or null. Used when the form opens without `?session=` — in another browser
 * than the chat's, that is the only way to the answers.
 */
export async function fetchLatestLinkedChatAnswers(
  role: PublicRole,
  signal?: AbortSignal,
): Promise<Record<string, ChatAnswerValue> | null> {
  try {
    const { sessions } = await unwrap(api.chat.sessions.$get(undefined, { init: { signal } }));
    const latest = sessions.find((session) => session.role === role);
    return latest ? await fetchChatAnswers(latest.sessionId, signal) : null;
  } catch (error) {
    // Called off (sign-out, the page left): nothing to look up any more.
    if (signal?.aborted) throw error;
    // The form still works empty; the person can type their answers.
    console.warn('Could not look up the chats linked to this account', error);
    return null;
  }
}

export interface LoadedForm {
  readonly saved: Awaited<ReturnType<typeof fetchSavedRegistration>>;
  readonly chatAnswers: Record<string, ChatAnswerValue> | null;
}

/**
 * Loads what the form starts from: the saved registration (edit mode) and, with `?session=`,
 * the chat's answers — from the server, or from this browser when the server does not have them.
 * A signed-in visitor's chat session is linked to their account on the way.
 */
async function loadForm(role: PublicRole, sessionId: string | null, signal?: AbortSignal): Promise<LoadedForm> {
  const [saved, serverAnswers] = await Promise.all([
    fetchSavedRegistration(signal),
    sessionId ? fetchChatAnswers(sessionId, signal) : Promise.resolve(null),
  ]);
  if (sessionId) void linkChatSession(sessionId);
  // No ?session= (the confirmation link opened in another browser, a mail app's own): a first
  // registration starts from the newest chat of this role that sign-up linked to the account.
  if (!sessionId && saved.registeredAt === null) {
    const linked = await fetchLatestLinkedChatAnswers(role, signal);
    return { saved, chatAnswers: linked && Object.keys(linked).length > 0 ? linked : null };
  }
  const local = sessionId ? readChatPrefill(sessionId, role) : null;
  const chatAnswers =
    serverAnswers && Object.keys(serverAnswers).length > 0 ? serverAnswers : local ? prefillAnswers(local) : null;
  return { saved, chatAnswers };
}

/** What the registration form of `role` starts from, for the signed-in `userId` (see `loadForm`). */
export const registrationFormQuery = (role: PublicRole, sessionId: string | null, userId: string) =>
  queryOptions({
    queryKey: ['registration', role, sessionId, userId] as const,
    queryFn: ({ signal }) => loadForm(role, sessionId, signal),
    // The form's own state takes over once loaded; refetching would not change it.
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
