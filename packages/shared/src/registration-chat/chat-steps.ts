import type { PublicRole } from '../roles';
import { CHAT_SHORT_MESSAGE_CHARS, CHAT_SIMILARITY_THRESHOLD } from './chat-config';
import type { ChatAnswerValue, ChatOption, ChatProgress, ChatState } from './chat-state';
import {
  encodeQuestionIndex,
  isMultiSelectQuestion,
  type ChatFlows,
  type ChatQuestion,
  type ChatSection,
} from './flows';
import { containsProtectedPhrase, getSelectionCounterText } from './phrases';

/**
 * The registration chat's options that are not answers, and the reading of its state: which
 * question is due, its wording and options, the progress (spec §4 "Chat assistant"). Pure
 * functions of the flows and the state; `engine.ts` applies the events and re-exports what the
 * apps use from here.
 */

/** Ids of the options that are not answers. */
export const CHAT_OPTION_IDS = {
  continue: 'continue',
  takeBreak: 'take_break',
  restart: 'restart',
  retry: 'retry',
  form: 'form',
  yes: 'yes',
  no: 'no',
  resume: 'resume',
  doneSelecting: 'done_selecting',
  skip: 'skip',
} as const;

/**
 * Option ids that never toggle a multi-select answer (spec §4); pressing one leaves multi-select
 * mode. The engine's own control ids (resume, done_selecting, skip) behave the same.
 */
export const SPECIAL_OPTION_IDS = ['continue', 'take_break', 'restart', 'retry', 'form', 'yes', 'no'] as const;

/** Whether an option id is a special (non-answer) id that suppresses multi-select toggling. */
export function isSpecialOptionId(optionId: string): boolean {
  return (SPECIAL_OPTION_IDS as readonly string[]).includes(optionId);
}

export const CONTROL_OPTION_IDS: readonly string[] = [
  ...SPECIAL_OPTION_IDS,
  CHAT_OPTION_IDS.resume,
  CHAT_OPTION_IDS.doneSelecting,
  CHAT_OPTION_IDS.skip,
];

export const CONTINUE_OPTION: ChatOption = { id: CHAT_OPTION_IDS.continue, label: 'Continue' };
export const TAKE_BREAK_OPTION: ChatOption = { id: CHAT_OPTION_IDS.takeBreak, label: 'Take a break' };
export const SKIP_OPTION: ChatOption = { id: CHAT_OPTION_IDS.skip, label: 'Skip' };
export const FORM_OPTION: ChatOption = { id: CHAT_OPTION_IDS.form, label: 'Go to registration form' };
export const RETRY_OPTION: ChatOption = { id: CHAT_OPTION_IDS.retry, label: 'Try again' };
/** Spec §4: the resume prompt's options. */
export const RESUME_OPTION: ChatOption = { id: CHAT_OPTION_IDS.resume, label: 'Yes, continue' };
export const RESUME_OPTIONS: readonly ChatOption[] = [
  RESUME_OPTION,
  { id: CHAT_OPTION_IDS.restart, label: 'No, start over' },
];
/** Spec §8: options after an out-of-range question. */
export const OUT_OF_RANGE_OPTIONS: readonly ChatOption[] = [
  { id: CHAT_OPTION_IDS.restart, label: 'Start over' },
  { id: CHAT_OPTION_IDS.form, label: 'Fill out registration form' },
];
/** Spec §8: options after a question generation failure. */
export const GENERATION_ERROR_OPTIONS: readonly ChatOption[] = [RETRY_OPTION, FORM_OPTION];

// ---------------------------------------------------------------------------------------------
// Reading the state

/** What the chat is due to do next, independent of wording. */
export type ChatStep =
  | { readonly kind: 'choose_role' }
  | {
      readonly kind: 'question';
      readonly role: PublicRole;
      readonly question: ChatQuestion;
      readonly section: ChatSection;
      readonly sectionIndex: number;
      readonly questionIndex: number;
      readonly sectionCount: number;
      /** The section's first question: it is introduced with a transition phrase and the title. */
      readonly isFirstInSection: boolean;
    }
  | { readonly kind: 'completed' }
  | { readonly kind: 'out_of_range' };

/**
 * The question the chat asks (or is waiting on) next: id, type, options and validation, without
 * the wording. An AI mode words it differently and keeps everything else.
 */
export function getNextQuestion(flows: ChatFlows, state: ChatState): ChatStep {
  if (state.completed) return { kind: 'completed' };
  if (state.role === null) return { kind: 'choose_role' };
  const flow = flows[state.role];
  const section = flow.sections[state.sectionIndex];
  const question = section?.questions[state.questionIndex];
  if (!section || !question) return { kind: 'out_of_range' };
  return {
    kind: 'question',
    role: state.role,
    question,
    section,
    sectionIndex: state.sectionIndex,
    questionIndex: state.questionIndex,
    sectionCount: flow.sections.length,
    isFirstInSection: state.questionIndex === 0,
  };
}

/** The scripted wording of a question, after an optional lead-in (transition, acknowledgement…). */
export function renderQuestionText(question: ChatQuestion, leadIn = ''): string {
  if (!leadIn) return question.label;
  return leadIn.endsWith(' ') ? `${leadIn}${question.label}` : `${leadIn} ${question.label}`;
}

/**
 * The options shown with a question: its answer options, plus 'Done selecting' with the selection
 * counter for multi-select questions, plus 'Skip' for optional single-answer questions.
 */
export function getQuestionOptions(question: ChatQuestion, selection: readonly string[] = []): ChatOption[] {
  const options: ChatOption[] = [...(question.options ?? [])];
  if (isMultiSelectQuestion(question)) {
    options.push({
      id: CHAT_OPTION_IDS.doneSelecting,
      label: 'Done selecting',
      subtext: getSelectionCounterText(selection.length),
    });
  } else if (!question.required) {
    options.push(SKIP_OPTION);
  }
  return options;
}

/** Whether the text input is usable (spec §2): questions stage, completion, or the resume prompt. */
export function isChatInputEnabled(state: ChatState): boolean {
  return state.stage === 'questions' || state.stage === 'completion' || state.isResuming;
}

/**
 * Spec §3 progress, saved once a role is chosen; `null` before. `questionIndex` is encoded as
 * `section * 10 + question`.
 */
export function getChatProgress(flows: ChatFlows, state: ChatState): ChatProgress | null {
  if (state.role === null) return null;
  const step = getNextQuestion(flows, state);
  const formData: Record<string, ChatAnswerValue> = {};
  for (const [questionId, saved] of Object.entries(state.answers)) formData[questionId] = saved.response;
  return {
    role: state.role,
    questionIndex: encodeQuestionIndex(state.sectionIndex, state.questionIndex),
    sectionIndex: state.sectionIndex,
    status: state.completed ? 'completed' : 'in_progress',
    lastActive: state.lastActive,
    sessionId: state.sessionId,
    currentQuestion: step.kind === 'question' && !state.awaitingContinue ? step.question.id : null,
    formData,
    stage: state.stage,
  };
}

/** Data of the progress bar: 'Section {n} of {total}', the section title and a percentage. */
export interface ChatProgressBar {
  readonly sectionNumber: number;
  readonly sectionCount: number;
  readonly sectionTitle: string;
  /** 'Section 2 of 4'. */
  readonly label: string;
  /** Share of the flow's questions before the current one, 0–100, rounded. */
  readonly percent: number;
}

/** The progress bar, shown only in the questions stage; `null` otherwise. */
export function getChatProgressBar(flows: ChatFlows, state: ChatState): ChatProgressBar | null {
  if (state.stage !== 'questions' || state.role === null) return null;
  const flow = flows[state.role];
  const section = flow.sections[state.sectionIndex];
  if (!section) return null;
  const total = flow.sections.reduce((sum, s) => sum + s.questions.length, 0);
  const before =
    flow.sections.slice(0, state.sectionIndex).reduce((sum, s) => sum + s.questions.length, 0) +
    Math.min(state.questionIndex, section.questions.length);
  return {
    sectionNumber: state.sectionIndex + 1,
    sectionCount: flow.sections.length,
    sectionTitle: section.title,
    label: `Section ${state.sectionIndex + 1} of ${flow.sections.length}`,
    percent: total === 0 ? 0 : Math.round((before / total) * 100),
  };
}

// ---------------------------------------------------------------------------------------------
// Duplicate guard

export function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []);
}

/**
 * Spec §5 duplicate guard: `next` is suppressed when it equals `previous` or shares more than 80 %
 * of its words with it (overlap = shared words ÷ words of the longer message). Messages under 10
 * characters are compared for exact equality only. Messages containing a transition, welcome or
 * start phrase are never suppressed.
 */
export function isDuplicateBotMessage(previous: string | null | undefined, next: string): boolean {
  if (previous == null) return false;
  if (containsProtectedPhrase(next)) return false;
  const a = previous.trim();
  const b = next.trim();
  if (a === b) return true;
  if (a.length < CHAT_SHORT_MESSAGE_CHARS || b.length < CHAT_SHORT_MESSAGE_CHARS) return false;
  const wordsA = wordsOf(a);
  const wordsB = wordsOf(b);
  const longer = Math.max(wordsA.size, wordsB.size);
  if (longer === 0) return false;
  let shared = 0;
  for (const word of wordsA) if (wordsB.has(word)) shared += 1;
  return shared / longer > CHAT_SIMILARITY_THRESHOLD;
}
