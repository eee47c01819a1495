import { useSyncExternalStore } from 'react';
import { chatConfigSchema, DEFAULT_CHAT_CONFIG, type ChatConfig } from '@tavara/shared/registration-chat/chat-config';
import { fetchChatAiStatus, type ChatAiServerStatus } from './chat-ai';
import { CHAT_KEYS, chatStorage, saveChatConfig } from './chat-storage';

/**
 * The chat settings (spec §3 "Chat config", saved under `{product}_chat_config`) and whether
 * the server has AI, as two small stores the hook and the Chat Settings dialog share. Part of the
 * lazily loaded chat: zod is fine here.
 */

let config: ChatConfig | null = null;
let aiStatus: ChatAiServerStatus | null = null;
let aiStatusRequest: Promise<ChatAiServerStatus> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const notify = () => listeners.forEach((listener) => listener());

/** The saved settings, defaults filled in; a missing or unreadable entry gives the defaults. */
export function getChatConfig(): ChatConfig {
  if (!config) {
    const parsed = chatConfigSchema.safeParse(chatStorage.getJson(CHAT_KEYS.config) ?? {});
    config = parsed.success ? parsed.data : DEFAULT_CHAT_CONFIG;
  }
  return config;
}

/** Saves the settings (spec §8: on failure the session key is dropped and the save retried once). */
export function setChatConfig(next: ChatConfig): boolean {
  const saved = saveChatConfig(next);
  config = next;
  notify();
  return saved;
}

export function useChatConfig(): ChatConfig {
  return useSyncExternalStore(subscribe, getChatConfig, getChatConfig);
}

/** Asks the server once per page whether AI is configured. */
export function loadChatAiStatus(
  fetchImpl: typeof fetch = (...args) => window.fetch(...args),
): Promise<ChatAiServerStatus> {
  aiStatusRequest ??= fetchChatAiStatus(fetchImpl).then((status) => {
    aiStatus = status;
    notify();
    return status;
  });
  return aiStatusRequest;
}

/** The server said AI is not available after all (a 503 from the endpoint). */
export function markChatAiUnavailable(reason: string): void {
  aiStatus = { available: false, reason };
  aiStatusRequest = Promise.resolve(aiStatus);
  notify();
}

/** Null while the server has not answered yet. */
export function useChatAiStatus(): ChatAiServerStatus | null {
  return useSyncExternalStore(
    subscribe,
    () => aiStatus,
    () => null,
  );
}
