import { z } from 'zod';
import { isoDateSchema } from '../time/date-params';
import { CHAT_MESSAGE_SENDERS } from '../registration-chat/chat-sync.schema';
import { CHAT_PROGRESS_STATUSES, chatStageSchema, publicRoleSchema } from '../registration-chat/chat-state';
import { ROLES } from '../roles';

/**
 * `/admin/user-journey` (issue 8): the registration funnel built from chat sessions, and one
 * person's or one chat's timeline. Both endpoints answer 401 signed out and 403 for every role
 * but admin.
 *
 * Funnel stages (each a count of chat sessions created in the range):
 * - started: every session the server has (a session exists from its first synced write);
 * - role chosen: sessions with a role;
 * - section n reached: sessions of that role whose position (section, question) is in section n
 *   or beyond, or that are completed;
 * - completed: status completed (in its current run);
 * - handed over: the chat handed the visitor to the registration form (`handed_over_at_ms`);
 * - registered: linked to an account whose registration form has been saved (`registered_at`).
 * Drop-off per question: reached = at that question or beyond (or completed); stopped there =
 * still in progress with that question as its position. A chat waiting on 'Continue' after a
 * section counts at the next section's first question.
 */

export const USER_JOURNEY_STAGE_KEYS = ['started', 'role_chosen', 'completed', 'handed_over', 'registered'] as const;

/** One bar of a funnel: `key` is a stage key or `section:<section id>`. */
export const funnelStageSchema = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number().int().min(0),
});
export type FunnelStage = z.infer<typeof funnelStageSchema>;

/** How many sessions reached one question of a flow, and how many are still stopped at it. */
export const questionDropOffSchema = z.object({
  questionId: z.string(),
  /** The question's scripted wording. */
  label: z.string(),
  sectionIndex: z.number().int().min(0),
  sectionTitle: z.string(),
  questionIndex: z.number().int().min(0),
  reached: z.number().int().min(0),
  stopped: z.number().int().min(0),
});
export type QuestionDropOff = z.infer<typeof questionDropOffSchema>;

/** One role's funnel: its first stage is 'role chosen' (the base of its percentages). */
export const roleFunnelSchema = z.object({
  role: publicRoleSchema,
  stages: z.array(funnelStageSchema),
  questions: z.array(questionDropOffSchema),
});
export type RoleFunnel = z.infer<typeof roleFunnelSchema>;

/** `GET /api/admin/user-journey/funnel` answer. */
export const userJourneyFunnelSchema = z.object({
  /** The range asked for (UTC days, inclusive), null where open. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Every session whatever its role; its first stage ('started') is the base of its percentages. */
  overall: z.array(funnelStageSchema),
  roles: z.array(roleFunnelSchema),
});
export type UserJourneyFunnel = z.infer<typeof userJourneyFunnelSchema>;

export const USER_JOURNEY_MESSAGES = {
  rangeReversed: 'The start date must be on or before the end date.',
  emptyLookup: 'Enter an e-mail address, a user id or a chat session id.',
  lookupTooLong: (max: number) => `Enter at most ${max} characters.`,
  notFound: (query: string) => `No user or chat session matches “${query}”.`,
} as const;

// The shared date schema (issue 32): one format and supported range for every date parameter.
const isoDaySchema = isoDateSchema;

/** `GET /api/admin/user-journey/funnel?from=&to=`: optional UTC days (inclusive); default all time. */
export const userJourneyFunnelQuerySchema = z
  .object({ from: isoDaySchema.optional(), to: isoDaySchema.optional() })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    path: ['to'],
    message: USER_JOURNEY_MESSAGES.rangeReversed,
  });
export type UserJourneyFunnelQuery = z.infer<typeof userJourneyFunnelQuerySchema>;

export const MAX_USER_JOURNEY_LOOKUP_CHARS = 200;

/** `GET /api/admin/user-journey/timeline?query=`: an e-mail, a user id or a chat session id. */
export const userJourneyLookupSchema = z.object({
  query: z
    .string({ error: USER_JOURNEY_MESSAGES.emptyLookup })
    .trim()
    .min(1, USER_JOURNEY_MESSAGES.emptyLookup)
    .max(MAX_USER_JOURNEY_LOOKUP_CHARS, USER_JOURNEY_MESSAGES.lookupTooLong(MAX_USER_JOURNEY_LOOKUP_CHARS)),
});

/** Chat sessions shown in one user's timeline (the most recent ones). */
export const MAX_TIMELINE_SESSIONS = 10;
/** Sign-ins shown in one user's timeline (the most recent ones). */
export const MAX_TIMELINE_SIGN_INS = 50;

export const TIMELINE_EVENT_KINDS = [
  'account_created',
  'signed_in',
  'chat_started',
  'role_chosen',
  'message',
  'chat_completed',
  'handed_over',
  'registration_saved',
  'support_request',
] as const;
export type TimelineEventKind = (typeof TIMELINE_EVENT_KINDS)[number];

/** One thing that happened, at an ISO time (chat messages and hand-overs are on the browser's clock). */
export const timelineEventSchema = z.object({
  at: z.string(),
  kind: z.enum(TIMELINE_EVENT_KINDS),
  /** The chat session it belongs to, if any. */
  sessionId: z.string().nullable(),
  /** Messages only. */
  sender: z.enum(CHAT_MESSAGE_SENDERS).nullable(),
  /** A message's text, the role chosen, the support request's message… */
  detail: z.string().nullable(),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

export const timelineUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  registeredAt: z.string().nullable(),
});
export type TimelineUser = z.infer<typeof timelineUserSchema>;

export const timelineSessionSchema = z.object({
  sessionId: z.string(),
  role: publicRoleSchema.nullable(),
  stage: chatStageSchema,
  status: z.enum(CHAT_PROGRESS_STATUSES),
  linked: z.boolean(),
  messageCount: z.number().int(),
  createdAt: z.string(),
  handedOverAt: z.string().nullable(),
});
export type TimelineSession = z.infer<typeof timelineSessionSchema>;

/** `GET /api/admin/user-journey/timeline` answer (404 `not_found` when nothing matches). */
export const userJourneyTimelineSchema = z.object({
  query: z.string(),
  /** What matched: a user (by e-mail or id), or one chat session (by its id). */
  matchedBy: z.enum(['email', 'user_id', 'session_id']),
  user: timelineUserSchema.nullable(),
  sessions: z.array(timelineSessionSchema),
  /** The user's chat sessions in all; `sessions` holds the latest MAX_TIMELINE_SESSIONS. */
  sessionCount: z.number().int(),
  /** Oldest first. */
  events: z.array(timelineEventSchema),
});
export type UserJourneyTimeline = z.infer<typeof userJourneyTimelineSchema>;
