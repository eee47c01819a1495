import {
  CHAT_AI_MESSAGES,
  type chatAiRequestSchema,
  type ChatAiResponse,
  type ChatAiStatus,
} from '@tavara/shared/registration-chat/chat-ai.schema';
import { enforceChatDialect } from '@tavara/shared/registration-chat/dialect';
import { CHAT_SYNC_MESSAGES } from '@tavara/shared/registration-chat/chat-sync.schema';
import {
  decodeQuestionIndex,
  getQuestionAt,
  REGISTRATION_FLOWS,
  type ChatFlows,
} from '@tavara/shared/registration-chat/flows';
import { PUBLIC_ROLES } from '@tavara/shared/roles';
import { eq } from 'drizzle-orm';
import type OpenAI from 'openai';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { chatbotConversations, chatRateLimits } from '../../db/schema/registration-chat';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import { addressBucket } from '../../lib/client-address';
import type { Logger } from '../../lib/logger';
import { createWindowCounter, type WindowRule } from '../../lib/window-counter';
import { buildChatAiSystemPrompt, resolveAiQuestion } from './chat-ai-prompt';
import { redactContactDetails } from '../../lib/redact-contact-details';
import { canAccessConversation, ChatRateLimitedError, type ChatRequester } from './registration-chat.service';
import { sessionCounterId, sessionLogTag } from './session-id';

type ChatAiRequestBody = z.output<typeof chatAiRequestSchema>;

/**
 * The question a stored chat is at: its role's flow at the stored position (`questionIndex` is
 * the spec's encoding, `sectionIndex * 10 + questionIndex`), or null.
 */
export function storedCurrentQuestionId(
  row: { userRole: string | null; questionIndex: number | null },
  flows: ChatFlows = REGISTRATION_FLOWS,
): string | null {
  const role = PUBLIC_ROLES.find((r) => r === row.userRole);
  if (!role || row.questionIndex === null) return null;
  const { sectionIndex, questionIndex } = decodeQuestionIndex(row.questionIndex);
  return getQuestionAt(flows[role], sectionIndex, questionIndex)?.id ?? null;
}

/**
 * AI turns allowed, counted in `chat_rate_limits` under `ai:` keys (decision 010). A family
 * interview has 25 questions; with the browser's 3 retries a whole interview on a failing
 * provider stays under the per-session figure. The per-address figure leaves room for many
 * visitors behind one carrier's shared address while capping what one address can spend.
 */
export const CHAT_AI_RATE_LIMITS = {
  perSession: { max: 120, windowSeconds: 3600 },
} as const satisfies Record<string, WindowRule>;

/** The configurable budgets (AI_MAX_CALLS_PER_IP_PER_HOUR, AI_MAX_CALLS_PER_DAY). */
export function chatAiBudgets(env: Pick<Env, 'AI_MAX_CALLS_PER_IP_PER_HOUR' | 'AI_MAX_CALLS_PER_DAY'>) {
  return {
    perIp: { max: env.AI_MAX_CALLS_PER_IP_PER_HOUR, windowSeconds: 3600 },
    global: { max: env.AI_MAX_CALLS_PER_DAY, windowSeconds: 86_400 },
  } satisfies Record<string, WindowRule>;
}
export const CHAT_AI_GLOBAL_COUNTER_KEY = 'ai:global';

export const chatAiIpCounterKey = (ip: string | undefined) => `ai:ip:${addressBucket(ip)}`;
export const chatAiSessionCounterKey = (sessionId: string) => `ai:session:${sessionCounterId(sessionId)}`;

/** Most characters of an AI answer kept; a longer one is cut at a sentence end where possible. */
export const MAX_CHAT_AI_ANSWER_CHARS = 600;
/** Tokens the provider may spend on one answer (2–3 sentences need far fewer). */
const MAX_COMPLETION_TOKENS = 300;

function capLength(text: string): string {
  if (text.length <= MAX_CHAT_AI_ANSWER_CHARS) return text;
  const cut = text.slice(0, MAX_CHAT_AI_ANSWER_CHARS);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('? '), cut.lastIndexOf('! '));
  return end > 0 ? cut.slice(0, end + 1) : cut;
}

/** The provider client's failures, by kind, in the API's error shape; provider text never reaches the client. */
type OpenAISdk = typeof OpenAI;

function providerFailure(Sdk: OpenAISdk, error: unknown): AppError {
  if (error instanceof Sdk.APIConnectionTimeoutError) return new AppError('ai_timeout', CHAT_AI_MESSAGES.timeout);
  if (error instanceof Sdk.APIError) return new AppError('ai_provider_error', CHAT_AI_MESSAGES.providerError);
  // Anything else the SDK throws comes from reading the answer (e.g. JSON that does not parse).
  return new AppError('ai_invalid_response', CHAT_AI_MESSAGES.invalidResponse);
}

/** What may be logged about a provider failure: its kind and HTTP status, never its text (it can quote the key). */
function describeFailure(Sdk: OpenAISdk, error: unknown): Record<string, unknown> {
  if (error instanceof Sdk.APIError) return { kind: error.constructor.name, status: error.status };
  return { kind: error instanceof Error ? error.name : typeof error };
}

/**
 * The server side of the spec's `chat-gpt` call: one reworded question per call, through the
 * official `openai` SDK at OPENAI_BASE_URL. Without OPENAI_API_KEY it reports AI unavailable and
 * the chat runs scripted.
 */
export function createChatAi(env: Env, db: Database) {
  const counters = createWindowCounter(db, chatRateLimits);
  // The SDK loads with the first AI call, not at start-up (~13 MB a server without a key never
  // needs, decision 034); `configured` answers availability without it.
  const apiKey = env.OPENAI_API_KEY;
  const configured = Boolean(apiKey);
  let sdk: Promise<{ OpenAI: OpenAISdk; client: OpenAI }> | undefined;
  const loadSdk = () =>
    (sdk ??= import('openai').then(({ default: OpenAI }) => ({
      OpenAI,
      client: new OpenAI({
        apiKey,
        ...(env.OPENAI_BASE_URL ? { baseURL: env.OPENAI_BASE_URL } : {}),
        timeout: env.OPENAI_TIMEOUT_MS,
        // The browser retries (spec §7: 3 retries 1 s apart); retrying here too would multiply them.
        maxRetries: 0,
      }),
    })));

  const budgets = chatAiBudgets(env);

  async function enforce(key: string, rule: WindowRule, scope: 'ip' | 'session') {
    const decision = await counters.consume(key, rule);
    if (!decision.allowed) throw new ChatRateLimitedError(scope, Math.max(1, decision.retryAfterSeconds));
  }

  return {
    status(): ChatAiStatus {
      return configured
        ? { available: true, reason: null }
        : { available: false, reason: CHAT_AI_MESSAGES.unavailable };
    },

    /**
     * 503 without a provider; counts the request against the per-address AI limit (malformed
     * requests count too). The server-wide daily budget is counted later, only for a real model
     * call (`reply`), so refused requests cannot use it up and switch the AI off for everyone.
     */
    async admit(ip: string | undefined): Promise<void> {
      if (!configured) throw new AppError('ai_unavailable', CHAT_AI_MESSAGES.unavailable);
      await enforce(chatAiIpCounterKey(ip), budgets.perIp, 'ip');
    },

    /** One AI-worded message for the session's current question. */
    async reply(body: ChatAiRequestBody, requester: ChatRequester, logger: Logger): Promise<ChatAiResponse> {
      if (!configured) throw new AppError('ai_unavailable', CHAT_AI_MESSAGES.unavailable);
      const { question, section, leadIn } = resolveAiQuestion(body.userRole, body.fieldContext);
      // Only a session the server issued and stored (issue 13, item 4); a linked one only for its
      // owner and admins (decision 008). Anything else is not found.
      const [conversation] = await db
        .select({
          userId: chatbotConversations.userId,
          stage: chatbotConversations.stage,
          userRole: chatbotConversations.userRole,
          questionIndex: chatbotConversations.questionIndex,
        })
        .from(chatbotConversations)
        .where(eq(chatbotConversations.sessionId, body.sessionId));
      if (!conversation || !canAccessConversation(conversation, requester.viewer)) {
        throw new AppError('not_found', CHAT_SYNC_MESSAGES.notFound);
      }
      // The AI words interview questions only: the stored chat must be at its questions.
      if (conversation.stage !== 'questions') {
        throw new AppError('validation_failed', CHAT_AI_MESSAGES.notAtQuestions, {
          sessionId: CHAT_AI_MESSAGES.notAtQuestions,
        });
      }
      // …and only the question the stored chat is at: its role's flow, at its stored position.
      if (storedCurrentQuestionId(conversation) !== question.id || conversation.userRole !== body.userRole) {
        throw new AppError('validation_failed', CHAT_AI_MESSAGES.notCurrentQuestion, {
          'fieldContext.questionId': CHAT_AI_MESSAGES.notCurrentQuestion,
        });
      }
      await enforce(chatAiSessionCounterKey(body.sessionId), CHAT_AI_RATE_LIMITS.perSession, 'session');
      // The whole server's daily budget, counted only now that a model call will be made: a 429
      // like the others, so the chat goes scripted.
      const global = await counters.consume(CHAT_AI_GLOBAL_COUNTER_KEY, budgets.global);
      if (!global.allowed) throw new AppError('rate_limited', CHAT_AI_MESSAGES.dailyBudgetUsed);

      const systemPrompt = buildChatAiSystemPrompt({
        role: body.userRole,
        question,
        section,
        leadIn,
        answers: body.fieldContext.answers,
        rephraseQuestion: body.fieldContext.rephraseQuestion,
        optionsVisible: body.fieldContext.optionsVisible,
      });
      const { OpenAI: Sdk, client } = await loadSdk();
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = await client.chat.completions.create({
          model: env.OPENAI_MODEL,
          temperature: body.temperature,
          max_tokens: MAX_COMPLETION_TOKENS,
          // A hash of the session, so the provider can tell visitors apart without learning who they are.
          safety_identifier: sessionCounterId(body.sessionId),
          // The Privacy Policy promises e-mail addresses and phone numbers stay out of what the
          // provider receives; the typed answers are among these recent messages (issue 14).
          messages: [
            { role: 'system', content: systemPrompt },
            ...body.messages.map((m) => ({ role: m.role, content: redactContactDetails(m.content) })),
          ],
        });
      } catch (error) {
        const failure = providerFailure(Sdk, error);
        logger.warn(
          { chatSession: sessionLogTag(body.sessionId), ...describeFailure(Sdk, error) },
          'chat AI call failed',
        );
        throw failure;
      }
      // An OpenAI-compatible server may send anything: check the shape rather than trust the types.
      const choices: unknown = (completion as { choices?: unknown }).choices;
      const first: unknown = Array.isArray(choices) ? choices[0] : undefined;
      const content: unknown =
        typeof first === 'object' && first !== null
          ? (first as { message?: { content?: unknown } }).message?.content
          : undefined;
      if (first === undefined || (content != null && typeof content !== 'string')) {
        throw new AppError('ai_invalid_response', CHAT_AI_MESSAGES.invalidResponse);
      }
      const text = capLength(enforceChatDialect(typeof content === 'string' ? content.trim() : ''));
      if (!text) throw new AppError('ai_empty_message', CHAT_AI_MESSAGES.emptyMessage);
      const message = body.fieldContext.rephraseQuestion ? text : `${text} ${question.label}`;
      const usage = completion.usage
        ? {
            promptTokens: completion.usage.prompt_tokens,
            completionTokens: completion.usage.completion_tokens,
            totalTokens: completion.usage.total_tokens,
          }
        : null;
      return { message, usage };
    },
  };
}

export type ChatAi = ReturnType<typeof createChatAi>;
