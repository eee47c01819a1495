import { PRODUCT_NAME } from '../product';

/**
 * Spec §3 "Browser storage", chat keys: the `{product}_chat_` prefix. Zod-free on purpose: the
 * chat launcher (every page's first load) and the registration forms both read these keys.
 */
export const CHAT_STORAGE_PREFIX = `${PRODUCT_NAME.toLowerCase()}_chat_`;

/** The chat's current session id. /auth reads it too, to link the chat at sign-up (issue 14). */
export const CHAT_SESSION_ID_STORAGE_KEY = `${CHAT_STORAGE_PREFIX}session_id`;

/** Spec §3 "Chat progress" of a session: its role and answers by question id. */
export const chatProgressStorageKey = (sessionId: string) => `${CHAT_STORAGE_PREFIX}progress_${sessionId}`;

/** The prefill object the chat leaves for the registration form (`?session={sessionId}`). */
export const chatPrefillStorageKey = (sessionId: string) => `${CHAT_STORAGE_PREFIX}prefill_${sessionId}`;

/**
 * The id the server issued for a chat (`POST /api/chat/sessions`), under the chat's local id: the
 * chat starts with a local id (it works offline) and gets the server's on its first sync. The
 * sync, the AI calls and the sign-up hand-over use the server's id.
 */
export const chatServerSessionStorageKey = (localSessionId: string) =>
  `${CHAT_STORAGE_PREFIX}server_session_${localSessionId}`;

/**
 * Chat keys that are this device's settings, not a person's conversation: they survive sign-out
 * (issue 14), while everything else under the prefix — transcript, answers, prefill, session id —
 * is removed, so the next person on a shared phone sees none of it.
 */
export const CHAT_DEVICE_SETTING_KEYS: readonly string[] = ['config', 'always_show_options', 'typing_delay_ms'];
