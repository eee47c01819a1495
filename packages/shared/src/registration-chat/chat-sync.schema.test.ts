import { describe, expect, it } from 'vitest';
import { CHAT_INPUT_MESSAGES } from '../validation/chat-input';
import {
  CHAT_SYNC_MESSAGES,
  chatMessagesBatchSchema,
  chatRateLimitedMessage,
  chatSessionUpdateSchema,
  compareChatSyncMessages,
  getAnswersProblems,
  isValidChatSessionId,
  type ChatSessionUpdate,
  type ChatSyncMessage,
} from './chat-sync.schema';

const update = (overrides: Partial<ChatSessionUpdate> = {}): ChatSessionUpdate => ({
  role: 'professional',
  stage: 'questions',
  status: 'in_progress',
  questionIndex: 3,
  sectionIndex: 0,
  answers: {},
  completed: false,
  ...overrides,
});

describe('chat session ids', () => {
  it.each([
    ['22 base64url characters (128 random bits)', 'AAAAAAAAAAAAAAAAAAAAAA', true],
    ['64 characters with - and _', `${'a-_9'.repeat(16)}`, true],
    ['a UUID with hyphens (36 characters)', '0b5c6a8e-4f0e-4a43-9d59-1f1e3b1c2d3e', true],
    ['21 characters', 'A'.repeat(21), false],
    ['65 characters', 'A'.repeat(65), false],
    ['base64 padding', `${'A'.repeat(22)}==`, false],
    ['a slash', `${'A'.repeat(22)}/x`, false],
    ['empty', '', false],
  ])('%s: %s', (_case, id, valid) => {
    expect(isValidChatSessionId(id)).toBe(valid);
  });
});

describe('chat answers against the flows', () => {
  it('accepts option codes, lists of codes for multi-select questions and valid typed answers', () => {
    expect(
      getAnswersProblems('professional', {
        first_name: 'Dwayne',
        professional_role: 'home_health_aide',
        care_services: ['in_home_care', 'mobility_assistance'],
        availability: [],
        phone: '+1 868 555 1234',
        consent: 'yes',
      }),
    ).toEqual({});
  });

  it('names each problem by question id', () => {
    expect(
      getAnswersProblems('community', {
        full_name: 'A',
        roles: ['community_volunteer', 'community_volunteer'],
        directory_visibility: 'maybe',
        care_location: 'Arima',
      }),
    ).toEqual({
      full_name: CHAT_INPUT_MESSAGES.nameTooShort,
      roles: CHAT_SYNC_MESSAGES.repeatedOption,
      directory_visibility: CHAT_SYNC_MESSAGES.unknownOption,
      care_location: CHAT_SYNC_MESSAGES.unknownQuestion('community'),
    });
  });

  it('refuses answers while no role is chosen, and accepts none', () => {
    expect(getAnswersProblems(null, {})).toEqual({});
    expect(getAnswersProblems(null, { first_name: 'Asha' })).toEqual({ '': CHAT_SYNC_MESSAGES.answersBeforeRole });
  });

  it('the update schema reports answer problems under answers.<question id>', () => {
    const result = chatSessionUpdateSchema.safeParse(update({ answers: { years_experience: '40_plus' } }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['answers.years_experience', CHAT_SYNC_MESSAGES.unknownOption],
    ]);
  });

  it('the update schema keeps completion, status and role consistent', () => {
    expect(chatSessionUpdateSchema.safeParse(update({ completed: true, status: 'completed' })).success).toBe(true);
    expect(chatSessionUpdateSchema.safeParse(update({ completed: true })).success).toBe(false);
    expect(
      chatSessionUpdateSchema.safeParse(update({ role: null, completed: true, status: 'completed' })).success,
    ).toBe(false);
  });

  it('handedOverAt is optional (older clients send none), null, or whole milliseconds', () => {
    expect(chatSessionUpdateSchema.safeParse(update({})).success).toBe(true);
    expect(chatSessionUpdateSchema.safeParse(update({ handedOverAt: null })).success).toBe(true);
    expect(chatSessionUpdateSchema.safeParse(update({ handedOverAt: 1_767_225_600_000 })).success).toBe(true);
    expect(chatSessionUpdateSchema.safeParse(update({ handedOverAt: -1 })).success).toBe(false);
    expect(chatSessionUpdateSchema.safeParse(update({ handedOverAt: 1.5 })).success).toBe(false);
  });

  it('restartedAt and lastActive are optional whole milliseconds', () => {
    expect(chatSessionUpdateSchema.safeParse(update({ restartedAt: null, lastActive: 1 })).success).toBe(true);
    expect(chatSessionUpdateSchema.safeParse(update({ restartedAt: 1.5 })).success).toBe(false);
  });
});

describe('chat message batches', () => {
  const message = (id: string, timestamp: number): ChatSyncMessage => ({
    id,
    content: 'Hi',
    sender: 'user',
    timestamp,
  });

  it('take 1–50 messages with ids of 8–64 url-safe characters', () => {
    expect(chatMessagesBatchSchema.safeParse({ messages: [message('abcdefgh', 1)] }).success).toBe(true);
    expect(chatMessagesBatchSchema.safeParse({ messages: [] }).success).toBe(false);
    expect(chatMessagesBatchSchema.safeParse({ messages: [message('abc', 1)] }).success).toBe(false);
    const fiftyOne = Array.from({ length: 51 }, (_, i) => message(`message-${i}`, i));
    expect(chatMessagesBatchSchema.safeParse({ messages: fiftyOne }).success).toBe(false);
  });

  it('are ordered by timestamp, then id', () => {
    const sorted = [message('b-message', 2), message('a-message', 2), message('z-message', 1)].sort(
      compareChatSyncMessages,
    );
    expect(sorted.map((m) => m.id)).toEqual(['z-message', 'a-message', 'b-message']);
  });
});

it('the 429 messages say who is limited and how long to wait', () => {
  expect(chatRateLimitedMessage('session', 1)).toBe(
    'This chat is being saved too often. Please wait 1 second and try again.',
  );
  expect(chatRateLimitedMessage('ip', 30)).toBe(
    'Too many chat requests from this connection. Please wait 30 seconds and try again.',
  );
});
