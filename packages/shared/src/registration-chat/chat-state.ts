import { z } from 'zod';
import { PUBLIC_ROLES, type PublicRole } from '../roles';
import { chatFieldTypeSchema } from '../validation/chat-input';

/**
 * The serialisable shapes of the registration chat (spec §3): options, messages, saved responses,
 * progress and the engine's whole state. Everything is plain JSON so the web app can keep it in
 * local storage and the server in `chatbot_conversations.conversation_data`; parse what comes back
 * with these schemas before trusting it.
 */

export const publicRoleSchema = z.enum(PUBLIC_ROLES);

/** An option button under a bot message. For questions, `id` is the option's canonical code. */
export const chatOptionSchema = z.object({
  id: z.string(),
  label: z.string(),
  subtext: z.string().optional(),
});
export type ChatOption = z.infer<typeof chatOptionSchema>;

/** One chat bubble. */
export const chatMessageSchema = z.object({
  id: z.string(),
  content: z.string(),
  /** Bot text shown in place of `content`, e.g. an AI rephrasing of a scripted question. */
  formattedContent: z.string().optional(),
  isUser: z.boolean(),
  /** Milliseconds since the epoch. */
  timestamp: z.number(),
  options: z.array(chatOptionSchema).optional(),
  isFormatted: z.boolean().optional(),
  /** The flow question this bot message asks, so a rephrasing keeps its id, options and validation. */
  questionId: z.string().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const CHAT_STAGES = ['intro', 'questions', 'completion'] as const;
export const chatStageSchema = z.enum(CHAT_STAGES);
export type ChatStage = z.infer<typeof chatStageSchema>;

/** A multi-select answer is the list of chosen codes; everything else is a string. */
export const chatAnswerValueSchema = z.union([z.string(), z.array(z.string())]);
export type ChatAnswerValue = z.infer<typeof chatAnswerValueSchema>;

/** One saved answer, keyed in the state by question id (never by position; product notes lesson 1). */
export const savedResponseSchema = z.object({
  response: chatAnswerValueSchema,
  role: publicRoleSchema,
  sectionIndex: z.number().int().min(0),
  timestamp: z.number(),
});
export type SavedResponse = z.infer<typeof savedResponseSchema>;

/** The engine's whole state. Create it with `createChatState`; change it only with `applyChatEvent`. */
export const chatStateSchema = z.object({
  sessionId: z.string().min(1),
  stage: chatStageSchema,
  role: publicRoleSchema.nullable(),
  /** A role chosen before the chat opened (e.g. from a landing-page bubble); skips the intro. */
  initialRole: publicRoleSchema.nullable(),
  sectionIndex: z.number().int().min(0),
  /** Index of the question within its section (not the spec's encoded index; see `getChatProgress`). */
  questionIndex: z.number().int().min(0),
  /** A section has just been completed and the 'Continue' option is waiting to be pressed. */
  awaitingContinue: z.boolean(),
  /** Answers by question id, which is also the form field name. */
  answers: z.record(z.string(), savedResponseSchema),
  /** Codes ticked so far on the current checkbox or multiselect question. */
  selection: z.array(z.string()),
  messages: z.array(chatMessageSchema),
  /** What is typed in the input box. */
  input: z.string(),
  validationError: z.string().nullable(),
  /** Field type of the question being asked, for validation and the input placeholder. */
  fieldType: chatFieldTypeSchema.nullable(),
  completed: z.boolean(),
  /** The 'Welcome back!' prompt is showing (the UI hides the typing indicator). */
  isResuming: z.boolean(),
  /** Last index used per phrase list, so no random phrase is said twice in a row. */
  lastPhraseIndex: z.record(z.string(), z.number().int()),
  lastActive: z.number(),
  /**
   * When the user last chose 'No, start over' in this session (ms), so the server starts a new run
   * of the same session instead of ignoring the emptier snapshot. Null: never. Optional so states
   * saved before it existed still restore.
   */
  restartedAt: z.number().nullable().optional(),
  /**
   * When the chat (in its current run) first handed the visitor to the registration form (ms),
   * for the admin's registration funnel. Null: not yet. Cleared by 'Start over'; optional so
   * states saved before it existed still restore.
   */
  handedOverAt: z.number().nullable().optional(),
});
export type ChatState = z.infer<typeof chatStateSchema>;

export const CHAT_PROGRESS_STATUSES = ['in_progress', 'completed'] as const;

/** Spec §3 "Chat progress": what is saved per session once a role is chosen. */
export const chatProgressSchema = z.object({
  role: publicRoleSchema,
  /** Encoded as `sectionIndex * 10 + questionIndex` (spec §3). */
  questionIndex: z.number().int().min(0),
  sectionIndex: z.number().int().min(0),
  status: z.enum(CHAT_PROGRESS_STATUSES),
  lastActive: z.number(),
  sessionId: z.string(),
  /** Id of the question being asked, or null when none is (completed, or a section just ended). */
  currentQuestion: z.string().nullable(),
  /** The answers by question id. */
  formData: z.record(z.string(), chatAnswerValueSchema),
  stage: chatStageSchema,
});
export type ChatProgress = z.infer<typeof chatProgressSchema>;

/** A fresh chat: intro stage, no messages, no answers. */
export function createChatState(input: { sessionId: string; now: number; initialRole?: PublicRole | null }): ChatState {
  return {
    sessionId: input.sessionId,
    stage: 'intro',
    role: null,
    initialRole: input.initialRole ?? null,
    sectionIndex: 0,
    questionIndex: 0,
    awaitingContinue: false,
    answers: {},
    selection: [],
    messages: [],
    input: '',
    validationError: null,
    fieldType: null,
    completed: false,
    isResuming: false,
    lastPhraseIndex: {},
    lastActive: input.now,
    restartedAt: null,
    handedOverAt: null,
  };
}
