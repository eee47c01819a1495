import { PRODUCT_NAME } from '../product';

/**
 * Spec §3 "Browser storage", chat keys: the `{product}_chat_` prefix. Zod-free on purpose: the
 * chat launcher (every page's first load) and the registration forms both read these keys.
 */
export const CHAT_STORAGE_PREFIX = `${PRODUCT_NAME.toLowerCase()}_chat_`;

/** The prefill object the chat leaves for the registration form (`?session={sessionId}`). */
export const chatPrefillStorageKey = (sessionId: string) => `${CHAT_STORAGE_PREFIX}prefill_${sessionId}`;
