import { randomBytes } from 'node:crypto';
import type {
  ChatSessionDetail,
  ChatSessionUpdate,
  ChatSyncMessage,
} from '@tavara/shared/registration-chat/chat-sync.schema';
import type { TestClient } from './test-client';

/**
 * The registration chat's requests for API tests (chat, user journey, admin): requests as the web client makes them, and
 * valid bodies to start from.
 */

/** A session id as the browser makes one: 16 random bytes, base64url (22 characters). */
export function newSessionId(): string {
  return randomBytes(16).toString('base64url');
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
