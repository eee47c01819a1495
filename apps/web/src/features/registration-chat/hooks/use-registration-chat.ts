import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { DEFAULT_ROLE, type PublicRole } from '@tavara/shared/roles';
import { DEFAULT_CHAT_CONFIG, REGISTRATION_REDIRECT_DELAY_MS } from '@tavara/shared/registration-chat/chat-config';
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
import { isMultiSelectQuestion, REGISTRATION_FLOWS, type ChatFlows } from '@tavara/shared/registration-chat/flows';
import { enforceChatDialect } from '@tavara/shared/registration-chat/dialect';
import { getRegistrationHandover, REGISTRATION_PATHS } from '@tavara/shared/registration-chat/prefill';
import { toast } from '@/lib/toast';
import { getChatSyncQueue, toChatSyncSnapshot, type ChatSyncQueue } from '../api/chat-sync';
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
} from '../chat-ai';
import { persistChatState, restoreChatState } from '../chat-persistence';
import { CHAT_MEASURES, measureChatWork } from '../chat-performance';
import { CHAT_KEYS, chatStorage, removeChatSessionKeys, saveChatConfig } from '../chat-storage';
import { getChatConfig, loadChatAiStatus, markChatAiUnavailable, useChatConfig } from '../chat-settings-store';
import { chatUi } from '../chat-ui-store';
import { createRandomId } from '../random-id';

/** How long the bot 'types' before each of its messages appears. */
export const CHAT_TYPING_DELAY_MS = 450;

/** The typing pause: the default, or the browser tests' shorter one (`CHAT_KEYS.typingDelayMs`). */
function typingDelayFromStorage(): number {
  const stored = chatStorage.get(CHAT_KEYS.typingDelayMs);
  const override = stored === null ? Number.NaN : Number(stored);
  return Number.isInteger(override) && override >= 0 && override <= CHAT_TYPING_DELAY_MS
    ? override
    : CHAT_TYPING_DELAY_MS;
}

const BROWSER_DEPS: ChatDeps = { random: Math.random, now: Date.now, createId: createRandomId };

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

const BROWSER_AI: ChatAiEnvironment = {
  fetch: (...args) => window.fetch(...args),
  isOnline: () => navigator.onLine,
  sleep: (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
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
export interface RegistrationChat {
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

/**
 * Which of the bot messages just added wait for the AI: the questions, when the settings ask for
 * AI and hybrid mode has not fallen back. They join `hidden`, so the typing indicator shows.
 */
function holdForAi(
  aiEnabled: boolean,
  fallback: ChatAiFallbackState,
  added: readonly ChatMessage[],
  hidden: readonly string[],
): { hidden: readonly string[]; holds: readonly string[] } {
  if (!aiEnabled || !shouldUseAi(getChatConfig(), 'unknown', fallback)) return { hidden, holds: [] };
  const holds = added.filter((m) => !m.isUser && m.questionId !== undefined).map((m) => m.id);
  return { hidden: [...hidden, ...holds.filter((id) => !hidden.includes(id))], holds };
}

function isDebugSearch(search: string): boolean {
  return new URLSearchParams(search).get('debug') === 'true';
}

/**
 * The registration chat as a React hook over the shared engine (`applyChatEvent`): restores the
 * saved conversation, starts it (on a preset role when a role chat bubble opened it), reveals bot
 * messages one by one behind a typing delay, saves every change locally, queues it for the
 * server, and carries out the engine's hand-over to the registration form.
 */
export function useRegistrationChat(options: RegistrationChatOptions = {}): RegistrationChat {
  const { flows = REGISTRATION_FLOWS, deps = BROWSER_DEPS } = options;
  const ai = options.ai === undefined ? BROWSER_AI : options.ai;
  const config = useChatConfig();
  const fallback = useRef<ChatAiFallbackState>(INITIAL_AI_FALLBACK);
  // New settings (saved in the Chat Settings dialog) give the AI a fresh start.
  useEffect(() => {
    fallback.current = INITIAL_AI_FALLBACK;
  }, [config]);
  const [typingDelayMs] = useState(() => options.typingDelayMs ?? typingDelayFromStorage());
  const navigate = useNavigate();
  const debug = isDebugSearch(useLocation().search);
  const [sync] = useState(() => (options.sync === undefined ? getChatSyncQueue(debug) : options.sync));

  const hideNew = useCallback(
    (state: ChatState, added: readonly ChatMessage[]): string[] =>
      // Spec §4: a resumed conversation hides the typing indicator.
      typingDelayMs > 0 && !state.isResuming ? added.filter((m) => !m.isUser).map((m) => m.id) : [],
    [typingDelayMs],
  );

  const [view, setView] = useState<ChatView>(() => {
    const { initialRole } = chatUi.getState();
    let state = restoreChatState(deps.now(), deps.createId);
    // A role bubble was pressed: a chat still at its welcome starts over on that role.
    if (initialRole && state.role === null) {
      state = createChatState({ sessionId: state.sessionId, now: deps.now(), initialRole });
    }
    const started = applyChatEvent(flows, state, { type: 'start', initialRole }, deps);
    const held = holdForAi(
      ai !== null,
      INITIAL_AI_FALLBACK,
      started.messages,
      hideNew(started.state, started.messages),
    );
    return { state: started.state, hidden: held.hidden, awaitingAi: held.holds };
  });
  const viewRef = useRef(view);
  useLayoutEffect(() => {
    viewRef.current = view;
  });
  const [isHandingOver, setHandingOver] = useState(false);
  const handingOver = useRef(false);

  const logDebug = useCallback(
    (label: string, payload: unknown) => {
      if (debug) console.info(`[chat] ${label}`, payload);
    },
    [debug],
  );

  const handOver = useCallback(
    (state: ChatState) => {
      if (handingOver.current) return;
      handingOver.current = true;
      setHandingOver(true);
      const { sessionId } = state;
      let path: string;
      try {
        chatStorage.set(CHAT_KEYS.transition(sessionId), 'true');
        chatStorage.set(CHAT_KEYS.autoRedirect(sessionId), 'true');
        const handover = getRegistrationHandover(flows, state, deps.now());
        if (handover.prefill && !chatStorage.setJson(CHAT_KEYS.prefill(sessionId), handover.prefill)) {
          throw new Error('the prefill could not be saved');
        }
        logDebug('hand-over', handover);
        path = handover.path;
      } catch (error) {
        // Spec §4: if the prefill fails, go to the plain registration route.
        console.warn('Registration prefill failed; opening the empty form', error);
        path = REGISTRATION_PATHS[state.role ?? DEFAULT_ROLE];
      }
      // The hand-over itself (`handedOverAt`) is queued here rather than by the save effect, so
      // this flush sends it before the page moves on (the queue outlives the chat's unmount).
      sync?.update(toChatSyncSnapshot(flows, state));
      void sync?.flush();
      window.setTimeout(() => {
        handingOver.current = false;
        setHandingOver(false);
        chatUi.closeAll();
        void navigate(path);
      }, REGISTRATION_REDIRECT_DELAY_MS);
    },
    [deps, flows, logDebug, navigate, sync],
  );

  /**
   * Applies one event. `from` replaces the state the event applies to (a fresh chat for a role
   * bubble); `restart` drops the bot messages still held back (the transcript is replaced).
   */
  const dispatch = useCallback(
    (event: ChatEvent, options: { from?: ChatState; restart?: boolean } = {}) => {
      const apply = () => {
        const current = viewRef.current;
        const transition = applyChatEvent(flows, options.from ?? current.state, event, deps);
        if (event.type !== 'input_changed') logDebug(event.type, { event, ...transition });
        if (transition.effect?.type === 'open_registration_form') handOver(transition.state);
        if (transition.state === current.state) return;
        const fresh = options.restart || options.from;
        const held = holdForAi(
          ai !== null,
          fallback.current,
          transition.messages,
          hideNew(transition.state, transition.messages),
        );
        const next: ChatView = {
          state: transition.state,
          hidden: fresh ? held.hidden : [...current.hidden, ...held.hidden],
          awaitingAi: fresh ? held.holds : [...current.awaitingAi, ...held.holds],
        };
        viewRef.current = next;
        // Typing re-renders as usual; an action renders at once, so its measure covers the work.
        if (event.type === 'input_changed') setView(next);
        else flushSync(() => setView(next));
      };
      if (event.type === 'input_changed') apply();
      else measureChatWork(CHAT_MEASURES.userEvent, apply);
    },
    [ai, deps, flows, handOver, hideNew, logDebug],
  );

  /** Applies an event of the AI mode (a wording, a note) without holding anything back for the AI. */
  const applyAiEvent = useCallback(
    (event: Extract<ChatEvent, { type: 'message_formatted' | 'note_added' }>) => {
      const current = viewRef.current;
      const transition = applyChatEvent(flows, current.state, event, deps);
      if (transition.state === current.state) return;
      logDebug(event.type, { event });
      let hidden = current.hidden;
      if (event.type === 'note_added') {
        // The note is 'typed' just before the question it precedes.
        const ids = transition.messages.map((m) => m.id);
        const at = event.beforeMessageId ? hidden.indexOf(event.beforeMessageId) : -1;
        hidden = at === -1 ? [...hidden, ...ids] : [...hidden.slice(0, at), ...ids, ...hidden.slice(at)];
      }
      const next: ChatView = { ...current, state: transition.state, hidden };
      viewRef.current = next;
      setView(next);
    },
    [deps, flows, logDebug],
  );

  const releaseAiHold = useCallback((messageId: string) => {
    const current = viewRef.current;
    if (!current.awaitingAi.includes(messageId)) return;
    const next: ChatView = { ...current, awaitingAi: current.awaitingAi.filter((id) => id !== messageId) };
    viewRef.current = next;
    setView(next);
  }, []);

  /**
   * Words one question with the AI (decision 010): up to 3 retries 1 s apart; on failure the
   * spec's toast and bot text, then the scripted wording, so the chat never stalls. Hybrid mode
   * stops asking after `fallbackThreshold` failures in a row and says so once.
   */
  const wordWithAi = useCallback(
    async (messageId: string) => {
      if (!ai) return;
      try {
        if (!ai.isOnline()) return;
        const status = await loadChatAiStatus(ai.fetch);
        const settings = getChatConfig();
        const state = viewRef.current.state;
        const message = state.messages.find((m) => m.id === messageId);
        if (!status.available || !message || !shouldUseAi(settings, 'available', fallback.current)) return;
        const payload = buildChatAiRequest(flows, state, message, settings);
        if (!payload) return;
        const outcome = await requestWithRetries(
          () => callChatAi(payload, { fetch: ai.fetch, debugLog: debug ? logDebug : undefined }),
          { sleep: ai.sleep },
        );
        // The visitor started over meanwhile: this question is gone.
        if (!viewRef.current.state.messages.some((m) => m.id === messageId)) return;
        // The connection went away meanwhile: scripted wording, quietly, as when offline from the start.
        if (!outcome.ok && !ai.isOnline()) return;
        const recorded = recordAiOutcome(fallback.current, outcome.ok, settings);
        fallback.current = recorded.state;
        if (outcome.ok) {
          applyAiEvent({ type: 'message_formatted', messageId, formattedContent: enforceChatDialect(outcome.message) });
          return;
        }
        if (outcome.unavailable) markChatAiUnavailable(CHAT_AI_FAILURE_NOTICES.connection.toast);
        const notice = CHAT_AI_FAILURE_NOTICES[outcome.kind];
        toast.error(notice.toast);
        if (notice.botText) applyAiEvent({ type: 'note_added', content: notice.botText, beforeMessageId: messageId });
        if (recorded.announce) {
          applyAiEvent({ type: 'note_added', content: CHAT_AI_FALLBACK_NOTICE, beforeMessageId: messageId });
        }
      } catch (error) {
        // A bug of ours; the scripted wording is shown.
        console.warn('Chat AI wording failed', error);
        toast.error(CHAT_AI_FAILURE_NOTICES.unexpected.toast);
      } finally {
        releaseAiHold(messageId);
      }
    },
    [ai, applyAiEvent, debug, flows, logDebug, releaseAiHold],
  );

  const requestedAi = useRef(new Set<string>());
  useEffect(() => {
    for (const id of view.awaitingAi) {
      if (requestedAi.current.has(id)) continue;
      requestedAi.current.add(id);
      void wordWithAi(id);
    }
  }, [view.awaitingAi, wordWithAi]);

  // Reveal held-back bot messages one at a time. flushSync renders and commits each in the timer's
  // own task, so the bot-message measure covers exactly the work of showing it.
  const nextHidden = view.hidden[0];
  const nextIsAwaitingAi = nextHidden !== undefined && view.awaitingAi.includes(nextHidden);
  useEffect(() => {
    if (nextHidden === undefined || nextIsAwaitingAi) return;
    const timer = window.setTimeout(() => {
      measureChatWork(CHAT_MEASURES.botMessage, () =>
        flushSync(() => setView((current) => ({ ...current, hidden: current.hidden.slice(1) }))),
      );
    }, typingDelayMs);
    return () => window.clearTimeout(timer);
  }, [nextHidden, nextIsAwaitingAi, typingDelayMs]);

  // A role bubble pressed while the chat is already loaded.
  const seenRoleRequest = useRef(chatUi.getState().roleRequest);
  useEffect(() => {
    const startOnRequestedRole = () => {
      const { roleRequest, initialRole } = chatUi.getState();
      if (roleRequest === seenRoleRequest.current) return;
      seenRoleRequest.current = roleRequest;
      if (!initialRole) return;
      chatUi.consumeInitialRole();
      startOnRole(initialRole);
    };
    const startOnRole = (role: PublicRole) => {
      // A chat already under way keeps its answers; only one still at its welcome switches.
      if (viewRef.current.state.role !== null) return;
      const { sessionId } = viewRef.current.state;
      dispatch(
        { type: 'start', initialRole: role },
        { from: createChatState({ sessionId, now: deps.now(), initialRole: role }) },
      );
    };
    if (chatUi.getState().initialRole) chatUi.consumeInitialRole();
    return chatUi.subscribe(startOnRequestedRole);
  }, [deps, dispatch]);

  useEffect(() => {
    // The settings (chat settings issue) start from the defaults.
    if (chatStorage.get(CHAT_KEYS.config) === null) saveChatConfig(DEFAULT_CHAT_CONFIG);
    logDebug('start', { state: viewRef.current.state });
  }, [logDebug]);

  // Save and sync every change that matters (not each keystroke in the input box).
  const saved = useRef<ChatState | null>(null);
  useEffect(() => {
    const { state } = view;
    if (saved.current && isSameSavedState(saved.current, state)) return;
    saved.current = state;
    measureChatWork(CHAT_MEASURES.save, () => {
      persistChatState(flows, state);
      sync?.update(toChatSyncSnapshot(flows, state));
    });
  }, [flows, sync, view]);

  const { state, hidden } = view;
  const messages = useMemo(
    () => (hidden.length === 0 ? state.messages : state.messages.filter((m) => !hidden.includes(m.id))),
    [hidden, state.messages],
  );
  const isTyping = hidden.length > 0;
  const toggleOptionIds = useMemo(() => {
    if (state.stage !== 'questions' || state.awaitingContinue || state.isResuming) return null;
    const step = getNextQuestion(flows, state);
    if (step.kind !== 'question' || !isMultiSelectQuestion(step.question)) return null;
    return (step.question.options ?? []).map((option) => option.id);
  }, [flows, state]);

  return {
    state,
    messages,
    isTyping,
    isInputEnabled: isChatInputEnabled(state) && !isTyping,
    progressBar: getChatProgressBar(flows, state),
    toggleOptionIds,
    isHandingOver,
    selectOption: (optionId) => dispatch({ type: 'option_selected', optionId }),
    changeInput: (value) => dispatch({ type: 'input_changed', value }),
    sendInput: () => dispatch({ type: 'text_submitted', text: viewRef.current.state.input }),
    startOver: () => {
      const previous = viewRef.current.state.sessionId;
      dispatch({ type: 'reset', renewSession: true }, { restart: true });
      // The old session's answers stay on the server (if synced); this browser forgets them.
      removeChatSessionKeys(previous);
    },
    // Through the engine, so the hand-over is recorded in the state (and synced) like the option's.
    openRegistrationForm: () => dispatch({ type: 'option_selected', optionId: CHAT_OPTION_IDS.form }),
  };
}
