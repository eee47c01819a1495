import { DEFAULT_ROLE, type PublicRole } from '@tavara/shared/roles';
import {
  DEFAULT_CHAT_CONFIG,
  REGISTRATION_REDIRECT_DELAY_MS,
  type ChatConfig,
} from '@tavara/shared/registration-chat/chat-config';
import { createChatState, type ChatMessage, type ChatState } from '@tavara/shared/registration-chat/chat-state';
import {
  applyChatEvent,
  CHAT_OPTION_IDS,
  getChatProgressBar,
  getNextQuestion,
  isChatInputEnabled,
  type ChatDeps,
  type ChatEvent,
  type ChatProgressBar,
} from '@tavara/shared/registration-chat/engine';
import { isMultiSelectQuestion, type ChatFlows } from '@tavara/shared/registration-chat/flows';
import { enforceChatDialect } from '@tavara/shared/registration-chat/dialect';
import { getRegistrationHandover, REGISTRATION_PATHS } from '@tavara/shared/registration-chat/prefill';
import { toChatSyncSnapshot, type ChatSyncSnapshot } from './api/chat-sync';
import {
  buildChatAiRequest,
  callChatAi,
  CHAT_AI_FAILURE_NOTICES,
  CHAT_AI_FALLBACK_NOTICE,
  INITIAL_AI_FALLBACK,
  recordAiOutcome,
  requestWithRetries,
  shouldUseAi,
  type ChatAiFallbackState,
} from './chat-ai';
import { persistChatState, restoreChatState } from './chat-persistence';
import { CHAT_MEASURES, measureChatWork } from './chat-performance';
import { CHAT_KEYS, removeChatSessionKeys, saveChatConfig, type ChatStore } from './chat-storage';

/**
 * The registration chat's behaviour, free of React and of the browser (issue 15): restores the
 * saved conversation, starts it (on a preset role when a role chat bubble opened it), reveals bot
 * messages one by one behind a typing delay, has the AI word questions (holding each back until
 * it is worded or the AI gave up), saves every change, queues it for the server, and carries out
 * the engine's hand-over to the registration form. Everything outside — timers, storage, the sync
 * queue, the AI endpoint, the settings, the chat UI store, navigation, toasts — is injected, so a
 * unit test drives a whole conversation (`chat-controller.test.ts`). `useRegistrationChat` only
 * subscribes React to it.
 */

/** How long the bot 'types' before each of its messages appears. */
export const CHAT_TYPING_DELAY_MS = 450;

/** How the chat reaches the AI endpoint; injected so tests can run without a server. */
export interface ChatAiEnvironment {
  readonly fetch: typeof fetch;
  /**
   * Offline the AI is not asked: the question keeps its scripted wording, quietly (a failure
   * toast could not even load its code), and nothing counts towards the hybrid fallback.
   */
  readonly isOnline: () => boolean;
  /** The pause between retries (spec §7: 1 s). */
  readonly sleep: (ms: number) => Promise<void>;
}

/** Timers: the browser's in the app, fake ones in tests. */
export interface ChatScheduler {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The part of the sync queue (`api/chat-sync.ts`) the chat uses. */
export interface ChatSyncPort {
  update(snapshot: ChatSyncSnapshot): void;
  flush(): Promise<void>;
  /**
   * The server's id for the chat (issue 13: the server issues ids; the chat starts with a local
   * one), once the chat's current state has reached it; null while it has none.
   */
  serverSessionId(localId: string): Promise<string | null>;
}

/** The chat settings and the server's AI status (`chat-settings-store.ts`). */
export interface ChatSettingsPort {
  getConfig(): ChatConfig;
  /** Whether the server has AI (asked once per page). */
  loadAiStatus(fetchImpl: typeof fetch): Promise<{ readonly available: boolean }>;
  /** The endpoint answered that AI is not available after all. */
  markAiUnavailable(reason: string): void;
}

/** The part of the chat UI store (`chat-ui-store.ts`) the conversation reads and drives. */
export interface ChatUiPort {
  getState(): { readonly initialRole: PublicRole | null; readonly roleRequest: number };
  subscribe(listener: () => void): () => void;
  consumeInitialRole(): void;
  /** Closes the panel and the full-screen dialog (after the hand-over). */
  closeAll(): void;
}

export interface ChatControllerOptions {
  readonly flows: ChatFlows;
  /** Randomness, clock and ids for the engine. */
  readonly deps: ChatDeps;
  /** Delay per bot message while the typing indicator shows; 0 shows messages at once. */
  readonly typingDelayMs: number;
  readonly scheduler: ChatScheduler;
  readonly store: ChatStore;
  /** Server sync; `null` keeps the chat local only. */
  readonly sync: ChatSyncPort | null;
  /** The AI endpoint; `null` never asks it (scripted whatever the settings say). */
  readonly ai: ChatAiEnvironment | null;
  readonly settings: ChatSettingsPort;
  readonly ui: ChatUiPort;
  readonly navigate: (path: string) => void;
  /** The spec's error toasts. */
  readonly toastError: (message: string) => void;
  /**
   * Runs `notify` so that the view updates at once (React's `flushSync`): a user action and a
   * revealed bot message are then measured with their rendering. Without it, listeners are simply called.
   */
  readonly renderNow?: (notify: () => void) => void;
  /** `?debug=true`: every event and AI payload (console.info). */
  readonly debugLog?: (label: string, payload: unknown) => void;
}

/** What the chat shows. The same object until something changes (for `useSyncExternalStore`). */
export interface ChatSnapshot {
  readonly state: ChatState;
  /** The messages shown so far: bot messages still being 'typed' are held back. */
  readonly messages: readonly ChatMessage[];
  readonly isTyping: boolean;
  /** Spec §2: questions stage, completion or the resume prompt — and the bot is not typing. */
  readonly isInputEnabled: boolean;
  readonly progressBar: ChatProgressBar | null;
  /** Ids of the options that tick on and off (a checkbox or multiselect question is asked), else null. */
  readonly toggleOptionIds: readonly string[] | null;
  /** The hand-over to the registration form is under way ('Preparing registration form...'). */
  readonly isHandingOver: boolean;
}

/** What the visitor can do. */
export interface ChatActions {
  selectOption(optionId: string): void;
  changeInput(value: string): void;
  /** Sends what is in the input box. */
  sendInput(): void;
  /** 'Start over' / 'Start a new chat': back to the welcome, with a new session id. */
  startOver(): void;
  /** 'I'd rather fill out a quick form →': saves the prefill and goes to the role's form. */
  openRegistrationForm(): void;
}

interface ChatView {
  readonly state: ChatState;
  /** Ids of bot messages not shown yet, in order. */
  readonly hidden: readonly string[];
  /** Question messages held back (in `hidden`) until the AI has worded them or given up. */
  readonly awaitingAi: readonly string[];
}

/** State changes worth saving and syncing; typing in the input box alone is not one. */
function isSameSavedState(a: ChatState, b: ChatState): boolean {
  return (
    a.sessionId === b.sessionId &&
    a.messages === b.messages &&
    a.answers === b.answers &&
    a.selection === b.selection &&
    a.stage === b.stage &&
    a.role === b.role &&
    a.sectionIndex === b.sectionIndex &&
    a.questionIndex === b.questionIndex &&
    a.awaitingContinue === b.awaitingContinue &&
    a.completed === b.completed &&
    a.isResuming === b.isResuming &&
    a.handedOverAt === b.handedOverAt
  );
}

export class RegistrationChatController implements ChatActions {
  private view: ChatView;
  private snapshot: ChatSnapshot;
  private readonly listeners = new Set<() => void>();
  /** Consecutive AI failures; starts afresh when the settings change (a new config object). */
  private fallback: ChatAiFallbackState = INITIAL_AI_FALLBACK;
  private fallbackConfig: ChatConfig;
  private handingOver = false;
  private saved: ChatState | null = null;
  private readonly requestedAi = new Set<string>();
  /** The reveal timer and the message it reveals. */
  private reveal: { readonly messageId: string; readonly handle: unknown } | null = null;
  private seenRoleRequest: number;
  private unsubscribeUi: (() => void) | null = null;
  private connected = false;

  constructor(private readonly options: ChatControllerOptions) {
    const { deps, flows, ui, settings, store } = options;
    const { initialRole, roleRequest } = ui.getState();
    this.seenRoleRequest = roleRequest;
    this.fallbackConfig = settings.getConfig();
    // Reads storage only: React may construct the controller twice (StrictMode).
    let state = restoreChatState(deps.now(), deps.createId, store);
    // A role bubble was pressed: a chat still at its welcome starts over on that role.
    if (initialRole && state.role === null) {
      state = createChatState({ sessionId: state.sessionId, now: deps.now(), initialRole });
    }
    const started = applyChatEvent(flows, state, { type: 'start', initialRole }, deps);
    const held = this.holdForAi(started.messages, this.hideNew(started.state, started.messages));
    this.view = { state: started.state, hidden: held.hidden, awaitingAi: held.holds };
    this.snapshot = this.toSnapshot(this.view);
  }

  // ---- The store React subscribes to ----

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): ChatSnapshot => this.snapshot;

  /**
   * Starts the side effects: default settings, role-bubble requests, saving, the AI and the
   * reveal timer. Returns `dispose`. Called once the chat is shown (an effect in React).
   */
  connect(): () => void {
    const { store, ui } = this.options;
    this.connected = true;
    // The settings (chat settings issue) start from the defaults.
    if (store.get(CHAT_KEYS.config) === null) saveChatConfig(DEFAULT_CHAT_CONFIG, store);
    this.log('start', { state: this.view.state });
    if (ui.getState().initialRole) ui.consumeInitialRole();
    this.unsubscribeUi?.();
    this.unsubscribeUi = ui.subscribe(this.onUiChange);
    this.afterChange();
    return () => this.dispose();
  }

  /** Stops the timers and the role-bubble subscription; a hand-over already under way still completes. */
  dispose(): void {
    this.connected = false;
    this.unsubscribeUi?.();
    this.unsubscribeUi = null;
    this.cancelReveal();
  }

  // ---- Actions ----

  readonly selectOption = (optionId: string): void => this.dispatch({ type: 'option_selected', optionId });

  readonly changeInput = (value: string): void => this.dispatch({ type: 'input_changed', value });

  readonly sendInput = (): void => this.dispatch({ type: 'text_submitted', text: this.view.state.input });

  readonly startOver = (): void => {
    const previous = this.view.state.sessionId;
    this.dispatch({ type: 'reset', renewSession: true }, { restart: true });
    // The old session's answers stay on the server (if synced); this browser forgets them.
    removeChatSessionKeys(previous, this.options.store);
  };

  // Through the engine, so the hand-over is recorded in the state (and synced) like the option's.
  readonly openRegistrationForm = (): void =>
    this.dispatch({ type: 'option_selected', optionId: CHAT_OPTION_IDS.form });

  // ---- Internals ----

  private log(label: string, payload: unknown): void {
    this.options.debugLog?.(label, payload);
  }

  /** Spec §4: bot messages are 'typed' one by one, except in a resumed conversation. */
  private hideNew(state: ChatState, added: readonly ChatMessage[]): string[] {
    return this.options.typingDelayMs > 0 && !state.isResuming ? added.filter((m) => !m.isUser).map((m) => m.id) : [];
  }

  private currentFallback(): ChatAiFallbackState {
    // New settings (saved in the Chat Settings dialog) give the AI a fresh start.
    const config = this.options.settings.getConfig();
    if (config !== this.fallbackConfig) {
      this.fallbackConfig = config;
      this.fallback = INITIAL_AI_FALLBACK;
    }
    return this.fallback;
  }

  /**
   * Which of the bot messages just added wait for the AI: the questions, when the settings ask for
   * AI and hybrid mode has not fallen back. They join `hidden`, so the typing indicator shows.
   */
  private holdForAi(
    added: readonly ChatMessage[],
    hidden: readonly string[],
  ): { hidden: readonly string[]; holds: readonly string[] } {
    const { ai, settings } = this.options;
    if (ai === null || !shouldUseAi(settings.getConfig(), 'unknown', this.currentFallback())) {
      return { hidden, holds: [] };
    }
    const holds = added.filter((m) => !m.isUser && m.questionId !== undefined).map((m) => m.id);
    return { hidden: [...hidden, ...holds.filter((id) => !hidden.includes(id))], holds };
  }

  private toSnapshot(view: ChatView): ChatSnapshot {
    const { flows } = this.options;
    const { state, hidden } = view;
    const messages = hidden.length === 0 ? state.messages : state.messages.filter((m) => !hidden.includes(m.id));
    const isTyping = hidden.length > 0;
    return {
      state,
      messages,
      isTyping,
      isInputEnabled: isChatInputEnabled(state) && !isTyping,
      progressBar: getChatProgressBar(flows, state),
      toggleOptionIds: this.toggleOptionIds(state),
      isHandingOver: this.handingOver,
    };
  }

  private toggleOptionIds(state: ChatState): readonly string[] | null {
    if (state.stage !== 'questions' || state.awaitingContinue || state.isResuming) return null;
    const step = getNextQuestion(this.options.flows, state);
    if (step.kind !== 'question' || !isMultiSelectQuestion(step.question)) return null;
    return (step.question.options ?? []).map((option) => option.id);
  }

  /** Shows `view`; `now` renders it at once (an action or a revealed message, which are measured). */
  private commit(view: ChatView, now = false): void {
    this.view = view;
    this.snapshot = this.toSnapshot(view);
    const notify = () => this.listeners.forEach((listener) => listener());
    if (now && this.options.renderNow) this.options.renderNow(notify);
    else notify();
  }

  private setHandingOver(value: boolean): void {
    this.handingOver = value;
    this.snapshot = { ...this.snapshot, isHandingOver: value };
    this.listeners.forEach((listener) => listener());
  }

  /** What follows every change: save it, ask the AI for new questions, time the next reveal. */
  private afterChange(): void {
    if (!this.connected) return;
    this.save();
    this.requestAiWording();
    this.scheduleReveal();
  }

  /** Saves and syncs every change that matters (not each keystroke in the input box). */
  private save(): void {
    const { state } = this.view;
    if (this.saved && isSameSavedState(this.saved, state)) return;
    this.saved = state;
    const { flows, store, sync } = this.options;
    measureChatWork(CHAT_MEASURES.save, () => {
      persistChatState(flows, state, store);
      sync?.update(toChatSyncSnapshot(flows, state));
    });
  }

  private cancelReveal(): void {
    if (this.reveal) this.options.scheduler.clearTimeout(this.reveal.handle);
    this.reveal = null;
  }

  /**
   * Reveals held-back bot messages one at a time, `typingDelayMs` apart; a question waiting for the
   * AI stops the line until it is released. A timer already running for the same message goes on.
   */
  private scheduleReveal(): void {
    const next = this.view.hidden[0];
    const ready = next !== undefined && !this.view.awaitingAi.includes(next);
    if (this.reveal && ready && this.reveal.messageId === next) return;
    this.cancelReveal();
    if (!ready) return;
    const handle = this.options.scheduler.setTimeout(() => {
      this.reveal = null;
      measureChatWork(CHAT_MEASURES.botMessage, () =>
        this.commit({ ...this.view, hidden: this.view.hidden.slice(1) }, true),
      );
      this.afterChange();
    }, this.options.typingDelayMs);
    this.reveal = { messageId: next, handle };
  }

  /**
   * Applies one event. `from` replaces the state the event applies to (a fresh chat for a role
   * bubble); `restart` drops the bot messages still held back (the transcript is replaced).
   */
  private dispatch(event: ChatEvent, options: { from?: ChatState; restart?: boolean } = {}): void {
    const apply = () => {
      const { flows, deps } = this.options;
      const current = this.view;
      const transition = applyChatEvent(flows, options.from ?? current.state, event, deps);
      if (event.type !== 'input_changed') this.log(event.type, { event, ...transition });
      if (transition.effect?.type === 'open_registration_form') this.handOver(transition.state);
      if (transition.state === current.state) return;
      const fresh = options.restart || options.from;
      const held = this.holdForAi(transition.messages, this.hideNew(transition.state, transition.messages));
      // Typing re-renders as usual; an action renders at once, so its measure covers the work.
      this.commit(
        {
          state: transition.state,
          hidden: fresh ? held.hidden : [...current.hidden, ...held.hidden],
          awaitingAi: fresh ? held.holds : [...current.awaitingAi, ...held.holds],
        },
        event.type !== 'input_changed',
      );
    };
    if (event.type === 'input_changed') apply();
    else measureChatWork(CHAT_MEASURES.userEvent, apply);
    this.afterChange();
  }

  /** Applies an event of the AI mode (a wording, a note) without holding anything back for the AI. */
  private applyAiEvent(event: Extract<ChatEvent, { type: 'message_formatted' | 'note_added' }>): void {
    const current = this.view;
    const transition = applyChatEvent(this.options.flows, current.state, event, this.options.deps);
    if (transition.state === current.state) return;
    this.log(event.type, { event });
    let hidden = current.hidden;
    if (event.type === 'note_added') {
      // The note is 'typed' just before the question it precedes.
      const ids = transition.messages.map((m) => m.id);
      const at = event.beforeMessageId ? hidden.indexOf(event.beforeMessageId) : -1;
      hidden = at === -1 ? [...hidden, ...ids] : [...hidden.slice(0, at), ...ids, ...hidden.slice(at)];
    }
    this.commit({ ...current, state: transition.state, hidden });
    this.afterChange();
  }

  private releaseAiHold(messageId: string): void {
    const current = this.view;
    if (!current.awaitingAi.includes(messageId)) return;
    this.commit({ ...current, awaitingAi: current.awaitingAi.filter((id) => id !== messageId) });
    this.afterChange();
  }

  private requestAiWording(): void {
    for (const id of this.view.awaitingAi) {
      if (this.requestedAi.has(id)) continue;
      this.requestedAi.add(id);
      void this.wordWithAi(id);
    }
  }

  /**
   * Words one question with the AI (decision 010): up to 3 retries 1 s apart; on failure the
   * spec's toast and bot text, then the scripted wording, so the chat never stalls. Hybrid mode
   * stops asking after `fallbackThreshold` failures in a row and says so once.
   */
  private async wordWithAi(messageId: string): Promise<void> {
    const { ai, settings, flows, toastError, debugLog, sync } = this.options;
    if (!ai) return;
    // The AI answers only for a chat the server issued and holds at this question (issue 13).
    const sessionIdFor = (localId: string) => sync?.serverSessionId(localId) ?? Promise.resolve(null);
    try {
      if (!ai.isOnline()) return;
      const status = await settings.loadAiStatus(ai.fetch);
      const config = settings.getConfig();
      const state = this.view.state;
      const message = state.messages.find((m) => m.id === messageId);
      if (!status.available || !message || !shouldUseAi(config, 'available', this.currentFallback())) return;
      const payload = buildChatAiRequest(flows, state, message, config);
      if (!payload) return;
      const outcome = await requestWithRetries(() => callChatAi(payload, { fetch: ai.fetch, debugLog, sessionIdFor }), {
        sleep: ai.sleep,
      });
      // The visitor started over meanwhile: this question is gone.
      if (!this.view.state.messages.some((m) => m.id === messageId)) return;
      // The connection went away meanwhile: scripted wording, quietly, as when offline from the start.
      if (!outcome.ok && !ai.isOnline()) return;
      const recorded = recordAiOutcome(this.currentFallback(), outcome.ok, config);
      this.fallback = recorded.state;
      if (outcome.ok) {
        this.applyAiEvent({
          type: 'message_formatted',
          messageId,
          formattedContent: enforceChatDialect(outcome.message),
        });
        return;
      }
      if (outcome.unavailable) settings.markAiUnavailable(CHAT_AI_FAILURE_NOTICES.connection.toast);
      const notice = CHAT_AI_FAILURE_NOTICES[outcome.kind];
      toastError(notice.toast);
      if (notice.botText)
        this.applyAiEvent({ type: 'note_added', content: notice.botText, beforeMessageId: messageId });
      if (recorded.announce) {
        this.applyAiEvent({ type: 'note_added', content: CHAT_AI_FALLBACK_NOTICE, beforeMessageId: messageId });
      }
    } catch (error) {
      // A bug of ours; the scripted wording is shown.
      console.warn('Chat AI wording failed', error);
      toastError(CHAT_AI_FAILURE_NOTICES.unexpected.toast);
    } finally {
      this.releaseAiHold(messageId);
    }
  }

  /** Carries out the engine's hand-over: saves the prefill, sends the state, then opens the form. */
  private handOver(state: ChatState): void {
    if (this.handingOver) return;
    const { store, flows, deps, sync, scheduler, ui, navigate } = this.options;
    this.setHandingOver(true);
    const { sessionId } = state;
    let path: string;
    try {
      store.set(CHAT_KEYS.transition(sessionId), 'true');
      store.set(CHAT_KEYS.autoRedirect(sessionId), 'true');
      const handover = getRegistrationHandover(flows, state, deps.now());
      if (handover.prefill && !store.setJson(CHAT_KEYS.prefill(sessionId), handover.prefill)) {
        throw new Error('the prefill could not be saved');
      }
      this.log('hand-over', handover);
      path = handover.path;
    } catch (error) {
      // Spec §4: if the prefill fails, go to the plain registration route.
      console.warn('Registration prefill failed; opening the empty form', error);
      path = REGISTRATION_PATHS[state.role ?? DEFAULT_ROLE];
    }
    // The hand-over itself (`handedOverAt`) is queued here rather than by the save, so this flush
    // sends it before the page moves on (the queue outlives the chat).
    sync?.update(toChatSyncSnapshot(flows, state));
    void sync?.flush();
    scheduler.setTimeout(() => {
      this.setHandingOver(false);
      ui.closeAll();
      navigate(path);
    }, REGISTRATION_REDIRECT_DELAY_MS);
  }

  /** A role bubble pressed while the chat is already loaded. */
  private readonly onUiChange = (): void => {
    const { ui, deps } = this.options;
    const { roleRequest, initialRole } = ui.getState();
    if (roleRequest === this.seenRoleRequest) return;
    this.seenRoleRequest = roleRequest;
    if (!initialRole) return;
    ui.consumeInitialRole();
    // A chat already under way keeps its answers; only one still at its welcome switches.
    if (this.view.state.role !== null) return;
    const { sessionId } = this.view.state;
    this.dispatch(
      { type: 'start', initialRole },
      { from: createChatState({ sessionId, now: deps.now(), initialRole }) },
    );
  };
}
