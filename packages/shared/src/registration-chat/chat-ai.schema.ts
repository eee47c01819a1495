import { z } from 'zod';
import { CHAT_DEFAULT_TEMPERATURE } from './chat-config';
import { chatAnswerValueSchema, publicRoleSchema } from './chat-state';
import { CHAT_SESSION_ID_PATTERN } from './chat-sync.schema';

/**
 * The spec's `chat-gpt` call (§7), served by `POST /api/chat/ai`: the browser sends the recent
 * transcript, its session id, role, temperature and the field context (which question is due);
 * the server builds the system prompt itself from the spec's rules and the flow's question (a
 * `systemPrompt` sent by the client is accepted for compatibility and ignored) and answers
 * `{ message, usage }`, or an error in the API's one error shape (`{ error: { code, message } }`).
 * `GET /api/chat/ai/status` says whether AI is configured at all, so the chat can run scripted
 * and the settings can say why.
 */

/** Caps of one request: the chat sends the last few messages, never the whole transcript. */
export const MAX_CHAT_AI_MESSAGES = 20;
export const MAX_CHAT_AI_MESSAGE_CHARS = 1_000;
export const MAX_CHAT_AI_BODY_BYTES = 64 * 1024;
/** All text of one request's messages together (the chat sends a short recent history). */
export const MAX_CHAT_AI_TOTAL_CHARS = 4_000;
/**
 * The visitor's own words in one request (issue 13, item 4): the model only needs the gist of the
 * last answers to word the next question, and a chat answer is a name, a place, a choice or a
 * line or two — 300 characters per answer, 600 in all. What the visitor types is the text an
 * abuser controls, so it is capped far below the whole request's 4,000.
 */
export const MAX_CHAT_AI_USER_MESSAGE_CHARS = 300;
export const MAX_CHAT_AI_USER_TOTAL_CHARS = 600;
/** Answers so far, each cut to this many characters before they reach the prompt. */
export const MAX_CHAT_AI_ANSWERS = 60;
export const MAX_CHAT_AI_ANSWER_CHARS = 200;

/**
 * Besides the API's generic codes (422 validation_failed, 429 rate_limited, 404 not_found), the
 * AI endpoint answers `ai_unavailable` (503), `ai_provider_error`, `ai_invalid_response`,
 * `ai_empty_message` (502) and `ai_timeout` (504); see `API_ERROR_STATUS`.
 */
export const CHAT_AI_MESSAGES = {
  unavailable: 'AI chat is not set up on this server, so the assistant uses its scripted questions.',
  providerError: 'The AI provider answered with an error.',
  invalidResponse: 'The AI provider sent an answer that could not be read.',
  timeout: 'The AI provider took too long to answer.',
  emptyMessage: 'The AI provider sent an empty answer.',
  unknownQuestion: 'This question is not part of the chosen registration chat.',
  unknownLeadIn: 'This lead-in is not one the assistant uses.',
  notAtQuestions: 'This chat is not at its questions, so the assistant has nothing to ask.',
  notCurrentQuestion: 'The assistant only words the question this chat is at.',
  dailyBudgetUsed: 'The assistant has answered as many questions as it can today. Please try again later.',
} as const;

export const chatAiMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(MAX_CHAT_AI_MESSAGE_CHARS),
});
export type ChatAiMessage = z.infer<typeof chatAiMessageSchema>;

/** Which question the AI words. The server reads the question itself from the role's flow. */
export const chatAiFieldContextSchema = z.object({
  /** The question id (= form field name) in the `userRole` flow. */
  questionId: z.string().min(1).max(100),
  /** Informational: the server uses the flow's own type and options. */
  type: z.string().max(40).optional(),
  options: z.array(z.string().max(100)).max(60).optional(),
  /** Answers so far by question id; only ids of the flow reach the prompt, each cut short. */
  answers: z.record(z.string().max(100), chatAnswerValueSchema).optional(),
  /**
   * The scripted lead-in said before the question ("Let's get started.", a transition or an
   * acknowledgement). Must be one of the assistant's own phrases; the AI keeps its meaning.
   */
  leadIn: z.string().max(300).optional(),
  /** 'AI-Generated Questions': true → the AI words the whole message; false → only the lead-in. */
  rephraseQuestion: z.boolean().default(true),
  /** 'Always Show Multiple-Choice Options' off: the AI names the choices in its question. */
  optionsVisible: z.boolean().default(true),
});
export type ChatAiFieldContext = z.infer<typeof chatAiFieldContextSchema>;

export const chatAiRequestSchema = z.object({
  sessionId: z.string().regex(CHAT_SESSION_ID_PATTERN, 'This chat session id is not valid. Please start a new chat.'),
  userRole: publicRoleSchema,
  messages: z
    .array(chatAiMessageSchema)
    .max(MAX_CHAT_AI_MESSAGES, `Send at most ${MAX_CHAT_AI_MESSAGES} messages.`)
    .refine((messages) => messages.reduce((sum, m) => sum + m.content.length, 0) <= MAX_CHAT_AI_TOTAL_CHARS, {
      message: `The messages can hold at most ${MAX_CHAT_AI_TOTAL_CHARS} characters together.`,
    })
    .refine(
      (messages) => messages.every((m) => m.role !== 'user' || m.content.length <= MAX_CHAT_AI_USER_MESSAGE_CHARS),
      {
        message: `An answer sent to the assistant can be at most ${MAX_CHAT_AI_USER_MESSAGE_CHARS} characters.`,
      },
    )
    .refine(
      (messages) =>
        messages.filter((m) => m.role === 'user').reduce((sum, m) => sum + m.content.length, 0) <=
        MAX_CHAT_AI_USER_TOTAL_CHARS,
      {
        message: `The answers sent to the assistant can hold at most ${MAX_CHAT_AI_USER_TOTAL_CHARS} characters together.`,
      },
    ),
  temperature: z.number().min(0).max(2).default(CHAT_DEFAULT_TEMPERATURE),
  fieldContext: chatAiFieldContextSchema,
  /** Spec §7 sends one; the server ignores it and builds its own (product notes lesson 5). */
  systemPrompt: z.string().max(20_000).optional(),
});
export type ChatAiRequest = z.input<typeof chatAiRequestSchema>;

export const chatAiUsageSchema = z.object({
  promptTokens: z.number(),
  completionTokens: z.number(),
  totalTokens: z.number(),
});

export const chatAiResponseSchema = z.object({
  message: z.string(),
  usage: chatAiUsageSchema.nullable(),
});
export type ChatAiResponse = z.infer<typeof chatAiResponseSchema>;

export const chatAiStatusSchema = z.object({
  available: z.boolean(),
  /** Why not, in words for people; null when available. */
  reason: z.string().nullable(),
});
export type ChatAiStatus = z.infer<typeof chatAiStatusSchema>;
