import { z } from 'zod';
import {
  chatMessageSchema,
  chatProgressSchema,
  chatStateSchema,
  createChatState,
  savedResponseSchema,
  type ChatState,
  type SavedResponse,
} from '@tavara/shared/registration-chat/chat-state';
import { getChatProgress } from '@tavara/shared/registration-chat/engine';
import { decodeQuestionIndex, type ChatFlows } from '@tavara/shared/registration-chat/flows';
import { CHAT_KEYS, chatStorage, type ChatStore } from './chat-storage';

/**
 * Saving the conversation in localStorage and reading it back (spec §4): a reload half-way
 * restores the transcript; saved progress without messages gets the engine's 'Welcome back!'
 * prompt; a completed session reopens on its completion stage. Everything read back is parsed
 * with the shared schemas before the engine sees it; anything unreadable is ignored.
 */

const messagesSchema = z.array(chatMessageSchema);
const responsesSchema = z.record(z.string(), savedResponseSchema);
const MAX_SESSION_ID_CHARS = 128;

function readSessionId(store: ChatStore, createId: () => string): string {
  const stored = store.get(CHAT_KEYS.sessionId);
  return stored && stored.length <= MAX_SESSION_ID_CHARS ? stored : createId();
}

/** A state rebuilt from `progress_{session}` and `responses_{session}` when the engine state is gone. */
function stateFromProgress(store: ChatStore, sessionId: string, now: number): ChatState | null {
  const progress = chatProgressSchema.safeParse(store.getJson(CHAT_KEYS.progress(sessionId)));
  if (!progress.success) return null;
  const { role, formData, lastActive, status, currentQuestion } = progress.data;
  const { sectionIndex, questionIndex } = decodeQuestionIndex(progress.data.questionIndex);
  const saved = responsesSchema.safeParse(store.getJson(CHAT_KEYS.responses(sessionId)));
  const answers: Record<string, SavedResponse> = saved.success
    ? saved.data
    : Object.fromEntries(
        Object.entries(formData).map(([id, response]) => [id, { response, role, sectionIndex, timestamp: lastActive }]),
      );
  const completed = status === 'completed';
  return {
    ...createChatState({ sessionId, now }),
    role,
    stage: completed ? 'completion' : 'questions',
    sectionIndex,
    questionIndex,
    // No question pending while in progress: a section had just ended and 'Continue' was waiting.
    awaitingContinue: !completed && currentQuestion === null,
    answers,
    completed,
    lastActive,
  };
}

/**
 * The chat as it was saved, or a fresh one. Pure apart from reading storage (the new session id,
 * if any, is saved by `persistChatState`), so React may call it twice.
 */
export function restoreChatState(now: number, createId: () => string, store: ChatStore = chatStorage): ChatState {
  const sessionId = readSessionId(store, createId);
  const savedState = chatStateSchema.safeParse(store.getJson(CHAT_KEYS.session));
  const savedMessages = messagesSchema.safeParse(store.getJson(CHAT_KEYS.messages(sessionId)));
  const messages = savedMessages.success ? savedMessages.data : [];

  let state: ChatState;
  if (savedState.success && savedState.data.sessionId === sessionId) {
    state = { ...savedState.data, messages };
  } else {
    state = { ...(stateFromProgress(store, sessionId, now) ?? createChatState({ sessionId, now })), messages };
  }
  if (store.get(CHAT_KEYS.completed(sessionId)) === 'true') state = { ...state, completed: true };
  return state;
}

/** Saves the state under every chat key it feeds (spec §3). Progress is saved only once a role is chosen. */
export function persistChatState(flows: ChatFlows, state: ChatState, store: ChatStore = chatStorage): void {
  const { sessionId } = state;
  store.set(CHAT_KEYS.sessionId, sessionId);
  store.setJson(CHAT_KEYS.session, state);
  store.setJson(CHAT_KEYS.messages(sessionId), state.messages);
  const progress = getChatProgress(flows, state);
  if (progress) {
    store.setJson(CHAT_KEYS.progress(sessionId), progress);
    store.setJson(CHAT_KEYS.responses(sessionId), state.answers);
  } else {
    store.remove(CHAT_KEYS.progress(sessionId));
    store.remove(CHAT_KEYS.responses(sessionId));
  }
  if (state.completed) store.set(CHAT_KEYS.completed(sessionId), 'true');
  else store.remove(CHAT_KEYS.completed(sessionId));
}
