import type { ChatConfig } from '@tavara/shared/registration-chat/chat-config';
import { CHAT_STORAGE_PREFIX } from '@tavara/shared/registration-chat/storage-keys';

/**
 * Spec §3 "Browser storage", chat keys: everything the chat keeps in localStorage, under the
 * `{product}_chat_` prefix, and the only code that touches them. Storage can throw (private mode,
 * full quota, blocked by policy); spec §8 says such failures are logged only, so nothing here
 * throws — a failed write returns `false`.
 *
 * This module is part of the first load (the launcher and the role bubbles read `is_open` and
 * `initial_role`), so it stays free of zod: the chat chunk parses what it reads back.
 */

/** Key names without the prefix. `{session}` keys belong to one chat session id. */
export const CHAT_KEYS = {
  /** The visible transcript (chat messages) of a session. */
  messages: (sessionId: string) => `messages_${sessionId}`,
  /** The current session id: created once, renewed by 'Start over'. */
  sessionId: 'session_id',
  /** Spec §3 "Chat progress", saved once a role is chosen. */
  progress: (sessionId: string) => `progress_${sessionId}`,
  /** The saved responses, keyed by question id (= form field name). */
  responses: (sessionId: string) => `responses_${sessionId}`,
  /** The prefill object the registration form reads (`?session={sessionId}`). */
  prefill: (sessionId: string) => `prefill_${sessionId}`,
  /** 'true' once this session has been handed over to the registration form (a lasting record). */
  autoRedirect: (sessionId: string) => `auto_redirect_${sessionId}`,
  /** 'true' while a hand-over to the form is under way; the form page reads and clears it. */
  transition: (sessionId: string) => `transition_${sessionId}`,
  /** 'true' once the interview is complete; restored on load, forcing the completion stage. */
  completed: (sessionId: string) => `completed_${sessionId}`,
  /** Chat settings (spec §3 "Chat config"). */
  config: 'config',
  alwaysShowOptions: 'always_show_options',
  /** A role chosen before the chat opened (a role chat bubble): the chat skips its intro. */
  initialRole: 'initial_role',
  /** The chat engine's whole state. */
  session: 'session',
  /** Whether the chat panel is open. */
  isOpen: 'is_open',
  /**
   * A shorter 'typing' pause in ms, set only by the browser tests so a journey of ~30 bot
   * messages does not spend 15 s waiting; real visitors never have it.
   */
  typingDelayMs: 'typing_delay_ms',
} as const;

const SESSION_KEY_NAMES = [
  CHAT_KEYS.messages,
  CHAT_KEYS.progress,
  CHAT_KEYS.responses,
  CHAT_KEYS.prefill,
  CHAT_KEYS.autoRedirect,
  CHAT_KEYS.transition,
  CHAT_KEYS.completed,
];

/** The chat keys of one `Storage` (names without the prefix). Never throws. */
export interface ChatStore {
  get(key: string): string | null;
  /** Returns whether the value was saved. */
  set(key: string, value: string): boolean;
  remove(key: string): void;
  /** The parsed JSON under `key`, or `undefined` when it is missing or not JSON. Check its shape before use. */
  getJson(key: string): unknown;
  /** Returns whether the value was saved. */
  setJson(key: string, value: unknown): boolean;
}

/**
 * The chat keys of `getStorage()`: the page's localStorage in the app, an in-memory `Storage` in
 * the chat controller's unit tests (which run without a browser).
 */
export function createChatStore(getStorage: () => Storage): ChatStore {
  function attempt<T>(what: string, key: string, fallback: T, run: (storage: Storage) => T): T {
    try {
      return run(getStorage());
    } catch (error) {
      console.warn(`Could not ${what} ${CHAT_STORAGE_PREFIX}${key} in localStorage`, error);
      return fallback;
    }
  }
  return {
    get(key) {
      return attempt('read', key, null, (storage) => storage.getItem(CHAT_STORAGE_PREFIX + key));
    },
    set(key, value) {
      return attempt('save', key, false, (storage) => {
        storage.setItem(CHAT_STORAGE_PREFIX + key, value);
        return true;
      });
    },
    remove(key) {
      attempt('remove', key, undefined, (storage) => storage.removeItem(CHAT_STORAGE_PREFIX + key));
    },
    getJson(key) {
      const text = this.get(key);
      if (text === null) return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch (error) {
        console.warn(`Ignoring unreadable ${CHAT_STORAGE_PREFIX}${key}`, error);
        return undefined;
      }
    },
    setJson(key, value) {
      let text: string;
      try {
        text = JSON.stringify(value);
      } catch (error) {
        console.warn(`Could not serialise ${CHAT_STORAGE_PREFIX}${key}`, error);
        return false;
      }
      return this.set(key, text);
    },
  };
}

/** Reads, writes and removes chat keys in the page's localStorage. Never throws. */
export const chatStorage: ChatStore = createChatStore(() => window.localStorage);

/**
 * Saves the chat settings. Spec §8: if saving the config fails, the session key (the largest
 * entry, the engine state) is removed and the save retried once.
 */
export function saveChatConfig(config: ChatConfig, store: ChatStore = chatStorage): boolean {
  const save = () =>
    store.setJson(CHAT_KEYS.config, config) && store.set(CHAT_KEYS.alwaysShowOptions, String(config.alwaysShowOptions));
  if (save()) return true;
  store.remove(CHAT_KEYS.session);
  return save();
}

/** Removes every key of one session (after 'Start over' gave the chat a new session id). */
export function removeChatSessionKeys(sessionId: string, store: ChatStore = chatStorage): void {
  for (const key of SESSION_KEY_NAMES) store.remove(key(sessionId));
}
