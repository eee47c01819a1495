import {
  MAX_CHAT_AI_USER_MESSAGE_CHARS,
  MAX_CHAT_AI_USER_TOTAL_CHARS,
  type ChatAiRequest,
  type ChatAiStatus,
} from '@tavara/shared/registration-chat/chat-ai.schema';
import { CHAT_MAX_RETRIES, CHAT_RETRY_DELAY_MS, type ChatConfig } from '@tavara/shared/registration-chat/chat-config';
import type { ChatMessage, ChatState } from '@tavara/shared/registration-chat/chat-state';
import { findFlowQuestion, type ChatFlows } from '@tavara/shared/registration-chat/flows';
import { currentChatSyncQueue, readIssuedChatSessionId } from './api/chat-sync';

/**
 * The browser half of the chat AI (decision 010), as plain functions with their side effects
 * injected — the request, the pause between retries — so the retry and fallback rules are unit
 * tested without a browser. The chat controller (`chat-controller.ts`) wires them to fetch, timers,
 * toasts and the engine.
 */

/** How one call (or a whole run of retries) went wrong; each kind has its toast and bot text. */
export type ChatAiFailureKind = 'connection' | 'invalid_response' | 'exhausted' | 'unexpected' | 'empty_message';

/** Spec §8, word for word. The empty message has a toast only; the chat then asks the scripted question. */
export const CHAT_AI_FAILURE_NOTICES: Record<ChatAiFailureKind, { toast: string; botText: string | null }> = {
  connection: {
    toast: 'Unable to connect to the AI assistant. Please try again later.',
    botText: 'I seem to be having trouble with my connection. Could we try again?',
  },
  invalid_response: {
    toast: 'Received an invalid response from the AI assistant.',
    botText: "I received an invalid response. Let's try a different approach.",
  },
  exhausted: {
    toast: 'Failed to connect to the AI assistant after multiple attempts.',
    botText: "Sorry, I'm having trouble connecting right now. Could we try a different approach?",
  },
  unexpected: {
    toast: 'An unexpected error occurred while talking to the AI assistant.',
    botText: "I'm experiencing technical difficulties at the moment. Let's try something else.",
  },
  empty_message: { toast: 'Unable to generate a response. Please try again.', botText: null },
};

/** Said once when the hybrid mode gives up on the AI for this conversation. */
export const CHAT_AI_FALLBACK_NOTICE = "I'll carry on with my usual questions from here, so we can keep going.";

/** One call's result. `retryable`: worth another attempt (spec §7: on an error or a missing message). */
export type ChatAiAttempt =
  | { readonly ok: true; readonly message: string }
  | {
      readonly ok: false;
      readonly kind: ChatAiFailureKind;
      readonly retryable: boolean;
      readonly unavailable?: boolean;
    };

/** The outcome of a run of attempts. */
export type ChatAiOutcome =
  | { readonly ok: true; readonly message: string; readonly attempts: number }
  | { readonly ok: false; readonly kind: ChatAiFailureKind; readonly attempts: number; readonly unavailable: boolean };

const failure = (kind: ChatAiFailureKind, retryable: boolean, unavailable = false): ChatAiAttempt => ({
  ok: false,
  kind,
  retryable,
  ...(unavailable ? { unavailable } : {}),
});

/** Sorts an HTTP answer of `POST /api/chat/ai` into a success or a failure kind. */
export async function readChatAiResponse(response: Response): Promise<ChatAiAttempt> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // A proxy's error page, or a truncated body.
    return response.ok ? failure('invalid_response', true) : failure('connection', true);
  }
  if (response.ok) {
    if (typeof body !== 'object' || body === null || !('message' in body)) return failure('invalid_response', true);
    const { message } = body as { message: unknown };
    if (message === null || message === undefined) return failure('empty_message', true);
    if (typeof message !== 'string') return failure('invalid_response', true);
    return message.trim() ? { ok: true, message } : failure('empty_message', true);
  }
  const code =
    typeof body === 'object' && body !== null && 'error' in body
      ? (body as { error?: { code?: unknown } }).error?.code
      : undefined;
  switch (code) {
    case 'ai_unavailable':
      return failure('connection', false, true);
    case 'rate_limited':
      // A budget is used up (this address, this chat, or the server's day): trying again only adds
      // to the count, so the chat goes scripted for the rest of the visit — one toast and bot note,
      // not one per question (AI-only mode has no fallback threshold to stop it).
      return failure('connection', false, true);
    case 'ai_invalid_response':
      return failure('invalid_response', true);
    case 'ai_empty_message':
      return failure('empty_message', true);
    case 'ai_provider_error':
    case 'ai_timeout':
      return failure('connection', true);
    default:
      // 5xx without our shape: the server or a proxy in trouble. 4xx: our request was wrong.
      return response.status >= 500 ? failure('connection', true) : failure('unexpected', false);
  }
}

/**
 * The server's id for a chat (issue 13: the server issues ids; the chat starts with a local one
 * and gets the server's on its first sync), after the sync has sent the chat's current question.
 */
export type ChatAiSessionResolver = (localSessionId: string) => Promise<string | null>;

const browserSessionResolver: ChatAiSessionResolver = async (localSessionId) =>
  (await currentChatSyncQueue()?.serverSessionId(localSessionId)) ?? readIssuedChatSessionId(localSessionId);

/**
 * Makes one request for the chat's server session; network failures are connection failures,
 * anything thrown otherwise is unexpected. A chat the server has not issued an id for yet cannot
 * use the AI (a connection failure without retries: its scripted wording is shown).
 */
export async function callChatAi(
  payload: ChatAiRequest,
  env: {
    fetch: typeof fetch;
    debugLog?: (label: string, payload: unknown) => void;
    sessionIdFor?: ChatAiSessionResolver;
  },
): Promise<ChatAiAttempt> {
  let sessionId: string | null;
  try {
    sessionId = await (env.sessionIdFor ?? browserSessionResolver)(payload.sessionId);
  } catch {
    sessionId = null;
  }
  if (!sessionId) return failure('connection', false);
  const request = { ...payload, sessionId };
  env.debugLog?.('chat-gpt request', request);
  let response: Response;
  try {
    response = await env.fetch('/api/chat/ai', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof TypeError) return failure('connection', true);
    return failure('unexpected', false);
  }
  return readChatAiResponse(response);
}

export interface RetryOptions {
  /** Extra attempts after the first (spec §7 / §9: 3). */
  readonly retries?: number;
  readonly delayMs?: number;
  /** Waits `ms`; a timer in the browser, instant in tests. */
  readonly sleep: (ms: number) => Promise<void>;
}

/**
 * Spec §7: up to 4 attempts (3 retries), 1 s apart, retried on a returned error or a missing
 * message. A failure that retrying cannot help (no AI, rate limited, our own bad request) stops
 * at once. After the last attempt the outcome is the last failure's kind, except that a
 * connection that failed every time is reported as 'exhausted' (its own toast and bot text).
 */
export async function requestWithRetries(
  attempt: () => Promise<ChatAiAttempt>,
  options: RetryOptions,
): Promise<ChatAiOutcome> {
  const retries = options.retries ?? CHAT_MAX_RETRIES;
  const delayMs = options.delayMs ?? CHAT_RETRY_DELAY_MS;
  let last: ChatAiAttempt | null = null;
  let attempts = 0;
  let allConnection = true;
  for (let i = 0; i <= retries; i += 1) {
    if (i > 0) await options.sleep(delayMs);
    attempts += 1;
    try {
      last = await attempt();
    } catch {
      last = failure('unexpected', false);
    }
    if (last.ok) return { ok: true, message: last.message, attempts };
    if (last.kind !== 'connection') allConnection = false;
    if (!last.retryable) break;
  }
  if (!last || last.ok) return { ok: false, kind: 'unexpected', attempts, unavailable: false };
  const kind = last.retryable && last.kind === 'connection' && allConnection && attempts > 1 ? 'exhausted' : last.kind;
  return { ok: false, kind, attempts, unavailable: last.unavailable ?? false };
}

/** Consecutive AI failures of the conversation, and whether hybrid mode has given up on the AI. */
export interface ChatAiFallbackState {
  readonly consecutiveFailures: number;
  readonly fallenBack: boolean;
}

export const INITIAL_AI_FALLBACK: ChatAiFallbackState = { consecutiveFailures: 0, fallenBack: false };

/**
 * Counts an outcome. Hybrid mode falls back to the scripted questions after `fallbackThreshold`
 * consecutive failures and says so once (`announce`); AI Only keeps trying on every question.
 */
export function recordAiOutcome(
  state: ChatAiFallbackState,
  succeeded: boolean,
  config: Pick<ChatConfig, 'mode' | 'fallbackThreshold'>,
): { state: ChatAiFallbackState; announce: boolean } {
  if (succeeded) return { state: { ...state, consecutiveFailures: 0 }, announce: false };
  const consecutiveFailures = state.consecutiveFailures + 1;
  const fallsBack = config.mode === 'hybrid' && !state.fallenBack && consecutiveFailures >= config.fallbackThreshold;
  return { state: { consecutiveFailures, fallenBack: state.fallenBack || fallsBack }, announce: fallsBack };
}

export type ChatAiAvailability = 'unknown' | 'available' | 'unavailable';

/** Whether the next question is worded by the AI. */
export function shouldUseAi(
  config: Pick<ChatConfig, 'mode'>,
  availability: ChatAiAvailability,
  fallback: ChatAiFallbackState,
): boolean {
  if (config.mode === 'scripted' || availability === 'unavailable') return false;
  return !(config.mode === 'hybrid' && fallback.fallenBack);
}

/** Messages of the transcript sent with a request: the last few before the question. */
export const CHAT_AI_CONTEXT_MESSAGES = 12;
const CONTEXT_MESSAGE_CHARS = 1_000;

/**
 * The server's caps on the visitor's own words (MAX_CHAT_AI_USER_*): each answer is cut, and
 * the oldest answers are left out once the total would pass it, newest kept.
 */
function withinUserTextCaps<T extends { role: 'user' | 'assistant'; content: string }>(messages: T[]): T[] {
  let userChars = 0;
  const kept: T[] = [];
  for (const message of [...messages].reverse()) {
    if (message.role !== 'user') {
      kept.push(message);
      continue;
    }
    const content = message.content.slice(0, MAX_CHAT_AI_USER_MESSAGE_CHARS);
    if (userChars + content.length > MAX_CHAT_AI_USER_TOTAL_CHARS) continue;
    userChars += content.length;
    kept.push({ ...message, content });
  }
  return kept.reverse();
}

/** The request for wording `message` (a question message of `state`), or null if it asks nothing. */
export function buildChatAiRequest(
  flows: ChatFlows,
  state: ChatState,
  message: ChatMessage,
  config: ChatConfig,
): ChatAiRequest | null {
  if (!state.role || !message.questionId) return null;
  const found = findFlowQuestion(flows[state.role], message.questionId);
  if (!found) return null;
  const { question } = found;
  const index = state.messages.findIndex((m) => m.id === message.id);
  const earlier = withinUserTextCaps(
    (index === -1 ? state.messages : state.messages.slice(0, index))
      .slice(-CHAT_AI_CONTEXT_MESSAGES)
      .map((m) => ({
        role: m.isUser ? ('user' as const) : ('assistant' as const),
        content: (m.formattedContent ?? m.content).slice(0, CONTEXT_MESSAGE_CHARS),
      }))
      .filter((m) => m.content.trim() !== ''),
  );
  const leadIn = message.content.endsWith(question.label)
    ? message.content.slice(0, message.content.length - question.label.length).trim()
    : '';
  const answers: Record<string, string | string[]> = {};
  for (const [questionId, saved] of Object.entries(state.answers)) answers[questionId] = saved.response;
  return {
    sessionId: state.sessionId,
    userRole: state.role,
    messages: earlier,
    temperature: config.temperature,
    fieldContext: {
      questionId: question.id,
      type: question.type,
      options: (question.options ?? []).map((option) => option.id),
      answers,
      leadIn,
      rephraseQuestion: config.useAIPrompts,
      optionsVisible: config.alwaysShowOptions,
    },
  };
}

/** Reads `GET /api/chat/ai/status`; a failure counts as unavailable (the chat then runs scripted). */
/**
 * Whether the AI can be used. `notConfigured`: the server itself says it has no provider — the
 * settings then hide every AI control (issue 14) instead of explaining a fault to families.
 */
export type ChatAiServerStatus = ChatAiStatus & { readonly notConfigured?: boolean };

export async function fetchChatAiStatus(fetchImpl: typeof fetch): Promise<ChatAiServerStatus> {
  try {
    const response = await fetchImpl('/api/chat/ai/status', { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const body = (await response.json()) as Partial<ChatAiStatus>;
    const available = body.available === true;
    return { available, reason: typeof body.reason === 'string' ? body.reason : null, notConfigured: !available };
  } catch {
    return {
      available: false,
      reason: 'The AI assistant could not be reached, so the chat uses its scripted questions.',
    };
  }
}
