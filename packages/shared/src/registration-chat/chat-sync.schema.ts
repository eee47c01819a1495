import { z } from 'zod';
import type { PublicRole } from '../roles';
import { validateChatInput } from '../validation/chat-input';
import {
  CHAT_PROGRESS_STATUSES,
  chatAnswerValueSchema,
  chatStageSchema,
  publicRoleSchema,
  type ChatAnswerValue,
} from './chat-state';
import {
  type ChatFlows,
  type ChatQuestion,
  isMultiSelectQuestion,
  listFlowQuestions,
  REGISTRATION_FLOWS,
} from './flows';

/**
 * The registration chat's server sync (`/api/chat/sessions/*`): request and response shapes both
 * sides use. A chat session is identified by an id the browser generates; the id is a bearer
 * capability (whoever holds it can read and write the chat until it is linked to an account), so
 * it must be unguessable: 22–64 base64url characters, i.e. at least 128 random bits.
 *
 * Sync is exact and idempotent: messages carry client-generated ids (a replayed batch inserts
 * nothing) and are ordered by their client timestamp, then id (arrival order does not matter);
 * the progress and answers are a snapshot the server keeps as sent, except that a snapshot older
 * than the one kept is ignored and a completed chat only goes back to in progress when the
 * client says it started over (`restartedAt`, see `chatSessionUpdateSchema`).
 */

export const CHAT_SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;
export const CHAT_MESSAGE_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** Largest request body of the chat sync routes. */
export const MAX_CHAT_SYNC_BODY_BYTES = 256 * 1024;
/** Messages per `POST …/messages` request; send longer transcripts in several batches. */
export const MAX_CHAT_MESSAGES_PER_REQUEST = 50;
/** Messages kept per session; further new messages are refused (replays are still answered). */
export const MAX_CHAT_MESSAGES_PER_SESSION = 500;
export const MAX_CHAT_MESSAGE_CHARS = 4_000;
/**
 * Bytes of message text kept per session (UTF-8). A real interview stays far below; without it
 * one address could fill the disk through chat sync (issue 13, item 5).
 */
export const MAX_CHAT_TRANSCRIPT_BYTES = 256 * 1024;
/** Answers per session (far more than any flow has questions). */
export const MAX_CHAT_ANSWERS_PER_SESSION = 200;
export const MAX_CHAT_ANSWER_CHARS = 4_000;
/** Largest client timestamp accepted: the year 2100, in ms. */
const MAX_CLIENT_TIMESTAMP_MS = 4_102_444_800_000;
/** Upper bound of the progress indices (the spec encodes section * 10 + question). */
const MAX_PROGRESS_INDEX = 10_000;

/** Messages of the chat sync, shown to people as they are. */
export const CHAT_SYNC_MESSAGES = {
  invalidSessionId: 'This chat session id is not valid. Please start a new chat.',
  notFound: 'This chat session was not found.',
  linkedToAnotherAccount: 'This chat is already linked to another account.',
  sessionFull: `This chat has reached its limit of ${MAX_CHAT_MESSAGES_PER_SESSION} messages. Please continue with the registration form.`,
  transcriptTooLarge: `This chat has reached its size limit of ${MAX_CHAT_TRANSCRIPT_BYTES / 1024} kB. Please continue with the registration form.`,
  tooManyAnswers: `A chat can hold at most ${MAX_CHAT_ANSWERS_PER_SESSION} answers.`,
  answersBeforeRole: 'Choose whether you need care, give care or want to help before answering questions.',
  completedWithoutRole: 'A chat can only be completed once a role is chosen.',
  statusMismatch: 'The status and the completed flag disagree.',
  unknownQuestion: (role: PublicRole) => `This question is not part of the ${role} registration chat.`,
  unknownOption: 'This is not one of the options of this question.',
  repeatedOption: 'An option is chosen more than once.',
  expectsList: 'This question takes a list of options.',
  expectsOne: 'This question takes one answer, not a list.',
  answerTooLong: `An answer can be at most ${MAX_CHAT_ANSWER_CHARS} characters.`,
} as const;

/** 429 text: who is limited and for how long. */
export function chatRateLimitedMessage(
  scope: 'ip' | 'session' | 'new_session' | 'new_session_day',
  retryAfterSeconds: number,
): string {
  const wait = `Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'} and try again.`;
  if (scope === 'session') return `This chat is being saved too often. ${wait}`;
  if (scope === 'new_session') return `Too many new chats have been started from this connection. ${wait}`;
  if (scope === 'new_session_day') {
    return 'Too many new chats have been started from this connection today. Please continue an existing chat or try again tomorrow.';
  }
  return `Too many chat requests from this connection. ${wait}`;
}

export const chatSessionIdSchema = z.string().regex(CHAT_SESSION_ID_PATTERN, CHAT_SYNC_MESSAGES.invalidSessionId);

export function isValidChatSessionId(value: string): boolean {
  return CHAT_SESSION_ID_PATTERN.test(value);
}

const clientTimestampSchema = z.number().int().min(0).max(MAX_CLIENT_TIMESTAMP_MS);
const progressIndexSchema = z.number().int().min(0).max(MAX_PROGRESS_INDEX);

/**
 * Why an answer is not acceptable for `question`, or null. Option answers must be the flow's
 * codes (a list for multi-select questions, without repeats); typed answers follow the chat's
 * input validation for the question's field type.
 */
export function getAnswerProblem(question: ChatQuestion, value: ChatAnswerValue): string | null {
  const codes = question.options?.map((option) => option.id);
  if (isMultiSelectQuestion(question)) {
    if (!Array.isArray(value)) return CHAT_SYNC_MESSAGES.expectsList;
    if (codes && value.some((code) => !codes.includes(code))) return CHAT_SYNC_MESSAGES.unknownOption;
    if (new Set(value).size !== value.length) return CHAT_SYNC_MESSAGES.repeatedOption;
    return null;
  }
  if (Array.isArray(value)) return CHAT_SYNC_MESSAGES.expectsOne;
  if (codes && codes.length > 0) return codes.includes(value) ? null : CHAT_SYNC_MESSAGES.unknownOption;
  if (value.length > MAX_CHAT_ANSWER_CHARS) return CHAT_SYNC_MESSAGES.answerTooLong;
  const result = validateChatInput(value, question.fieldType);
  return result.isValid ? null : result.message;
}

/**
 * Problems of a set of answers for `role`, by question id ('' for the whole set). Question ids
 * must belong to the role's flow (product notes lesson 1: answers are keyed by question id).
 */
export function getAnswersProblems(
  role: PublicRole | null,
  answers: Readonly<Record<string, ChatAnswerValue>>,
  flows: ChatFlows = REGISTRATION_FLOWS,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const entries = Object.entries(answers);
  if (entries.length === 0) return problems;
  if (role === null) return { '': CHAT_SYNC_MESSAGES.answersBeforeRole };
  const questions = new Map(listFlowQuestions(flows[role]).map(({ question }) => [question.id, question]));
  for (const [questionId, value] of entries) {
    const question = questions.get(questionId);
    const problem = question ? getAnswerProblem(question, value) : CHAT_SYNC_MESSAGES.unknownQuestion(role);
    if (problem) problems[questionId] = problem;
  }
  return problems;
}

/**
 * `PUT /api/chat/sessions/:sessionId`: the chat's progress and answers as the browser has them.
 *
 * Two optional fields order the snapshots (both on the browser's clock, ms):
 * - `lastActive`: the engine state's `lastActive`. A snapshot older than the one the server keeps
 *   (in the same run) is ignored, so a late, out-of-order PUT cannot undo a newer one.
 * - `restartedAt`: when the user last chose 'Start over' in this session (absent or null: never).
 *   A larger value than the server's starts a new run: the snapshot is taken whole, so a
 *   completed chat may go back to in progress. Without it, a completed chat stays completed
 *   whatever a later PUT says; a smaller value marks a write from before the restart (ignored).
 *
 * `handedOverAt` (ms, optional so older clients still validate): when the chat handed the visitor
 * to the registration form in this run. The server keeps the first one of a run; a new run
 * (restart) takes the snapshot's value, so 'Start over' clears it.
 */
export const chatSessionUpdateSchema = z
  .object({
    role: publicRoleSchema.nullable(),
    stage: chatStageSchema,
    status: z.enum(CHAT_PROGRESS_STATUSES),
    questionIndex: progressIndexSchema,
    sectionIndex: progressIndexSchema,
    answers: z
      .record(z.string().max(100), chatAnswerValueSchema)
      .refine((answers) => Object.keys(answers).length <= MAX_CHAT_ANSWERS_PER_SESSION, {
        message: CHAT_SYNC_MESSAGES.tooManyAnswers,
      }),
    completed: z.boolean(),
    lastActive: clientTimestampSchema.optional(),
    restartedAt: clientTimestampSchema.nullable().optional(),
    handedOverAt: clientTimestampSchema.nullable().optional(),
  })
  .superRefine((update, ctx) => {
    if (update.completed !== (update.status === 'completed')) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: CHAT_SYNC_MESSAGES.statusMismatch });
    }
    if (update.completed && update.role === null) {
      ctx.addIssue({ code: 'custom', path: ['completed'], message: CHAT_SYNC_MESSAGES.completedWithoutRole });
    }
    if (Object.keys(update.answers).length > MAX_CHAT_ANSWERS_PER_SESSION) return;
    for (const [questionId, message] of Object.entries(getAnswersProblems(update.role, update.answers))) {
      ctx.addIssue({ code: 'custom', path: questionId ? ['answers', questionId] : ['answers'], message });
    }
  });
export type ChatSessionUpdate = z.infer<typeof chatSessionUpdateSchema>;

export const CHAT_MESSAGE_SENDERS = ['user', 'assistant'] as const;

/** One transcript message as the browser sends it; `id` is generated by the browser. */
export const chatSyncMessageSchema = z.object({
  id: z.string().regex(CHAT_MESSAGE_ID_PATTERN, 'A message id is 8–64 letters, digits, hyphens or underscores.'),
  content: z.string().max(MAX_CHAT_MESSAGE_CHARS, `A message can be at most ${MAX_CHAT_MESSAGE_CHARS} characters.`),
  sender: z.enum(CHAT_MESSAGE_SENDERS),
  /** Milliseconds since the epoch, on the browser's clock. */
  timestamp: clientTimestampSchema,
});
export type ChatSyncMessage = z.infer<typeof chatSyncMessageSchema>;

/** `POST /api/chat/sessions/:sessionId/messages`. */
export const chatMessagesBatchSchema = z.object({
  messages: z
    .array(chatSyncMessageSchema)
    .min(1)
    .max(
      MAX_CHAT_MESSAGES_PER_REQUEST,
      `Send at most ${MAX_CHAT_MESSAGES_PER_REQUEST} messages per request; split longer transcripts.`,
    ),
});
export type ChatMessagesBatch = z.infer<typeof chatMessagesBatchSchema>;

/** Orders a transcript as the server does: client timestamp, then id (code-unit order). */
export function compareChatSyncMessages(a: ChatSyncMessage, b: ChatSyncMessage): number {
  if (a.timestamp !== b.timestamp) return a.timestamp - b.timestamp;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A chat session as the server keeps it. */
export const chatSessionSchema = z.object({
  sessionId: z.string(),
  role: publicRoleSchema.nullable(),
  stage: chatStageSchema,
  status: z.enum(CHAT_PROGRESS_STATUSES),
  questionIndex: z.number().int(),
  sectionIndex: z.number().int(),
  completed: z.boolean(),
  /** ISO time the server first saw the chat completed in its current run, or null. */
  completedAt: z.string().nullable(),
  restartedAt: z.number().nullable(),
  lastActive: z.number().nullable(),
  /** Client clock (ms) when this run handed over to the registration form, or null. */
  handedOverAt: z.number().nullable(),
  /** Linked to an account: only that user (signed in) and admins can reach it. */
  linked: z.boolean(),
  messageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatSession = z.infer<typeof chatSessionSchema>;

/** `PUT …/:sessionId` answer. `applied` is false when the snapshot was stale and nothing changed. */
export const chatSessionUpdateResponseSchema = z.object({ session: chatSessionSchema, applied: z.boolean() });
export type ChatSessionUpdateResponse = z.infer<typeof chatSessionUpdateResponseSchema>;

/** `POST …/:sessionId/messages` answer: new rows and already-known ids. */
export const chatMessagesResponseSchema = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  messageCount: z.number().int(),
});
export type ChatMessagesResponse = z.infer<typeof chatMessagesResponseSchema>;

/** `GET …/:sessionId` answer: the session, its sorted transcript and its answers by question id. */
export const chatSessionDetailSchema = z.object({
  session: chatSessionSchema,
  messages: z.array(chatSyncMessageSchema),
  answers: z.record(z.string(), chatAnswerValueSchema),
});
export type ChatSessionDetail = z.infer<typeof chatSessionDetailSchema>;

/** `POST …/:sessionId/link` answer. */
export const chatSessionLinkResponseSchema = z.object({ session: chatSessionSchema });

/** One entry of `GET /api/chat/sessions` (the signed-in user's linked chats, newest first). */
export const chatSessionSummarySchema = z.object({
  sessionId: z.string(),
  role: publicRoleSchema.nullable(),
  stage: chatStageSchema,
  status: z.enum(CHAT_PROGRESS_STATUSES),
  completed: z.boolean(),
  updatedAt: z.string(),
});
export type ChatSessionSummary = z.infer<typeof chatSessionSummarySchema>;
export const chatSessionListSchema = z.object({ sessions: z.array(chatSessionSummarySchema) });
