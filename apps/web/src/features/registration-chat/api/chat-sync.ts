import { z } from 'zod';
import type { PublicRole } from '@tavara/shared/roles';
import {
  chatAnswerValueSchema,
  chatStageSchema,
  publicRoleSchema,
  type ChatAnswerValue,
  type ChatStage,
  type ChatState,
} from '@tavara/shared/registration-chat/chat-state';
import { getChatProgress } from '@tavara/shared/registration-chat/engine';
import type { ChatFlows } from '@tavara/shared/registration-chat/flows';
import { CHAT_SESSION_ID_PATTERN } from '@tavara/shared/registration-chat/chat-sync.schema';
import { chatServerSessionStorageKey } from '@tavara/shared/registration-chat/storage-keys';

/**
 * Copies the chat to the server so the team (and the registration form on another device) can
 * see it. The chat works fully without it: every failure is "try again later", silently — no
 * console error, no toast. Contract (the endpoints are built in the API issue):
 *
 * - `POST /api/chat/sessions`                      a new session: the server issues its id (issue 13)
 * - `PUT  /api/chat/sessions/:sessionId`          the session (role, position, answers by question id)
 * - `POST /api/chat/sessions/:sessionId/messages` new messages, idempotent on each message id
 * - `GET  /api/chat/sessions/:sessionId`          `{ session, messages, answers }`
 *
 * The chat has a local id from its start (it works offline); before its first save the queue asks
 * the server for the session's id and keeps it (localStorage, `chatServerSessionStorageKey`), and
 * every request uses that id. `serverSessionId` gives it to the AI calls, after sending what is
 * pending so the server holds the chat's current question.
 *
 * The queue keeps the latest session body and the messages not yet accepted, sends them after a
 * short pause, retries with exponential back-off, waits for the 'online' event while offline, and
 * backs off for minutes when the endpoints answer 404 (not deployed yet). It is in memory: after a
 * reload the chat re-offers its whole saved transcript, which is harmless because the server
 * ignores message ids it already has.
 */

export const CHAT_SYNC_DEBOUNCE_MS = 500;
export const CHAT_SYNC_RETRY_BASE_MS = 1_000;
export const CHAT_SYNC_RETRY_MAX_MS = 60_000;
/** 404: the server has no chat endpoints (yet). Asking again every few seconds would only add noise. */
export const CHAT_SYNC_MISSING_ENDPOINT_RETRY_MS = 5 * 60_000;
/** Messages per POST, well under the server's body limit and the 64 kB of a keepalive request. */
export const CHAT_SYNC_BATCH_MAX_MESSAGES = 25;
/** The server keeps at most this many characters of a message (its MAX_CHAT_MESSAGE_CHARS). */
export const CHAT_SYNC_MESSAGE_MAX_CHARS = 4_000;

/** Body of `PUT /api/chat/sessions/:sessionId`. */
export interface ChatSessionSyncBody {
  /** Null after the visitor went back to the welcome ('No, start over') in this session. */
  readonly role: PublicRole | null;
  readonly stage: ChatStage;
  readonly status: 'in_progress' | 'completed';
  /** Spec §3 encoding: `sectionIndex * 10 + questionIndex`. */
  readonly questionIndex: number;
  readonly sectionIndex: number;
  /** Answers by question id (= form field name); multi-select answers are arrays of codes. */
  readonly answers: Readonly<Record<string, ChatAnswerValue>>;
  readonly completed: boolean;
  /** The engine's `lastActive` (browser clock, ms): the server ignores a snapshot older than the one it has. */
  readonly lastActive: number;
  /** When 'No, start over' restarted this session (browser clock, ms): the server starts a new run. */
  readonly restartedAt: number | null;
  /** When this run handed over to the registration form (browser clock, ms), for the admin funnel. */
  readonly handedOverAt: number | null;
}

/** One message of `POST /api/chat/sessions/:sessionId/messages`. */
export interface ChatSyncMessage {
  readonly id: string;
  readonly content: string;
  readonly sender: 'user' | 'assistant';
  /** Milliseconds since the epoch. */
  readonly timestamp: number;
}

/** What the chat hands the queue after each change. */
export interface ChatSyncSnapshot {
  readonly sessionId: string;
  readonly session: ChatSessionSyncBody;
  readonly messages: readonly ChatSyncMessage[];
}

/** The snapshot of an engine state (the queue sends nothing for a session before a role is chosen). */
export function toChatSyncSnapshot(flows: ChatFlows, state: ChatState): ChatSyncSnapshot {
  const progress = getChatProgress(flows, state);
  return {
    sessionId: state.sessionId,
    session: {
      role: state.role,
      stage: state.stage,
      status: progress?.status ?? 'in_progress',
      questionIndex: progress?.questionIndex ?? 0,
      sectionIndex: progress?.sectionIndex ?? 0,
      answers: progress?.formData ?? {},
      completed: state.completed,
      lastActive: state.lastActive,
      restartedAt: state.restartedAt ?? null,
      handedOverAt: state.handedOverAt ?? null,
    },
    messages: state.messages.map((message) => ({
      id: message.id,
      content: (message.formattedContent ?? message.content).slice(0, CHAT_SYNC_MESSAGE_MAX_CHARS),
      sender: message.isUser ? 'user' : 'assistant',
      timestamp: message.timestamp,
    })),
  };
}

/** What the queue needs from the browser; injected so it can run anywhere. */
export interface ChatSyncEnvironment {
  readonly fetch: typeof fetch;
  readonly isOnline: () => boolean;
  /** Calls `listener` when the browser comes back online; returns an unsubscribe function. */
  readonly onOnline: (listener: () => void) => () => void;
  readonly setTimeout: (run: () => void, ms: number) => number;
  readonly clearTimeout: (id: number) => void;
  /** `?debug=true`: every payload sent (console.info). */
  readonly debugLog?: (label: string, payload: unknown) => void;
  /** Where the ids the server issued are kept, by local id (default: in memory). */
  readonly issuedIds?: ChatIssuedIdStore;
}

/** The server-issued session id of each local chat id. */
export interface ChatIssuedIdStore {
  get(localId: string): string | null;
  set(localId: string, serverId: string): void;
  remove(localId: string): void;
}

function memoryIssuedIds(): ChatIssuedIdStore {
  const ids = new Map<string, string>();
  return {
    get: (localId) => ids.get(localId) ?? null,
    set: (localId, serverId) => void ids.set(localId, serverId),
    remove: (localId) => void ids.delete(localId),
  };
}

/** localStorage, so a reload keeps the session the server issued. Storage errors only lose the id. */
function browserIssuedIds(): ChatIssuedIdStore {
  const attempt = <T>(fallback: T, run: () => T): T => {
    try {
      return run();
    } catch {
      return fallback;
    }
  };
  return {
    get: (localId) => attempt(null, () => window.localStorage.getItem(chatServerSessionStorageKey(localId))),
    set: (localId, serverId) =>
      attempt(undefined, () => window.localStorage.setItem(chatServerSessionStorageKey(localId), serverId)),
    remove: (localId) => attempt(undefined, () => window.localStorage.removeItem(chatServerSessionStorageKey(localId))),
  };
}

/** The id the server issued for the chat with local id `localId`, if it has one yet (this browser). */
export function readIssuedChatSessionId(localId: string): string | null {
  return browserIssuedIds().get(localId);
}

type SendResult =
  | { readonly kind: 'ok'; readonly body?: unknown }
  | { readonly kind: 'missing' | 'refused' }
  | { readonly kind: 'retry'; readonly retryAfterMs?: number };

interface SessionEntry {
  /** The id the server issued for this chat, once it has. */
  serverId: string | null;
  body: ChatSessionSyncBody | null;
  /** JSON of the body the server last accepted, to send a body only when it changed. */
  sentBodyJson: string | null;
  /** The server accepted a body for this session, so messages can follow. */
  created: boolean;
  readonly pending: Map<string, ChatSyncMessage>;
  readonly sent: Set<string>;
}

const SESSIONS_PATH = '/api/chat/sessions';
const sessionPath = (sessionId: string) => `${SESSIONS_PATH}/${encodeURIComponent(sessionId)}`;

/** The `sessionId` of a `POST /api/chat/sessions` answer, or null. */
function issuedSessionId(answer: unknown): string | null {
  const id = typeof answer === 'object' && answer !== null ? (answer as { sessionId?: unknown }).sessionId : null;
  return typeof id === 'string' && CHAT_SESSION_ID_PATTERN.test(id) ? id : null;
}

export class ChatSyncQueue {
  private readonly sessions = new Map<string, SessionEntry>();
  private readonly issuedIds: ChatIssuedIdStore;
  private debounceTimer: number | null = null;
  private retryTimer: number | null = null;
  private failures = 0;
  private running: Promise<void> | null = null;
  private runAgain = false;
  private readonly stopListening: () => void;

  constructor(private readonly env: ChatSyncEnvironment) {
    this.issuedIds = env.issuedIds ?? memoryIssuedIds();
    this.stopListening = env.onOnline(() => {
      this.failures = 0;
      this.clearRetry();
      void this.flush();
    });
  }

  /** Takes the chat's latest state; sends what is new after a short pause (or when a back-off ends). */
  update(snapshot: ChatSyncSnapshot): void {
    let entry = this.sessions.get(snapshot.sessionId);
    if (!entry) {
      entry = {
        serverId: this.issuedIds.get(snapshot.sessionId),
        body: null,
        sentBodyJson: null,
        created: false,
        pending: new Map(),
        sent: new Set(),
      };
      this.sessions.set(snapshot.sessionId, entry);
    }
    entry.body = snapshot.session;
    for (const message of snapshot.messages) {
      if (!entry.sent.has(message.id) && !entry.pending.has(message.id)) entry.pending.set(message.id, message);
    }
    if (!this.hasWork()) return;
    // While backing off after a failure, new data waits for that retry instead of asking again now.
    if (this.retryTimer !== null) return;
    if (this.debounceTimer !== null) this.env.clearTimeout(this.debounceTimer);
    this.debounceTimer = this.env.setTimeout(() => {
      this.debounceTimer = null;
      void this.flush();
    }, CHAT_SYNC_DEBOUNCE_MS);
  }

  /**
   * Sends everything pending now (e.g. before leaving for the registration form), unless the
   * queue is backing off after a failure. `keepalive` lets the requests outlive the page (page
   * hide). Never rejects.
   */
  flush(options: { keepalive?: boolean } = {}): Promise<void> {
    // Backing off after a failure: the retry timer (or coming back online) sends it.
    if (this.retryTimer !== null) return Promise.resolve();
    if (this.running) {
      this.runAgain = true;
      return this.running;
    }
    this.running = this.run(options.keepalive ?? false).finally(() => {
      this.running = null;
      if (this.runAgain) {
        this.runAgain = false;
        void this.flush(options);
      }
    });
    return this.running;
  }

  /**
   * The server's id for the chat with local id `localId`, after sending what is pending (so the
   * server holds the chat's current question), or null when the chat has none yet (offline, the
   * server unreachable, nothing to save yet). Never rejects.
   */
  async serverSessionId(localId: string): Promise<string | null> {
    await this.flush();
    // A run already under way when we asked may be followed by one with the newest state.
    while (this.running) await this.running;
    return this.sessions.get(localId)?.serverId ?? this.issuedIds.get(localId);
  }

  dispose(): void {
    this.stopListening();
    this.clearRetry();
    if (this.debounceTimer !== null) this.env.clearTimeout(this.debounceTimer);
    this.debounceTimer = null;
  }

  private hasWork(): boolean {
    for (const entry of this.sessions.values()) {
      if (!isSendable(entry)) continue;
      if (JSON.stringify(entry.body) !== entry.sentBodyJson || entry.pending.size > 0) return true;
    }
    return false;
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) this.env.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private async run(keepalive: boolean): Promise<void> {
    for (const [localId, entry] of this.sessions) {
      if (!isSendable(entry) || !entry.body) continue;
      // Another tab of this chat may have been issued its id meanwhile.
      entry.serverId ??= this.issuedIds.get(localId);
      if (!entry.serverId) {
        const issued = await this.send('POST', SESSIONS_PATH, '', keepalive);
        if (issued.kind === 'retry' || issued.kind === 'missing') return this.retryLater(issued);
        const serverId = issued.kind === 'ok' ? issuedSessionId(issued.body) : null;
        if (!serverId) continue;
        entry.serverId = serverId;
        this.issuedIds.set(localId, serverId);
      }
      const sessionId = entry.serverId;
      const bodyJson = JSON.stringify(entry.body);
      if (bodyJson !== entry.sentBodyJson) {
        const result = await this.send('PUT', sessionPath(sessionId), bodyJson, keepalive);
        if (result.kind === 'missing') {
          // The server does not know this id (its data was reset, or the endpoints are gone): a
          // new id is asked for, and the whole chat sent again, on the next try — minutes later.
          this.forgetServerId(localId, entry);
          return this.retryLater(result);
        }
        if (result.kind === 'retry') return this.retryLater(result);
        // A refused body will be refused again; keep it as sent so it is not repeated until it changes.
        entry.sentBodyJson = bodyJson;
        if (result.kind === 'ok') entry.created = true;
      }
      if (!entry.created) continue;
      while (entry.pending.size > 0) {
        const batch = [...entry.pending.values()].slice(0, CHAT_SYNC_BATCH_MAX_MESSAGES);
        const result = await this.send(
          'POST',
          `${sessionPath(sessionId)}/messages`,
          JSON.stringify({ messages: batch }),
          keepalive,
        );
        if (result.kind === 'retry' || result.kind === 'missing') return this.retryLater(result);
        for (const message of batch) {
          entry.pending.delete(message.id);
          entry.sent.add(message.id);
        }
      }
    }
    this.failures = 0;
  }

  private forgetServerId(localId: string, entry: SessionEntry): void {
    this.issuedIds.remove(localId);
    entry.serverId = null;
    entry.sentBodyJson = null;
    entry.created = false;
    // The next update offers every message again (the new session has none).
    entry.sent.clear();
  }

  private retryLater(result: SendResult): void {
    // Offline: the 'online' listener restarts the queue; no timer needed.
    if (!this.env.isOnline()) return;
    this.failures += 1;
    const backoff = Math.min(CHAT_SYNC_RETRY_BASE_MS * 2 ** (this.failures - 1), CHAT_SYNC_RETRY_MAX_MS);
    let delay = backoff;
    if (result.kind === 'missing') delay = Math.max(backoff, CHAT_SYNC_MISSING_ENDPOINT_RETRY_MS);
    else if (result.kind === 'retry' && result.retryAfterMs !== undefined)
      delay = Math.max(backoff, result.retryAfterMs);
    this.clearRetry();
    this.retryTimer = this.env.setTimeout(() => {
      this.retryTimer = null;
      void this.flush();
    }, delay);
  }

  private async send(method: 'PUT' | 'POST', path: string, body: string, keepalive: boolean): Promise<SendResult> {
    if (!this.env.isOnline()) return { kind: 'retry' };
    this.env.debugLog?.(`${method} ${path}`, body ? (JSON.parse(body) as unknown) : null);
    let response: Response;
    try {
      response = await this.env.fetch(path, {
        method,
        ...(body ? { headers: { 'Content-Type': 'application/json' }, body } : {}),
        credentials: 'same-origin',
        keepalive,
      });
    } catch {
      return { kind: 'retry' };
    }
    if (response.ok) {
      if (path !== SESSIONS_PATH) return { kind: 'ok' };
      // The new session's id; an unreadable answer is tried again later.
      const answer = (await response.json().catch(() => null)) as unknown;
      return issuedSessionId(answer) ? { kind: 'ok', body: answer } : { kind: 'retry' };
    }
    // Not deployed yet, or the server does not know this session (it is created by the PUT).
    if (response.status === 404) return { kind: 'missing' };
    if (response.status === 408 || response.status === 429 || response.status >= 500) {
      const seconds = Number(response.headers.get('Retry-After'));
      return { kind: 'retry', retryAfterMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1_000 : undefined };
    }
    // Another 4xx: this payload will never be accepted. Worth a warning for developers, not for users.
    console.warn(`Chat sync: ${method} ${path} was refused (${response.status}); not retrying it.`);
    return { kind: 'refused' };
  }
}

/**
 * Nothing of a session is sent before its role is chosen (spec §4: progress is saved once a role
 * is chosen); once the server has it, later changes (even back to no role) are sent too. A
 * session restarted with 'No, start over' had a role before, so the server may hold answers this
 * page never sent (it was reloaded): the restart is sent so the server drops them.
 */
function isSendable(entry: SessionEntry): boolean {
  return entry.body !== null && (entry.body.role !== null || entry.created || entry.body.restartedAt !== null);
}

function browserEnvironment(debug: boolean): ChatSyncEnvironment {
  return {
    fetch: (input, init) => window.fetch(input, init),
    isOnline: () => navigator.onLine !== false,
    onOnline(listener) {
      window.addEventListener('online', listener);
      return () => window.removeEventListener('online', listener);
    },
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    clearTimeout: (id) => window.clearTimeout(id),
    debugLog: debug ? (label, payload) => console.info(`[chat sync] ${label}`, payload) : undefined,
    issuedIds: browserIssuedIds(),
  };
}

let browserQueue: ChatSyncQueue | undefined;

/** The page's queue if the chat has made one (the AI asks it for the server's session id). */
export function currentChatSyncQueue(): ChatSyncQueue | undefined {
  return browserQueue;
}

/**
 * The page's one sync queue. It also flushes (with keepalive) when the page is hidden, so answers
 * given just before closing the tab still reach the server.
 */
export function getChatSyncQueue(debug = false): ChatSyncQueue {
  if (!browserQueue) {
    const queue = new ChatSyncQueue(browserEnvironment(debug));
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') void queue.flush({ keepalive: true });
    });
    browserQueue = queue;
  }
  return browserQueue;
}

const chatSessionResponseSchema = z.object({
  session: z.object({
    role: publicRoleSchema.nullable(),
    stage: chatStageSchema,
    status: z.enum(['in_progress', 'completed']),
    questionIndex: z.number(),
    sectionIndex: z.number(),
    completed: z.boolean(),
  }),
  messages: z.array(
    z.object({ id: z.string(), content: z.string(), sender: z.enum(['user', 'assistant']), timestamp: z.number() }),
  ),
  answers: z.record(z.string(), chatAnswerValueSchema),
});
export type ChatSessionResponse = z.infer<typeof chatSessionResponseSchema>;

/**
 * `GET /api/chat/sessions/:sessionId`: a session saved on the server, or null when it is unknown,
 * unreachable or unreadable. For the registration form on another device (not used by the chat
 * itself, which restores from this browser's storage).
 */
export async function getChatSession(sessionId: string): Promise<ChatSessionResponse | null> {
  try {
    const response = await window.fetch(sessionPath(sessionId), { credentials: 'same-origin' });
    if (!response.ok) return null;
    const parsed = chatSessionResponseSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
