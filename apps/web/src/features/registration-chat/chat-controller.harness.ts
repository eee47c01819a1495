import { DEFAULT_CHAT_CONFIG, type ChatConfig } from '@tavara/shared/registration-chat/chat-config';
import type { ChatState } from '@tavara/shared/registration-chat/chat-state';
import { CHAT_OPTION_IDS, getNextQuestion } from '@tavara/shared/registration-chat/engine';
import { isMultiSelectQuestion, REGISTRATION_FLOWS } from '@tavara/shared/registration-chat/flows';
import { createTestDeps, sampleAnswer } from '@tavara/shared/registration-chat/test-helpers';
import type { PublicRole } from '@tavara/shared/roles';
import { afterEach, vi } from 'vitest';
import { fetchChatAiStatus } from './chat-ai';
import {
  RegistrationChatController,
  type ChatAiEnvironment,
  type ChatControllerOptions,
  type ChatScheduler,
  type ChatUiPort,
} from './chat-controller';
import { createChatStore } from './chat-storage';

/**
 * The chat controller, stage by stage, over the real engine and flows, the real persistence and
 * sync queue, with the outside injected: an in-memory localStorage, a hand-driven clock, and a
 * `fetch` that answers as the API does (the real endpoint is exercised by e2e/registration-chat).
 */

/** localStorage in memory; `refuse` makes chosen writes fail as a full quota does. */
export class MemoryStorage implements Storage {
  readonly items = new Map<string, string>();
  refuse: (key: string) => boolean = () => false;
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    if (this.refuse(key)) throw new DOMException('quota', 'QuotaExceededError');
    this.items.set(key, value);
  }
}

/** Timers that run only when the test moves the clock. */
export class ManualClock implements ChatScheduler {
  now = 0;
  private nextId = 1;
  private readonly timers = new Map<number, { at: number; run: () => void }>();
  setTimeout = (run: () => void, ms: number): number => {
    const id = this.nextId++;
    this.timers.set(id, { at: this.now + ms, run });
    return id;
  };
  clearTimeout = (handle: unknown): void => {
    this.timers.delete(handle as number);
  };
  /** Moves the clock by `ms`, running every timer that falls due, in order. */
  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.now = due[1].at;
      due[1].run();
    }
    this.now = until;
  }
  get pending(): number {
    return this.timers.size;
  }
}

/** Lets pending promises (fetch bodies, awaited AI calls) finish. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export type AiAnswer = (body: { fieldContext: { questionId: string } }) => Response;

/** `/api/chat/ai/status` and `/api/chat/ai` as the API answers them; `answer` decides each call. */
export function aiServer(answer: AiAnswer, options: { available?: boolean } = {}) {
  const calls: string[] = [];
  const pauses: number[] = [];
  let online = true;
  const fetchImpl = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    if (url === '/api/chat/ai/status') return Promise.resolve(json(200, { available: options.available ?? true }));
    const body = JSON.parse(String(init?.body)) as { fieldContext: { questionId: string } };
    calls.push(body.fieldContext.questionId);
    return Promise.resolve(answer(body));
  };
  const env: ChatAiEnvironment = {
    fetch: fetchImpl as typeof fetch,
    isOnline: () => online,
    sleep: (ms) => {
      pauses.push(ms);
      return Promise.resolve();
    },
  };
  return {
    env,
    calls,
    pauses,
    setOnline(value: boolean) {
      online = value;
    },
  };
}

/** The chat UI store's part: role bubbles and closing the chat. */
export function createUi(initialRole: PublicRole | null = null) {
  let state = { initialRole, roleRequest: 0 };
  const listeners = new Set<() => void>();
  const log: string[] = [];
  const ui: ChatUiPort & { pressRoleBubble(role: PublicRole): void; log: string[] } = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    consumeInitialRole() {
      log.push('consumed');
      state = { ...state, initialRole: null };
    },
    closeAll() {
      log.push('closed');
    },
    pressRoleBubble(role) {
      state = { initialRole: role, roleRequest: state.roleRequest + 1 };
      listeners.forEach((listener) => listener());
    },
    log,
  };
  return ui;
}

export interface Setup {
  storage?: MemoryStorage;
  typingDelayMs?: number;
  ai?: ChatAiEnvironment | null;
  config?: ChatConfig;
  ui?: ReturnType<typeof createUi>;
  sync?: ChatControllerOptions['sync'];
  clock?: ManualClock;
}

/** A sync the server has already issued an id to (`server-` + the local id); it sends nothing. */
export const issuedSync: ChatControllerOptions['sync'] = {
  update: () => {},
  flush: () => Promise.resolve(),
  serverSessionId: (localId) => Promise.resolve(`server-${localId}`),
};

export const started: RegistrationChatController[] = [];
afterEach(() => {
  started.splice(0).forEach((chat) => chat.dispose());
  vi.restoreAllMocks();
});

export function setup(options: Setup = {}) {
  const storage = options.storage ?? new MemoryStorage();
  const clock = options.clock ?? new ManualClock();
  const ui = options.ui ?? createUi();
  let config = options.config ?? { ...DEFAULT_CHAT_CONFIG, mode: 'scripted' };
  const toasts: string[] = [];
  const navigations: string[] = [];
  const unavailable: string[] = [];
  let renders = 0;
  const chat = new RegistrationChatController({
    flows: REGISTRATION_FLOWS,
    deps: createTestDeps(),
    typingDelayMs: options.typingDelayMs ?? 0,
    scheduler: clock,
    store: createChatStore(() => storage),
    // With an AI, the chat needs the server's id for its session (issue 13): a sync that has it.
    sync: options.sync ?? (options.ai ? issuedSync : null),
    ai: options.ai ?? null,
    settings: {
      getConfig: () => config,
      loadAiStatus: (fetchImpl) => fetchChatAiStatus(fetchImpl),
      markAiUnavailable: (reason) => unavailable.push(reason),
    },
    ui,
    navigate: (path) => navigations.push(path),
    toastError: (message) => toasts.push(message),
  });
  chat.subscribe(() => {
    renders += 1;
  });
  started.push(chat);
  chat.connect();
  return {
    chat,
    storage,
    clock,
    ui,
    toasts,
    navigations,
    unavailable,
    get renders() {
      return renders;
    },
    setConfig(next: ChatConfig) {
      config = next;
    },
    get state(): ChatState {
      return chat.getSnapshot().state;
    },
    /** The texts shown, as the visitor reads them (the AI's wording where there is one). */
    get shown(): string[] {
      return chat.getSnapshot().messages.map((m) => m.formattedContent ?? m.content);
    },
    get question(): string | undefined {
      const step = getNextQuestion(REGISTRATION_FLOWS, chat.getSnapshot().state);
      return step.kind === 'question' && !chat.getSnapshot().state.awaitingContinue ? step.question.id : undefined;
    },
    /** Answers the questions in order until `questionId` is asked (`null`: until the interview is complete). */
    answerUntil(questionId: string | null) {
      for (let guard = 0; guard < 80; guard += 1) {
        const { state } = chat.getSnapshot();
        if (questionId === null && state.completed) return;
        if (state.awaitingContinue) {
          chat.selectOption(CHAT_OPTION_IDS.continue);
          continue;
        }
        const step = getNextQuestion(REGISTRATION_FLOWS, state);
        if (step.kind !== 'question') throw new Error(`no question asked (${step.kind})`);
        if (step.question.id === questionId) return;
        const { question } = step;
        if (isMultiSelectQuestion(question)) {
          chat.selectOption(question.options?.[0]?.id ?? '');
          chat.selectOption(CHAT_OPTION_IDS.doneSelecting);
        } else if (question.options?.length) {
          chat.selectOption(question.options[0]?.id ?? '');
        } else {
          chat.changeInput(sampleAnswer(question));
          chat.sendInput();
        }
        clock.advance(10_000);
      }
      throw new Error(`never reached ${questionId ?? 'the end'}`);
    },
  };
}

export const saved = (storage: MemoryStorage, key: string) => storage.getItem(`tavara_chat_${key}`);
