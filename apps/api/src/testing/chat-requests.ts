import { randomBytes } from 'node:crypto';
import type {
  ChatSessionDetail,
  ChatSessionUpdate,
  ChatSyncMessage,
} from '@tavara/shared/registration-chat/chat-sync.schema';
import { encodeQuestionIndex, REGISTRATION_FLOWS } from '@tavara/shared/registration-chat/flows';
import type { PublicRole } from '@tavara/shared/roles';
import type { TestClient } from './test-client';

/**
 * The registration chat's requests for API tests (chat, user journey, admin): requests as the web client makes them, and
 * valid bodies to start from.
 */

/**
 * A well-formed session id the server never issued (16 random bytes, base64url): what a caller
 * who makes up ids would send. The server answers 404 for it.
 */
export function newSessionId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * A session issued by the server (`POST /api/chat/sessions`), as the chat gets one on its first
 * sync. By default from a fresh visitor (its own address), so the caller's own address counters
 * are untouched; the session is unlinked, so any holder of the id reaches it.
 */
export async function issueSessionId(from: TestClient | { client(): TestClient }): Promise<string> {
  const client = 'request' in from ? from : from.client();
  const res = await client.request('/api/chat/sessions', { method: 'POST' });
  if (res.status !== 201) throw new Error(`POST /api/chat/sessions answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { sessionId: string }).sessionId;
}

/** A message id as the browser makes one. */
export function newMessageId(): string {
  return randomBytes(12).toString('base64url');
}

export const sessionPath = (sessionId: string) => `/api/chat/sessions/${sessionId}`;

export function putSession(
  client: TestClient,
  sessionId: string,
  body: unknown,
  init: { origin?: string | null } = {},
) {
  return client.request(sessionPath(sessionId), {
    ...init,
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export function postMessages(
  client: TestClient,
  sessionId: string,
  messages: readonly ChatSyncMessage[],
  init: { origin?: string | null } = {},
) {
  return client.post(`${sessionPath(sessionId)}/messages`, { messages }, init);
}

export async function getChatSession(client: TestClient, sessionId: string): Promise<ChatSessionDetail> {
  const res = await client.get(sessionPath(sessionId));
  if (res.status !== 200) throw new Error(`GET session answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as ChatSessionDetail;
}

/** A chat in its questions at `questionId` of `role`'s flow (for the AI, which words only that one). */
export function snapshotAt(
  role: PublicRole,
  questionId: string,
  overrides: Partial<ChatSessionUpdate> = {},
): ChatSessionUpdate {
  const sections = REGISTRATION_FLOWS[role].sections;
  const sectionIndex = sections.findIndex((section) => section.questions.some((q) => q.id === questionId));
  if (sectionIndex === -1) throw new Error(`${questionId} is not a question of the ${role} chat`);
  const questionIndex = sections[sectionIndex]!.questions.findIndex((q) => q.id === questionId);
  return {
    role,
    stage: 'questions',
    status: 'in_progress',
    sectionIndex,
    questionIndex: encodeQuestionIndex(sectionIndex, questionIndex),
    answers: {},
    completed: false,
    ...overrides,
  };
}

/** A family chat in its second section with valid answers so far. */
export function familySnapshot(overrides: Partial<ChatSessionUpdate> = {}): ChatSessionUpdate {
  return {
    role: 'family',
    stage: 'questions',
    status: 'in_progress',
    questionIndex: 11,
    sectionIndex: 1,
    answers: {
      first_name: 'Keisha',
      last_name: 'Ramdass',
      phone_number: '+1 868 555 1234',
      care_location: 'Arima',
      care_recipient_name: 'Joyce Ramdass',
    },
    completed: false,
    ...overrides,
  };
}

/**
 * What the browser syncs right after 'Start over' at `restartedAt`: back at the welcome, no role,
 * no answers — a new run of the same session.
 */
export function restartSnapshot(restartedAt: number, overrides: Partial<ChatSessionUpdate> = {}): ChatSessionUpdate {
  return {
    role: null,
    stage: 'intro',
    status: 'in_progress',
    questionIndex: 0,
    sectionIndex: 0,
    answers: {},
    completed: false,
    restartedAt,
    lastActive: restartedAt,
    ...overrides,
  };
}

/** The family chat at its end: every required answer, a multi-select and completion. */
export function completedFamilySnapshot(overrides: Partial<ChatSessionUpdate> = {}): ChatSessionUpdate {
  const base = familySnapshot();
  return {
    ...base,
    stage: 'completion',
    status: 'completed',
    completed: true,
    questionIndex: 35,
    sectionIndex: 3,
    answers: {
      ...base.answers,
      relationship_to_recipient: 'parent',
      care_type: ['in_home_care', 'medication_management'],
      preferred_contact_method: 'whatsapp',
    },
    ...overrides,
  };
}

/** `count` transcript messages, one second apart from `startMs`, alternating assistant and user. */
export function transcript(count: number, startMs = Date.UTC(2026, 0, 5, 14)): ChatSyncMessage[] {
  return Array.from({ length: count }, (_, i) => ({
    id: newMessageId(),
    content: i % 2 === 0 ? `Question ${i / 2 + 1}?` : `Answer ${(i + 1) / 2}`,
    sender: i % 2 === 0 ? 'assistant' : 'user',
    timestamp: startMs + i * 1_000,
  }));
}
