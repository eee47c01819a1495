import type { PublicRole } from '../roles';
import { createChatState, type ChatState } from './chat-state';
import { applyChatEvent, getNextQuestion, type ChatDeps, type ChatEvent, type ChatTransition } from './engine';
import { isMultiSelectQuestion, REGISTRATION_FLOWS, type ChatQuestion } from './flows';

/**
 * Deterministic helpers for the chat tests (not used by the app): a seeded random, a fake clock,
 * counting ids, and a driver that answers a whole interview.
 */

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/** Deps with a seeded random, a clock that ticks 1 s per call from a fixed start, and ids m1, m2, … */
export function createTestDeps(seed = 1): ChatDeps {
  let clock = Date.UTC(2025, 0, 1);
  let id = 0;
  return {
    random: seededRandom(seed),
    now: () => (clock += 1_000),
    createId: () => `m${(id += 1)}`,
  };
}

/** A small conversation driver over the real flows. */
export class ChatDriver {
  state: ChatState;
  last: ChatTransition | null = null;

  constructor(
    readonly deps: ChatDeps = createTestDeps(),
    state?: ChatState,
  ) {
    this.state = state ?? createChatState({ sessionId: 'session-1', now: deps.now() });
  }

  send(event: ChatEvent): ChatTransition {
    this.last = applyChatEvent(REGISTRATION_FLOWS, this.state, event, this.deps);
    this.state = this.last.state;
    return this.last;
  }

  click(optionId: string): ChatTransition {
    return this.send({ type: 'option_selected', optionId });
  }

  type(text: string): ChatTransition {
    return this.send({ type: 'text_submitted', text });
  }

  /** The question being asked, or undefined. */
  get question(): ChatQuestion | undefined {
    const step = getNextQuestion(REGISTRATION_FLOWS, this.state);
    return step.kind === 'question' && !this.state.awaitingContinue ? step.question : undefined;
  }

  get lastBotText(): string {
    return [...this.state.messages].reverse().find((m) => !m.isUser)?.content ?? '';
  }

  /** Starts as `role` and answers every question until completion. */
  answerAll(role: PublicRole, answers: Readonly<Record<string, string | readonly string[]>> = {}): void {
    this.send({ type: 'start' });
    this.click(role);
    for (let guard = 0; guard < 200 && !this.state.completed; guard += 1) {
      if (this.state.awaitingContinue) {
        this.click('continue');
        continue;
      }
      const question = this.question;
      if (!question) throw new Error(`no question at ${this.state.sectionIndex}/${this.state.questionIndex}`);
      const given = answers[question.id];
      if (isMultiSelectQuestion(question)) {
        const codes = Array.isArray(given) ? given : (question.options ?? []).slice(0, 2).map((o) => o.id);
        for (const code of codes) this.click(code);
        this.click('done_selecting');
      } else if (question.options?.length) {
        this.click(typeof given === 'string' ? given : (question.options[0]?.id ?? ''));
      } else {
        this.type(typeof given === 'string' ? given : sampleAnswer(question));
      }
    }
  }
}

/** A valid typed answer for a question's field type. */
export function sampleAnswer(question: ChatQuestion): string {
  switch (question.fieldType) {
    case 'email':
      return 'keisha@example.com';
    case 'phone':
      return '+1 868 555 1234';
    case 'name':
      return 'Keisha';
    case 'budget':
      return '$20-30/hour';
    default:
      return `Answer to ${question.id}`;
  }
}

/** The bot's messages of a chat. */
export const botMessages = (state: ChatState) => state.messages.filter((m) => !m.isUser);

/** A family chat driven up to the question `questionId`, answering everything before it. */
export function familyAt(questionId: string): ChatDriver {
  const chat = new ChatDriver();
  chat.send({ type: 'start' });
  chat.click('family');
  for (let guard = 0; guard < 100 && chat.question?.id !== questionId; guard += 1) {
    if (chat.state.awaitingContinue) chat.click('continue');
    else if (chat.question?.options?.length) {
      const q = chat.question;
      if (q.type === 'checkbox' || q.type === 'multiselect') chat.click('done_selecting');
      else chat.click(q.options?.[0]?.id ?? '');
    } else if (chat.question) chat.type(sampleAnswer(chat.question));
  }
  if (chat.question?.id !== questionId) throw new Error(`never reached ${questionId}`);
  return chat;
}
