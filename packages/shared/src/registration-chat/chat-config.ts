import { z } from 'zod';

/** Chat constants of spec §9 and the chat settings of spec §3 "Chat config". */

/** Calls to the AI function are retried 3 times (4 attempts in all), 1 s apart. */
export const CHAT_MAX_RETRIES = 3;
export const CHAT_RETRY_DELAY_MS = 1_000;
export const CHAT_DEFAULT_TEMPERATURE = 0.7;
/** Word overlap above which a bot message counts as a repeat of the previous one. */
export const CHAT_SIMILARITY_THRESHOLD = 0.8;
/** Messages shorter than this are only compared for exact equality by the duplicate guard. */
export const CHAT_SHORT_MESSAGE_CHARS = 10;
/** Delay before navigating from the chat to the registration form. */
export const REGISTRATION_REDIRECT_DELAY_MS = 100;

export const CHAT_MODES = ['ai', 'scripted', 'hybrid'] as const;

/**
 * Chat settings. The spec reads fallbackThreshold as 3 in one place and 2 in another; 3 is used.
 * Without an AI provider configured, the server answers in scripted mode whatever is chosen here.
 */
export const chatConfigSchema = z.object({
  mode: z.enum(CHAT_MODES).default('hybrid'),
  temperature: z.number().min(0).max(2).default(CHAT_DEFAULT_TEMPERATURE),
  /** Failed AI answers tolerated before the hybrid mode falls back to the scripted questions. */
  fallbackThreshold: z.number().int().min(1).max(10).default(3),
  useAIPrompts: z.boolean().default(true),
  alwaysShowOptions: z.boolean().default(true),
});
export type ChatConfig = z.infer<typeof chatConfigSchema>;

export const DEFAULT_CHAT_CONFIG: ChatConfig = chatConfigSchema.parse({});
