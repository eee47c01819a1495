import { randomBytes } from 'node:crypto';
import {
  CHAT_SYNC_MESSAGES,
  chatRateLimitedMessage,
  MAX_CHAT_MESSAGES_PER_SESSION,
  MAX_CHAT_TRANSCRIPT_BYTES,
  type ChatMessagesResponse,
  type ChatSession,
  type ChatSessionDetail,
  type ChatSessionSummary,
  type ChatSessionUpdate,
  type ChatSessionUpdateResponse,
  type ChatSyncMessage,
} from '@tavara/shared/registration-chat/chat-sync.schema';
import {
  CHAT_PROGRESS_STATUSES,
  CHAT_STAGES,
  type ChatAnswerValue,
  type ChatStage,
} from '@tavara/shared/registration-chat/chat-state';
import { PUBLIC_ROLES } from '@tavara/shared/roles';
import { and, desc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  chatbotAnswers,
  chatbotConversations,
  chatbotMessages,
  chatRateLimits,
} from '../../db/schema/registration-chat';
import { AppError, RateLimitedError } from '../../lib/app-error';
import { addressBucket } from '../../lib/client-address';
import { createWindowCounter, type WindowRule } from '../../lib/window-counter';
import { sessionCounterId } from './session-id';

type ConversationRow = typeof chatbotConversations.$inferSelect;

/** A new session id: 16 random bytes, base64url (22 characters, CHAT_SESSION_ID_PATTERN). */
export function newChatSessionId(): string {
  return randomBytes(16).toString('base64url');
}
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Request rates of the chat routes, counted in `chat_rate_limits` (shared by every process). A
 * chat saves after each step (a PUT and a message batch), so a person stays far below these; the
 * per-IP figures leave room for many people behind one mobile carrier's shared address.
 */
export const CHAT_RATE_LIMITS = {
  /** Every /api/chat request from one address (IPv6: one /64). */
  perIp: { max: 600, windowSeconds: 60 },
  /** Reads and writes of one session. */
  perSession: { max: 120, windowSeconds: 60 },
  /** Sessions created from one address. */
  newSessionsPerIp: { max: 100, windowSeconds: 3600 },
  /** Sessions created by visitors (not signed in) from one address per day (issue 13, item 5). */
  anonymousSessionsPerIpPerDay: { max: 60, windowSeconds: 86_400 },
} as const satisfies Record<string, WindowRule>;

export const chatIpCounterKey = (ip: string | undefined) => `chat-ip:${addressBucket(ip)}`;
export const chatNewSessionCounterKey = (ip: string | undefined) => `chat-new:${addressBucket(ip)}`;
export const chatAnonymousDayCounterKey = (ip: string | undefined) => `chat-new-day:${addressBucket(ip)}`;
export const chatSessionCounterKey = (sessionId: string) => `chat-session:${sessionCounterId(sessionId)}`;

/** Who is asking: the signed-in user (or null) and the client address. */
export interface ChatRequester {
  viewer: { userId: string; isAdmin: boolean } | null;
  ip: string | undefined;
}

/** A 429 of the chat (Retry-After is sent by the app's onError). */
export class ChatRateLimitedError extends RateLimitedError {
  constructor(scope: 'ip' | 'session' | 'new_session' | 'new_session_day', retryAfterSeconds: number) {
    super(chatRateLimitedMessage(scope, retryAfterSeconds), retryAfterSeconds);
  }
}

const notFound = () => new AppError('not_found', CHAT_SYNC_MESSAGES.notFound);

/**
 * Spec §4 / product notes lesson 4: an unlinked session is reachable with its id alone; a linked
 * one only by its user and by admins. Everyone else is told it does not exist.
 */
export function canAccessConversation(row: Pick<ConversationRow, 'userId'>, viewer: ChatRequester['viewer']): boolean {
  if (row.userId === null) return true;
  return viewer !== null && (viewer.isAdmin || viewer.userId === row.userId);
}

/**
 * Whether a PUT snapshot is applied, and whether it starts a new run (see
 * `chatSessionUpdateSchema`): runs are ordered by `restartedAt`, snapshots within a run by
 * `lastActive`, and within a run a completed chat never goes back to in progress.
 */
export function decideSnapshot(
  stored: Pick<ConversationRow, 'status' | 'restartedAtMs' | 'lastActiveMs'>,
  update: Pick<ChatSessionUpdate, 'completed' | 'restartedAt' | 'lastActive'>,
): { apply: boolean; restart: boolean } {
  const incomingRun = update.restartedAt ?? 0;
  const storedRun = stored.restartedAtMs ?? 0;
  if (incomingRun < storedRun) return { apply: false, restart: false };
  if (incomingRun > storedRun) return { apply: true, restart: true };
  if (update.lastActive !== undefined && stored.lastActiveMs !== null && update.lastActive < stored.lastActiveMs) {
    return { apply: false, restart: false };
  }
  if (stored.status === 'completed' && !update.completed) return { apply: false, restart: false };
  return { apply: true, restart: false };
}

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.find((v) => v === value) ?? fallback;
}

export function toChatSession(row: ConversationRow): ChatSession {
  const status = oneOf(CHAT_PROGRESS_STATUSES, row.status, 'in_progress');
  return {
    sessionId: row.sessionId,
    role: PUBLIC_ROLES.find((role) => role === row.userRole) ?? null,
    stage: oneOf<ChatStage>(CHAT_STAGES, row.stage, 'intro'),
    status,
    questionIndex: row.questionIndex,
    sectionIndex: row.sectionIndex,
    completed: status === 'completed',
    completedAt: row.completedAt?.toISOString() ?? null,
    restartedAt: row.restartedAtMs,
    lastActive: row.lastActiveMs,
    handedOverAt: row.handedOverAtMs,
    linked: row.userId !== null,
    messageCount: row.messageCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const sameAnswer = (a: ChatAnswerValue | undefined, b: ChatAnswerValue) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The registration chat's server side: conversations, their transcripts and answers by question
 * id, with access by session id or linked account and the chat's rate limits.
 */
/**
 * `sessionCreationLimits: false` (CHAT_SESSION_LIMITS_DISABLED, test runs only) skips the
 * per-address limits on new sessions; every other limit stays.
 */
export function createChatSessions(db: Database, options: { sessionCreationLimits?: boolean } = {}) {
  const limitNewSessions = options.sessionCreationLimits ?? true;
  const counters = createWindowCounter(db, chatRateLimits);

  async function enforce(key: string, rule: WindowRule, scope: 'ip' | 'session' | 'new_session' | 'new_session_day') {
    const decision = await counters.consume(key, rule);
    if (!decision.allowed) throw new ChatRateLimitedError(scope, Math.max(1, decision.retryAfterSeconds));
  }

  async function findConversation(sessionId: string): Promise<ConversationRow | undefined> {
    const [row] = await db.select().from(chatbotConversations).where(eq(chatbotConversations.sessionId, sessionId));
    return row;
  }

  /**
   * The conversation the requester may reach, counting the request against the session's rate.
   * Only sessions the server issued exist (`createSession`); any other id is not found.
   */
  async function openConversation(sessionId: string, requester: ChatRequester) {
    const row = await findConversation(sessionId);
    if (!row || !canAccessConversation(row, requester.viewer)) throw notFound();
    await enforce(chatSessionCounterKey(sessionId), CHAT_RATE_LIMITS.perSession, 'session');
    return row;
  }

  /** Locks the conversation row for the rest of the transaction (writes to one session queue up). */
  async function lockConversation(tx: Transaction, id: string, requester: ChatRequester) {
    const [row] = await tx.select().from(chatbotConversations).where(eq(chatbotConversations.id, id)).for('update');
    // Checked again under the lock: the session may have been linked since it was opened.
    if (!row || !canAccessConversation(row, requester.viewer)) throw notFound();
    return row;
  }

  return {
    /** Counts a request from `ip` against the per-address limit (every chat route). */
    async enforceIpLimit(ip: string | undefined): Promise<void> {
      await enforce(chatIpCounterKey(ip), CHAT_RATE_LIMITS.perIp, 'ip');
    },

    /**
     * Issues a new chat session (issue 13, item 4): its id is made here — 128 random bits,
     * unguessable — and stored, and only stored ids are accepted by the sync and AI routes, so a
     * caller cannot mint sessions faster than the new-session limits allow. Unlinked: the id is
     * the bearer capability, as before.
     */
    async createSession(requester: ChatRequester): Promise<ChatSession> {
      // Off only for the browser suite (CHAT_SESSION_LIMITS_DISABLED, refused in production).
      if (limitNewSessions) {
        await enforce(chatNewSessionCounterKey(requester.ip), CHAT_RATE_LIMITS.newSessionsPerIp, 'new_session');
        if (!requester.viewer) {
          await enforce(
            chatAnonymousDayCounterKey(requester.ip),
            CHAT_RATE_LIMITS.anonymousSessionsPerIpPerDay,
            'new_session_day',
          );
        }
      }
      const [row] = await db.insert(chatbotConversations).values({ sessionId: newChatSessionId() }).returning();
      return toChatSession(row!);
    },

    /** The session, its transcript in order and its answers. */
    async getSession(sessionId: string, requester: ChatRequester): Promise<ChatSessionDetail> {
      const row = await openConversation(sessionId, requester);
      const messages = await db
        .select({
          id: chatbotMessages.clientMessageId,
          content: chatbotMessages.message,
          sender: chatbotMessages.senderType,
          timestamp: chatbotMessages.timestampMs,
        })
        .from(chatbotMessages)
        .where(eq(chatbotMessages.conversationId, row.id))
        // "C" collation: the same order on every server and in JavaScript (code units).
        .orderBy(chatbotMessages.timestampMs, sql`${chatbotMessages.clientMessageId} collate "C"`);
      const answers = await db
        .select({ questionId: chatbotAnswers.questionId, value: chatbotAnswers.value })
        .from(chatbotAnswers)
        .where(eq(chatbotAnswers.conversationId, row.id));
      return {
        session: toChatSession(row),
        messages: messages.map((m) => ({ ...m, sender: m.sender === 'user' ? 'user' : 'assistant' })),
        answers: Object.fromEntries(answers.map((a) => [a.questionId, a.value])),
      };
    },

    /**
     * Keeps the browser's snapshot of progress and answers (answers replaced as a set, by
     * question id), unless `decideSnapshot` says it is stale. An unchanged snapshot writes nothing.
     */
    async updateSession(
      sessionId: string,
      requester: ChatRequester,
      update: ChatSessionUpdate,
    ): Promise<ChatSessionUpdateResponse> {
      const opened = await openConversation(sessionId, requester);
      return db.transaction(async (tx) => {
        const row = await lockConversation(tx, opened.id, requester);
        const decision = decideSnapshot(row, update);
        if (!decision.apply) return { session: toChatSession(row), applied: false };

        const stored = await tx
          .select({ questionId: chatbotAnswers.questionId, value: chatbotAnswers.value })
          .from(chatbotAnswers)
          .where(eq(chatbotAnswers.conversationId, row.id));
        const storedAnswers = new Map(stored.map((a) => [a.questionId, a.value]));
        const questionIds = Object.keys(update.answers);
        const removed = stored.filter((a) => !(a.questionId in update.answers));
        const changed = Object.entries(update.answers).filter(
          ([id, value]) => !sameAnswer(storedAnswers.get(id), value),
        );

        const next = {
          userRole: update.role,
          stage: update.stage,
          status: update.status,
          questionIndex: update.questionIndex,
          sectionIndex: update.sectionIndex,
          restartedAtMs: decision.restart ? (update.restartedAt ?? null) : row.restartedAtMs,
          lastActiveMs: update.lastActive ?? (decision.restart ? null : row.lastActiveMs),
          // The first hand-over of a run is kept (an older client sends none); a new run starts afresh.
          handedOverAtMs: decision.restart
            ? (update.handedOverAt ?? null)
            : (row.handedOverAtMs ?? update.handedOverAt ?? null),
        };
        const keptCompletedAt = decision.restart ? null : row.completedAt;
        const completedAt = update.completed ? (keptCompletedAt ?? new Date()) : null;
        const progressChanged =
          (Object.keys(next) as (keyof typeof next)[]).some((key) => next[key] !== row[key]) ||
          (completedAt === null) !== (row.completedAt === null);
        if (!progressChanged && removed.length === 0 && changed.length === 0) {
          return { session: toChatSession(row), applied: true };
        }

        if (removed.length > 0) {
          await tx
            .delete(chatbotAnswers)
            .where(
              and(
                eq(chatbotAnswers.conversationId, row.id),
                questionIds.length > 0 ? notInArray(chatbotAnswers.questionId, questionIds) : undefined,
              ),
            );
        }
        if (changed.length > 0) {
          await tx
            .insert(chatbotAnswers)
            .values(changed.map(([questionId, value]) => ({ conversationId: row.id, questionId, value })))
            .onConflictDoUpdate({
              target: [chatbotAnswers.conversationId, chatbotAnswers.questionId],
              set: { value: sql`excluded.value`, updatedAt: sql`now()` },
            });
        }
        const [saved] = await tx
          .update(chatbotConversations)
          .set({ ...next, completedAt, updatedAt: sql`now()` })
          .where(eq(chatbotConversations.id, row.id))
          .returning();
        return { session: toChatSession(saved ?? row), applied: true };
      });
    },

    /**
     * Adds transcript messages by their client ids: ids already stored (a replay) and repeats
     * within the batch are counted as duplicates and change nothing. All or nothing against the
     * per-session cap.
     */
    async addMessages(
      sessionId: string,
      requester: ChatRequester,
      messages: readonly ChatSyncMessage[],
    ): Promise<ChatMessagesResponse> {
      const opened = await openConversation(sessionId, requester);
      const batch = new Map<string, ChatSyncMessage>();
      for (const message of messages) if (!batch.has(message.id)) batch.set(message.id, message);

      return db.transaction(async (tx) => {
        const row = await lockConversation(tx, opened.id, requester);
        const known = await tx
          .select({ id: chatbotMessages.clientMessageId })
          .from(chatbotMessages)
          .where(
            and(
              eq(chatbotMessages.conversationId, row.id),
              inArray(chatbotMessages.clientMessageId, [...batch.keys()]),
            ),
          );
        const knownIds = new Set(known.map((k) => k.id));
        const fresh = [...batch.values()].filter((m) => !knownIds.has(m.id));
        if (row.messageCount + fresh.length > MAX_CHAT_MESSAGES_PER_SESSION) {
          throw new AppError('validation_failed', CHAT_SYNC_MESSAGES.sessionFull, {
            messages: CHAT_SYNC_MESSAGES.sessionFull,
          });
        }
        if (fresh.length > 0) {
          const [stored] = await tx
            .select({ bytes: sql<string>`coalesce(sum(octet_length(${chatbotMessages.message})), 0)` })
            .from(chatbotMessages)
            .where(eq(chatbotMessages.conversationId, row.id));
          const incoming = fresh.reduce((sum, m) => sum + Buffer.byteLength(m.content, 'utf8'), 0);
          if (Number(stored?.bytes ?? 0) + incoming > MAX_CHAT_TRANSCRIPT_BYTES) {
            throw new AppError('payload_too_large', CHAT_SYNC_MESSAGES.transcriptTooLarge);
          }
        }
        let accepted = 0;
        if (fresh.length > 0) {
          const inserted = await tx
            .insert(chatbotMessages)
            .values(
              fresh.map((m) => ({
                conversationId: row.id,
                clientMessageId: m.id,
                message: m.content,
                senderType: m.sender,
                timestampMs: m.timestamp,
              })),
            )
            .onConflictDoNothing({ target: [chatbotMessages.conversationId, chatbotMessages.clientMessageId] })
            .returning({ id: chatbotMessages.id });
          accepted = inserted.length;
          await tx
            .update(chatbotConversations)
            .set({ messageCount: sql`${chatbotConversations.messageCount} + ${accepted}`, updatedAt: sql`now()` })
            .where(eq(chatbotConversations.id, row.id));
        }
        return { accepted, duplicates: messages.length - accepted, messageCount: row.messageCount + accepted };
      });
    },

    /**
     * Links the session to the signed-in user (after sign-up, from the registration forms).
     * Only an issued session can be linked (404 otherwise). Linking again is a no-op; a session
     * linked to someone else is refused (403).
     */
    async linkSession(sessionId: string, requester: ChatRequester): Promise<ChatSession> {
      const viewer = requester.viewer;
      if (!viewer) throw new AppError('unauthorized', 'Please sign in to continue.');
      await enforce(chatSessionCounterKey(sessionId), CHAT_RATE_LIMITS.perSession, 'session');
      if (!(await findConversation(sessionId))) throw notFound();
      const [linked] = await db
        .update(chatbotConversations)
        .set({
          userId: viewer.userId,
          updatedAt: sql`case when ${chatbotConversations.userId} is null then now() else ${chatbotConversations.updatedAt} end`,
        })
        .where(
          and(
            eq(chatbotConversations.sessionId, sessionId),
            or(isNull(chatbotConversations.userId), eq(chatbotConversations.userId, viewer.userId)),
          ),
        )
        .returning();
      if (!linked) throw new AppError('forbidden', CHAT_SYNC_MESSAGES.linkedToAnotherAccount);
      return toChatSession(linked);
    },

    /** The user's linked sessions, most recently updated first (at most 100). */
    async listUserSessions(userId: string): Promise<ChatSessionSummary[]> {
      const rows = await db
        .select()
        .from(chatbotConversations)
        .where(eq(chatbotConversations.userId, userId))
        .orderBy(desc(chatbotConversations.updatedAt))
        .limit(100);
      return rows.map((row) => {
        const { sessionId, role, stage, status, completed, updatedAt } = toChatSession(row);
        return { sessionId, role, stage, status, completed, updatedAt };
      });
    },
  };
}

export type ChatSessions = ReturnType<typeof createChatSessions>;

/**
 * Links a chat to an account just created by sign-up (issue 14: the session id travels with the
 * sign-up request). Like `linkSession`, only a session the server issued is linked (an unknown
 * id links nothing); one linked to another account is left alone. Returns whether the chat now
 * belongs to `userId`.
 */
export async function linkChatSessionAtSignUp(db: Database, sessionId: string, userId: string): Promise<boolean> {
  const linked = await db
    .update(chatbotConversations)
    .set({ userId, updatedAt: sql`now()` })
    .where(and(eq(chatbotConversations.sessionId, sessionId), isNull(chatbotConversations.userId)))
    .returning({ userId: chatbotConversations.userId });
  if (linked.length > 0) return true;
  const [row] = await db
    .select({ userId: chatbotConversations.userId })
    .from(chatbotConversations)
    .where(eq(chatbotConversations.sessionId, sessionId));
  return row?.userId === userId;
}
