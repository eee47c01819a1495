import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import type { ChatDeps } from '@tavara/shared/registration-chat/engine';
import { REGISTRATION_FLOWS, type ChatFlows } from '@tavara/shared/registration-chat/flows';
import { toast } from '@/lib/toast';
import { getChatSyncQueue, type ChatSyncQueue } from '../api/chat-sync';
import {
  CHAT_TYPING_DELAY_MS,
  RegistrationChatController,
  type ChatActions,
  type ChatAiEnvironment,
  type ChatScheduler,
  type ChatSettingsPort,
  type ChatSnapshot,
} from '../chat-controller';
import { CHAT_KEYS, chatStorage } from '../chat-storage';
import { getChatConfig, loadChatAiStatus, markChatAiUnavailable } from '../chat-settings-store';
import { chatUi } from '../chat-ui-store';
import { createRandomId } from '../random-id';

/** The typing pause: the default, or the browser tests' shorter one (`CHAT_KEYS.typingDelayMs`). */
function typingDelayFromStorage(): number {
  const stored = chatStorage.get(CHAT_KEYS.typingDelayMs);
  const override = stored === null ? Number.NaN : Number(stored);
  return Number.isInteger(override) && override >= 0 && override <= CHAT_TYPING_DELAY_MS
    ? override
    : CHAT_TYPING_DELAY_MS;
}

const BROWSER_DEPS: ChatDeps = { random: Math.random, now: Date.now, createId: createRandomId };

const BROWSER_AI: ChatAiEnvironment = {
  fetch: (...args) => window.fetch(...args),
  isOnline: () => navigator.onLine,
  sleep: (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
};

const BROWSER_SCHEDULER: ChatScheduler = {
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

const BROWSER_SETTINGS: ChatSettingsPort = {
  getConfig: getChatConfig,
  loadAiStatus: loadChatAiStatus,
  markAiUnavailable: markChatAiUnavailable,
};

export interface RegistrationChatOptions {
  /** Delay per bot message while the typing indicator shows; 0 shows messages at once. */
  readonly typingDelayMs?: number;
  readonly flows?: ChatFlows;
  /** Randomness, clock and ids for the engine. */
  readonly deps?: ChatDeps;
  /** Server sync; `null` keeps the chat local only. Defaults to the page's sync queue. */
  readonly sync?: ChatSyncQueue | null;
  /** The AI endpoint; `null` never asks it (scripted whatever the settings say). */
  readonly ai?: ChatAiEnvironment | null;
}

/** Everything the chat component renders and can do. */
export type RegistrationChat = ChatSnapshot & ChatActions;

function isDebugSearch(search: string): boolean {
  return new URLSearchParams(search).get('debug') === 'true';
}

/**
 * The registration chat for React: one `RegistrationChatController` (chat-controller.ts, where
 * the behaviour lives and is unit tested) wired to the browser — localStorage, timers, the page's
 * sync queue, the AI endpoint, the chat UI store, the router and toasts — and subscribed to with
 * `useSyncExternalStore`. Options and the router are read once, when the chat mounts.
 */
export function useRegistrationChat(options: RegistrationChatOptions = {}): RegistrationChat {
  // The first render's navigate serves for good: the form's paths are absolute, so it does not
  // matter which page the function was made on.
  const navigate = useNavigate();
  const debug = isDebugSearch(useLocation().search);
  const [controller] = useState(() => {
    const ai = options.ai === undefined ? BROWSER_AI : options.ai;
    return new RegistrationChatController({
      flows: options.flows ?? REGISTRATION_FLOWS,
      deps: options.deps ?? BROWSER_DEPS,
      typingDelayMs: options.typingDelayMs ?? typingDelayFromStorage(),
      scheduler: BROWSER_SCHEDULER,
      store: chatStorage,
      sync: options.sync === undefined ? getChatSyncQueue(debug) : options.sync,
      ai,
      settings: BROWSER_SETTINGS,
      ui: chatUi,
      navigate: (path) => void navigate(path),
      toastError: (message) => toast.error(message),
      renderNow: (notify) => flushSync(notify),
      debugLog: debug ? (label, payload) => console.info(`[chat] ${label}`, payload) : undefined,
    });
  });
  useEffect(() => controller.connect(), [controller]);
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);
  return useMemo(
    () => ({
      ...snapshot,
      selectOption: controller.selectOption,
      changeInput: controller.changeInput,
      sendInput: controller.sendInput,
      startOver: controller.startOver,
      openRegistrationForm: controller.openRegistrationForm,
    }),
    [controller, snapshot],
  );
}
