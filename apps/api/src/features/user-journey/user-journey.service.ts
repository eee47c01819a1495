import {
  USER_JOURNEY_MESSAGES,
  MAX_TIMELINE_SESSIONS,
  MAX_TIMELINE_SIGN_INS,
  type FunnelStage,
  type QuestionDropOff,
  type RoleFunnel,
  type TimelineEvent,
  type TimelineSession,
  type TimelineUser,
  type UserJourneyFunnel,
  type UserJourneyFunnelQuery,
  type UserJourneyTimeline,
} from '@tavara/shared/admin/user-journey';
import { CHAT_PROGRESS_STATUSES, CHAT_STAGES } from '@tavara/shared/registration-chat/chat-state';
import {
  decodeQuestionIndex,
  getRoleNoun,
  listFlowQuestions,
  REGISTRATION_FLOWS,
  type ChatFlows,
} from '@tavara/shared/registration-chat/flows';
import { isRole, PUBLIC_ROLES, ROLE_LABELS, type PublicRole } from '@tavara/shared/roles';
import { and, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { session, user } from '../../db/schema/auth';
import { profiles } from '../../db/schema/profiles';
import { chatbotConversations, chatbotMessages } from '../../db/schema/registration-chat';
import { supportRequests } from '../../db/schema/support';
import { AppError } from '../../lib/app-error';

const DAY_MS = 86_400_000;
/** Characters of a support request's message shown in a timeline. */
const SUPPORT_EXCERPT_CHARS = 200;

/** One group of sessions at the same place: role, status and position. */
interface PositionGroup {
  role: PublicRole | null;
  completed: boolean;
  sectionIndex: number;
  /** Question within the section (the stored index is encoded `section * 10 + question`). */
  questionIndex: number;
  sessions: number;
  handedOver: number;
  registered: number;
}

function createdInRange(range: UserJourneyFunnelQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (range.from) conditions.push(gte(chatbotConversations.createdAt, new Date(`${range.from}T00:00:00Z`)));
  // `to` is a whole UTC day, inclusive.
  if (range.to)
    conditions.push(lt(chatbotConversations.createdAt, new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Whether a session at (section, question) is at or beyond (atSection, atQuestion). */
const isAtOrBeyond = (group: PositionGroup, atSection: number, atQuestion: number) =>
  group.completed ||
  group.sectionIndex > atSection ||
  (group.sectionIndex === atSection && group.questionIndex >= atQuestion);

const sum = (groups: readonly PositionGroup[], pick: (g: PositionGroup) => number) =>
  groups.reduce((total, g) => total + pick(g), 0);

/** One role's funnel and drop-off from its position groups (see shared/admin/user-journey.ts). */
export function buildRoleFunnel(flows: ChatFlows, role: PublicRole, groups: readonly PositionGroup[]): RoleFunnel {
  const mine = groups.filter((g) => g.role === role);
  const flow = flows[role];
  const stages: FunnelStage[] = [
    { key: 'role_chosen', label: `Chose ${getRoleNoun(role)}`, count: sum(mine, (g) => g.sessions) },
    ...flow.sections.map((section, sectionIndex) => ({
      key: `section:${section.id}`,
      label: `Section ${sectionIndex + 1}: ${section.title}`,
      count: sum(mine, (g) => (isAtOrBeyond(g, sectionIndex, 0) ? g.sessions : 0)),
    })),
    { key: 'completed', label: 'Completed the chat', count: sum(mine, (g) => (g.completed ? g.sessions : 0)) },
    { key: 'handed_over', label: 'Handed over to the form', count: sum(mine, (g) => g.handedOver) },
    { key: 'registered', label: 'Registered', count: sum(mine, (g) => g.registered) },
  ];
  const questions: QuestionDropOff[] = listFlowQuestions(flow).map(
    ({ question, section, sectionIndex, questionIndex }) => ({
      questionId: question.id,
      label: question.label,
      sectionIndex,
      sectionTitle: section.title,
      questionIndex,
      reached: sum(mine, (g) => (isAtOrBeyond(g, sectionIndex, questionIndex) ? g.sessions : 0)),
      stopped: sum(mine, (g) =>
        !g.completed && g.sectionIndex === sectionIndex && g.questionIndex === questionIndex ? g.sessions : 0,
      ),
    }),
  );
  return { role, stages, questions };
}

const toIso = (ms: number) => new Date(ms).toISOString();

type ConversationRow = typeof chatbotConversations.$inferSelect;

function toTimelineSession(row: ConversationRow): TimelineSession {
  return {
    sessionId: row.sessionId,
    role: PUBLIC_ROLES.find((role) => role === row.userRole) ?? null,
    stage: CHAT_STAGES.find((stage) => stage === row.stage) ?? 'intro',
    status: CHAT_PROGRESS_STATUSES.find((status) => status === row.status) ?? 'in_progress',
    linked: row.userId !== null,
    messageCount: row.messageCount,
    createdAt: row.createdAt.toISOString(),
    handedOverAt: row.handedOverAtMs === null ? null : toIso(row.handedOverAtMs),
  };
}

const event = (
  at: string,
  kind: TimelineEvent['kind'],
  fields: Partial<Pick<TimelineEvent, 'sessionId' | 'sender' | 'detail'>> = {},
): TimelineEvent => ({ at, kind, sessionId: null, sender: null, detail: null, ...fields });

/**
 * The admin's view of the registration journey (issue 8): the funnel built from chat sessions,
 * and the timeline of one user or one chat session. Read-only; the routes check the admin role.
 */
export function createUserJourney(db: Database, flows: ChatFlows = REGISTRATION_FLOWS) {
  /**
   * Sessions grouped by role, status and position, counted in SQL. The answer has one row per
   * place a chat can stop (bounded by the flows' size, not by the number of sessions), so the
   * cumulative "reached" figures are summed over a few dozen rows.
   */
  async function listPositionGroups(range: UserJourneyFunnelQuery): Promise<PositionGroup[]> {
    const c = chatbotConversations;
    const rows = await db
      .select({
        role: c.userRole,
        status: c.status,
        sectionIndex: c.sectionIndex,
        questionIndex: c.questionIndex,
        sessions: sql<number>`count(*)::int`,
        handedOver: sql<number>`(count(*) filter (where ${c.handedOverAtMs} is not null))::int`,
        registered: sql<number>`(count(*) filter (where ${profiles.registeredAt} is not null))::int`,
      })
      .from(c)
      .leftJoin(profiles, eq(profiles.id, c.userId))
      .where(createdInRange(range))
      .groupBy(c.userRole, c.status, c.sectionIndex, c.questionIndex);
    return rows.map((row) => ({
      role: PUBLIC_ROLES.find((role) => role === row.role) ?? null,
      completed: row.status === 'completed',
      sectionIndex: row.sectionIndex,
      questionIndex: decodeQuestionIndex(row.questionIndex).questionIndex,
      sessions: Number(row.sessions),
      handedOver: Number(row.handedOver),
      registered: Number(row.registered),
    }));
  }

  /** Messages of the given conversations in transcript order (client timestamp, then id). */
  async function listMessages(conversationIds: readonly string[]) {
    if (conversationIds.length === 0) return [];
    return db
      .select({
        conversationId: chatbotMessages.conversationId,
        content: chatbotMessages.message,
        sender: chatbotMessages.senderType,
        timestamp: chatbotMessages.timestampMs,
      })
      .from(chatbotMessages)
      .where(inArray(chatbotMessages.conversationId, [...conversationIds]))
      .orderBy(chatbotMessages.timestampMs, sql`${chatbotMessages.clientMessageId} collate "C"`);
  }

  /** The events of chat sessions: started, role chosen, messages, completed, handed over. */
  async function sessionEvents(rows: readonly ConversationRow[]): Promise<TimelineEvent[]> {
    const messages = await listMessages(rows.map((row) => row.id));
    const events: TimelineEvent[] = [];
    for (const row of rows) {
      const sessionId = row.sessionId;
      const own = messages.filter((m) => m.conversationId === row.id);
      // The server sees a chat only at its first sync; its first message says when it really began.
      const firstMessageAt = own[0]?.timestamp ?? Number.POSITIVE_INFINITY;
      const startedAt = Math.min(row.createdAt.getTime(), firstMessageAt);
      events.push(event(toIso(startedAt), 'chat_started', { sessionId }));
      const role = PUBLIC_ROLES.find((r) => r === row.userRole);
      // The engine's 'I'm a {role}.' reply marks the choice; a chat opened from a role bubble has none.
      const choice = role && own.find((m) => m.sender === 'user' && m.content === `I'm a ${getRoleNoun(role)}.`);
      if (role && choice) {
        events.push(event(toIso(choice.timestamp), 'role_chosen', { sessionId, detail: ROLE_LABELS[role] }));
      }
      for (const m of own) {
        const sender = m.sender === 'user' ? 'user' : 'assistant';
        events.push(event(toIso(m.timestamp), 'message', { sessionId, sender, detail: m.content }));
      }
      if (row.status === 'completed' && row.completedAt) {
        events.push(event(row.completedAt.toISOString(), 'chat_completed', { sessionId }));
      }
      if (row.handedOverAtMs !== null) events.push(event(toIso(row.handedOverAtMs), 'handed_over', { sessionId }));
    }
    return events;
  }

  async function supportEvents(userId: string | null, sessionIds: readonly string[]): Promise<TimelineEvent[]> {
    const bySession = sql`${supportRequests.chatData} ->> 'sessionId'`;
    const conditions = [
      ...(userId ? [eq(supportRequests.userId, userId)] : []),
      ...(sessionIds.length > 0 ? [inArray(bySession, [...sessionIds])] : []),
    ];
    if (conditions.length === 0) return [];
    const rows = await db
      .select({
        createdAt: supportRequests.createdAt,
        message: supportRequests.message,
        sessionId: sql<string | null>`${bySession}`,
      })
      .from(supportRequests)
      .where(or(...conditions))
      .orderBy(supportRequests.createdAt)
      .limit(50);
    return rows.map((row) =>
      event(row.createdAt.toISOString(), 'support_request', {
        sessionId: row.sessionId && sessionIds.includes(row.sessionId) ? row.sessionId : null,
        detail: row.message.slice(0, SUPPORT_EXCERPT_CHARS),
      }),
    );
  }

  async function findUser(query: string, matchedBy: 'email' | 'user_id') {
    const where = matchedBy === 'email' ? sql`lower(${user.email}) = lower(${query})` : eq(user.id, query);
    const [row] = await db
      .select({
        id: user.id,
        email: user.email,
        name: user.name,
        role: user.role,
        emailVerified: user.emailVerified,
        createdAt: user.createdAt,
        registeredAt: profiles.registeredAt,
      })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(where);
    return row;
  }

  function toTimelineUser(row: NonNullable<Awaited<ReturnType<typeof findUser>>>): TimelineUser {
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      role: isRole(row.role) ? row.role : 'family',
      emailVerified: row.emailVerified,
      createdAt: row.createdAt.toISOString(),
      registeredAt: row.registeredAt?.toISOString() ?? null,
    };
  }

  /** Oldest first; events at the same moment keep the order they were listed in. */
  const chronological = (events: TimelineEvent[]) =>
    events
      .map((e, order) => ({ e, order }))
      .sort((a, b) => (a.e.at < b.e.at ? -1 : a.e.at > b.e.at ? 1 : a.order - b.order))
      .map(({ e }) => e);

  return {
    /** The registration funnel of the chat sessions created in `range` (UTC days, inclusive). */
    async getFunnel(range: UserJourneyFunnelQuery): Promise<UserJourneyFunnel> {
      const groups = await listPositionGroups(range);
      const overall: FunnelStage[] = [
        { key: 'started', label: 'Started a chat', count: sum(groups, (g) => g.sessions) },
        { key: 'role_chosen', label: 'Chose a role', count: sum(groups, (g) => (g.role ? g.sessions : 0)) },
        { key: 'completed', label: 'Completed the chat', count: sum(groups, (g) => (g.completed ? g.sessions : 0)) },
        { key: 'handed_over', label: 'Handed over to the form', count: sum(groups, (g) => g.handedOver) },
        { key: 'registered', label: 'Registered', count: sum(groups, (g) => g.registered) },
      ];
      return {
        from: range.from ?? null,
        to: range.to ?? null,
        overall,
        roles: PUBLIC_ROLES.map((role) => buildRoleFunnel(flows, role, groups)),
      };
    },

    /**
     * The timeline of the user with this e-mail or id (their latest chat sessions, sign-ins,
     * registration and support requests), or of the one chat session with this id. 404 when
     * nothing matches.
     */
    async getTimeline(query: string): Promise<UserJourneyTimeline> {
      const matchedBy = query.includes('@') ? 'email' : 'user_id';
      const found = await findUser(query, matchedBy);
      if (found) {
        const userId = found.id;
        const [sessions, [total], signIns] = await Promise.all([
          db
            .select()
            .from(chatbotConversations)
            .where(eq(chatbotConversations.userId, userId))
            .orderBy(desc(chatbotConversations.createdAt))
            .limit(MAX_TIMELINE_SESSIONS),
          db.select({ n: count() }).from(chatbotConversations).where(eq(chatbotConversations.userId, userId)),
          db
            .select({ createdAt: session.createdAt })
            .from(session)
            .where(eq(session.userId, userId))
            .orderBy(desc(session.createdAt))
            .limit(MAX_TIMELINE_SIGN_INS),
        ]);
        const sessionIds = sessions.map((row) => row.sessionId);
        const events: TimelineEvent[] = [
          event(found.createdAt.toISOString(), 'account_created', { detail: found.email }),
          ...signIns.map((s) => event(s.createdAt.toISOString(), 'signed_in')),
          ...(await sessionEvents(sessions)),
          ...(found.registeredAt ? [event(found.registeredAt.toISOString(), 'registration_saved')] : []),
          ...(await supportEvents(userId, sessionIds)),
        ];
        return {
          query,
          matchedBy,
          user: toTimelineUser(found),
          sessions: sessions.map(toTimelineSession),
          sessionCount: Number(total?.n ?? sessions.length),
          events: chronological(events),
        };
      }

      const [row] =
        matchedBy === 'user_id'
          ? await db.select().from(chatbotConversations).where(eq(chatbotConversations.sessionId, query))
          : [];
      if (!row) throw new AppError('not_found', USER_JOURNEY_MESSAGES.notFound(query));
      const linkedUser = row.userId ? await findUser(row.userId, 'user_id') : undefined;
      const events = [
        ...(await sessionEvents([row])),
        ...(linkedUser?.registeredAt ? [event(linkedUser.registeredAt.toISOString(), 'registration_saved')] : []),
        ...(await supportEvents(null, [row.sessionId])),
      ];
      return {
        query,
        matchedBy: 'session_id',
        user: linkedUser ? toTimelineUser(linkedUser) : null,
        sessions: [toTimelineSession(row)],
        sessionCount: 1,
        events: chronological(events),
      };
    },
  };
}
