import { PUBLIC_ROLES, type PublicRole } from '../roles';
import { CHAT_INPUT_MESSAGES, getLiveValidationError, validateChatInput } from '../validation/chat-input';
import { createChatState, type ChatAnswerValue, type ChatMessage, type ChatOption, type ChatState } from './chat-state';
import {
  getRoleNoun,
  isMultiSelectQuestion,
  ROLE_OPTIONS,
  type ChatFlow,
  type ChatFlows,
  type ChatQuestion,
} from './flows';
import {
  CHAT_OPTION_IDS,
  CONTINUE_OPTION,
  CONTROL_OPTION_IDS,
  FORM_OPTION,
  GENERATION_ERROR_OPTIONS,
  getNextQuestion,
  getQuestionOptions,
  isDuplicateBotMessage,
  OUT_OF_RANGE_OPTIONS,
  renderQuestionText,
  RESUME_OPTION,
  RESUME_OPTIONS,
  RETRY_OPTION,
  SKIP_OPTION,
  TAKE_BREAK_OPTION,
} from './chat-steps';
import {
  CHAT_TEXT,
  fillTransitionPhrase,
  getSectionCompleteText,
  PHRASE_LISTS,
  pickPhraseIndex,
  type PhraseListName,
} from './phrases';

/**
 * The scripted registration chat as pure functions (spec §4 "Chat assistant"):
 * `applyChatEvent(flows, state, event, deps) → { state, messages, effect }`. The state is plain
 * JSON; randomness, the clock and ids come from `deps`, so a test replays a conversation exactly.
 * The UI renders `state.messages`, sends events, persists the state and carries out the `effect`.
 *
 * AI mode: `getNextQuestion` says which question is due (id, type, options, validation) apart
 * from its wording (`renderQuestionText`); an AI rephrasing is attached to the asked message with
 * the `message_formatted` event, so answers are still validated and stored by question id.
 */

/** Injected side effects. */
export interface ChatDeps {
  /** A number in [0, 1), like `Math.random`. */
  readonly random: () => number;
  /** Milliseconds since the epoch, like `Date.now`. */
  readonly now: () => number;
  /** A new unique id for a message (and for a renewed session). */
  readonly createId: () => string;
}

/** What the UI (or the user through it) can do to the chat. */
export type ChatEvent =
  /** Opens the chat: welcome (or 'Welcome back!' with saved progress, or the preset role's first question). */
  | { readonly type: 'start'; readonly initialRole?: PublicRole | null }
  /** An option button was pressed; `optionId` is a role, an answer code or a special id (`CHAT_OPTION_IDS`). */
  | { readonly type: 'option_selected'; readonly optionId: string }
  /** The user sent typed text. */
  | { readonly type: 'text_submitted'; readonly text: string }
  /** The input box changed; runs live validation. */
  | { readonly type: 'input_changed'; readonly value: string }
  /** 'Start over': back to the intro with a fresh welcome; `renewSession` also gives a new session id. */
  | { readonly type: 'reset'; readonly renewSession?: boolean }
  /** Producing the next question failed (e.g. the AI call); offers 'Try again' and 'Go to registration form'. */
  | { readonly type: 'generation_failed' }
  /** Shows `formattedContent` in place of a bot message's content (AI rephrasing). */
  | { readonly type: 'message_formatted'; readonly messageId: string; readonly formattedContent: string }
  /**
   * A bot remark outside the flow (the AI mode's failure texts and its switch to scripted
   * questions), placed before `beforeMessageId` when that message exists, else at the end. It
   * carries no options and never passes the duplicate guard's check, as it reports something new.
   */
  | { readonly type: 'note_added'; readonly content: string; readonly beforeMessageId?: string };

/** Something the UI must do beyond rendering. */
export type ChatEffect = { readonly type: 'open_registration_form' };

/** The result of one event: the new state, the messages it added (in order) and an optional effect. */
export interface ChatTransition {
  readonly state: ChatState;
  readonly messages: readonly ChatMessage[];
  readonly effect: ChatEffect | null;
}

// The options and the reading of the state live in chat-steps.ts; the apps import them from here.
export {
  CHAT_OPTION_IDS,
  GENERATION_ERROR_OPTIONS,
  getChatProgress,
  getChatProgressBar,
  getNextQuestion,
  getQuestionOptions,
  isChatInputEnabled,
  isDuplicateBotMessage,
  isSpecialOptionId,
  OUT_OF_RANGE_OPTIONS,
  renderQuestionText,
  RESUME_OPTIONS,
  SPECIAL_OPTION_IDS,
  type ChatProgressBar,
  type ChatStep,
} from './chat-steps';

// ---------------------------------------------------------------------------------------------
// Applying events

/** A transition under construction; `state` is replaced (never mutated) as the event is applied. */
interface Draft {
  state: ChatState;
  messages: ChatMessage[];
  effect: ChatEffect | null;
}

function update(draft: Draft, patch: Partial<ChatState>): void {
  draft.state = { ...draft.state, ...patch };
}

function lastBotMessage(state: ChatState): ChatMessage | undefined {
  for (let i = state.messages.length - 1; i >= 0; i -= 1) {
    const message = state.messages[i];
    if (message && !message.isUser) return message;
  }
  return undefined;
}

function say(
  draft: Draft,
  deps: ChatDeps,
  content: string,
  extra: { isUser?: boolean; options?: readonly ChatOption[]; questionId?: string } = {},
): void {
  const isUser = extra.isUser ?? false;
  if (!isUser) {
    const previous = lastBotMessage(draft.state);
    // A message asking a different question than the previous one is never a repeat, whatever its words.
    const asksNewQuestion = extra.questionId !== undefined && extra.questionId !== previous?.questionId;
    if (!asksNewQuestion && isDuplicateBotMessage(previous?.formattedContent ?? previous?.content, content)) return;
  }
  const message: ChatMessage = { id: deps.createId(), content, isUser, timestamp: deps.now() };
  if (extra.options && extra.options.length > 0) message.options = [...extra.options];
  if (extra.questionId !== undefined) message.questionId = extra.questionId;
  draft.messages.push(message);
  update(draft, { messages: [...draft.state.messages, message] });
}

function pickPhrase(draft: Draft, deps: ChatDeps, list: PhraseListName): string {
  const phrases: readonly string[] = PHRASE_LISTS[list];
  const index = pickPhraseIndex(phrases.length, draft.state.lastPhraseIndex[list], deps.random);
  update(draft, { lastPhraseIndex: { ...draft.state.lastPhraseIndex, [list]: index } });
  return phrases[index] ?? '';
}

/**
 * What precedes a question: `section_complete` is the hand-off at a section's end (issue 14):
 * 'Great! You've completed …' and the next section's first question in one message, with
 * 'Take a break' beside its answers instead of a separate Continue tap.
 */
type LeadIn = 'start' | 'transition' | 'acknowledgement' | 'resume' | 'none' | { completedSection: string };

/** Asks the question the state points at (or reports completion / out of range). */
function askNext(flows: ChatFlows, draft: Draft, deps: ChatDeps, leadIn: LeadIn): void {
  const step = getNextQuestion(flows, draft.state);
  if (step.kind === 'completed') return;
  if (step.kind === 'choose_role') {
    welcome(draft, deps);
    return;
  }
  if (step.kind === 'out_of_range') {
    update(draft, { fieldType: null, selection: [] });
    say(draft, deps, CHAT_TEXT.outOfRange, { options: OUT_OF_RANGE_OPTIONS });
    return;
  }
  let text: string;
  let options = getQuestionOptions(step.question);
  if (typeof leadIn === 'object') {
    text = renderQuestionText(step.question, getSectionCompleteText(leadIn.completedSection, step.section.title));
    options = [...options, TAKE_BREAK_OPTION];
  } else if (leadIn === 'start') {
    text = renderQuestionText(step.question, CHAT_TEXT.getStarted);
  } else if (leadIn === 'resume') {
    text = renderQuestionText(step.question, CHAT_TEXT.resumed);
  } else if (leadIn === 'transition' || (leadIn === 'acknowledgement' && step.isFirstInSection)) {
    text = renderQuestionText(
      step.question,
      fillTransitionPhrase(pickPhrase(draft, deps, 'transition'), step.section.title),
    );
  } else if (leadIn === 'acknowledgement') {
    text = renderQuestionText(step.question, pickPhrase(draft, deps, 'acknowledgement'));
  } else {
    text = renderQuestionText(step.question);
  }
  update(draft, { fieldType: step.question.fieldType ?? null, selection: [], validationError: null });
  // Once per conversation, before the first health question (issue 14, item 9).
  if (step.question.privacyNoteBefore && !draft.state.messages.some((m) => m.content === CHAT_TEXT.privacyNote)) {
    say(draft, deps, CHAT_TEXT.privacyNote);
  }
  say(draft, deps, text, { options, questionId: step.question.id });
}

function welcome(draft: Draft, deps: ChatDeps): void {
  say(draft, deps, pickPhrase(draft, deps, 'welcome'), { options: ROLE_OPTIONS });
}

function chooseRole(flows: ChatFlows, draft: Draft, deps: ChatDeps, role: PublicRole, announce: boolean): void {
  if (announce) say(draft, deps, `I'm a ${getRoleNoun(role)}.`, { isUser: true });
  update(draft, {
    role,
    stage: 'questions',
    sectionIndex: 0,
    questionIndex: 0,
    awaitingContinue: false,
    answers: {},
    isResuming: false,
  });
  askNext(flows, draft, deps, 'start');
}

function complete(draft: Draft, deps: ChatDeps): void {
  update(draft, { stage: 'completion', completed: true, fieldType: null, selection: [], awaitingContinue: false });
  say(draft, deps, pickPhrase(draft, deps, 'completion'), { options: [FORM_OPTION] });
}

/** Moves past the current question: next question, end of section, or completion. */
function advance(flows: ChatFlows, draft: Draft, deps: ChatDeps): void {
  const { role, sectionIndex, questionIndex } = draft.state;
  if (role === null) return;
  const flow: ChatFlow = flows[role];
  const section = flow.sections[sectionIndex];
  if (section && questionIndex + 1 < section.questions.length) {
    update(draft, { questionIndex: questionIndex + 1 });
    askNext(flows, draft, deps, 'acknowledgement');
    return;
  }
  const nextSection = flow.sections[sectionIndex + 1];
  if (section && nextSection) {
    update(draft, { sectionIndex: sectionIndex + 1, questionIndex: 0, selection: [] });
    askNext(flows, draft, deps, { completedSection: section.title });
    return;
  }
  complete(draft, deps);
}

/** Saves (or, with `null`, skips) the answer to the current question and moves on. */
function answer(
  flows: ChatFlows,
  draft: Draft,
  deps: ChatDeps,
  question: ChatQuestion,
  value: ChatAnswerValue | null,
  userText: string,
): void {
  const { role } = draft.state;
  if (role === null) return;
  say(draft, deps, userText, { isUser: true });
  const answers = { ...draft.state.answers };
  if (value === null) {
    delete answers[question.id];
  } else {
    answers[question.id] = { response: value, role, sectionIndex: draft.state.sectionIndex, timestamp: deps.now() };
  }
  update(draft, { answers, selection: [], input: '', validationError: null });
  advance(flows, draft, deps);
}

/** Replaces the options of the latest message asking `questionId` (multi-select counter). */
function refreshQuestionOptions(draft: Draft, question: ChatQuestion, selection: readonly string[]): void {
  const messages = [...draft.state.messages];
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (message && !message.isUser && message.questionId === question.id) {
      // 'Take a break' (a section's first question) stays offered while boxes are ticked.
      const keepBreak = message.options?.some((option) => option.id === CHAT_OPTION_IDS.takeBreak) ?? false;
      const options = getQuestionOptions(question, selection);
      messages[i] = { ...message, options: keepBreak ? [...options, TAKE_BREAK_OPTION] : options };
      break;
    }
  }
  update(draft, { messages, selection: [...selection], validationError: null });
}

function currentQuestion(flows: ChatFlows, state: ChatState): ChatQuestion | undefined {
  const step = getNextQuestion(flows, state);
  return step.kind === 'question' ? step.question : undefined;
}

function labelsOf(question: ChatQuestion, codes: readonly string[]): string {
  // Semicolons, because some labels contain commas.
  return codes.map((code) => question.options?.find((option) => option.id === code)?.label ?? code).join('; ');
}

function resetDraft(draft: Draft, deps: ChatDeps, renewSession: boolean): void {
  const now = deps.now();
  const fresh = createChatState({ sessionId: renewSession ? deps.createId() : draft.state.sessionId, now });
  // Phrase memory survives a reset so the new welcome differs from the last one. The same
  // session starting over is a new run for the server (see `chatSessionUpdateSchema`).
  draft.state = { ...fresh, lastPhraseIndex: draft.state.lastPhraseIndex, restartedAt: renewSession ? null : now };
  welcome(draft, deps);
}

function continueAfterSection(flows: ChatFlows, draft: Draft, deps: ChatDeps, userText: string): void {
  say(draft, deps, userText, { isUser: true });
  update(draft, { awaitingContinue: false, input: '', validationError: null });
  askNext(flows, draft, deps, 'transition');
}

function resume(flows: ChatFlows, draft: Draft, deps: ChatDeps, userText: string): void {
  say(draft, deps, userText, { isUser: true });
  const wasAwaitingContinue = draft.state.awaitingContinue;
  update(draft, { isResuming: false, awaitingContinue: false, stage: 'questions', input: '', validationError: null });
  askNext(flows, draft, deps, wasAwaitingContinue ? 'transition' : 'resume');
}

function handleOption(flows: ChatFlows, draft: Draft, deps: ChatDeps, optionId: string): void {
  const { state } = draft;
  const ids = CHAT_OPTION_IDS;

  if (optionId === ids.restart) return resetDraft(draft, deps, false);
  if (optionId === ids.form) {
    draft.effect = { type: 'open_registration_form' };
    // The first hand-over of this run is what the admin funnel counts; a second click keeps it.
    update(draft, { handedOverAt: state.handedOverAt ?? deps.now() });
    return;
  }
  if (state.isResuming) {
    if (optionId === ids.resume) resume(flows, draft, deps, RESUME_OPTION.label);
    return;
  }
  if (state.stage === 'intro') {
    const role = PUBLIC_ROLES.find((r) => r === optionId);
    if (role) chooseRole(flows, draft, deps, role, true);
    else if (optionId === ids.retry) welcome(draft, deps);
    return;
  }
  if (state.stage !== 'questions') return;

  if (optionId === ids.retry) {
    say(draft, deps, RETRY_OPTION.label, { isUser: true });
    const wasAwaitingContinue = state.awaitingContinue;
    update(draft, { selection: [], awaitingContinue: false });
    askNext(flows, draft, deps, wasAwaitingContinue ? 'transition' : 'none');
    return;
  }
  if (state.awaitingContinue) {
    if (optionId === ids.continue) continueAfterSection(flows, draft, deps, CONTINUE_OPTION.label);
    if (optionId === ids.takeBreak) {
      say(draft, deps, TAKE_BREAK_OPTION.label, { isUser: true });
      say(draft, deps, CHAT_TEXT.takeBreak, { options: [CONTINUE_OPTION] });
    }
    return;
  }
  if (optionId === ids.takeBreak) {
    // Offered with a section's first question: the place is kept, Continue asks it again.
    say(draft, deps, TAKE_BREAK_OPTION.label, { isUser: true });
    update(draft, { awaitingContinue: true, selection: [], fieldType: null, input: '', validationError: null });
    say(draft, deps, CHAT_TEXT.takeBreak, { options: [CONTINUE_OPTION] });
    return;
  }
  const question = currentQuestion(flows, state);
  if (!question) return;

  if (isMultiSelectQuestion(question)) {
    if (optionId === ids.doneSelecting) {
      if (state.selection.length === 0 && question.required) {
        update(draft, { validationError: CHAT_TEXT.selectAtLeastOne });
        return;
      }
      // Keep the flow's option order, whatever order the boxes were ticked in.
      const chosen = (question.options ?? []).map((o) => o.id).filter((id) => state.selection.includes(id));
      answer(flows, draft, deps, question, chosen, chosen.length ? labelsOf(question, chosen) : CHAT_TEXT.noneSelected);
      return;
    }
    if (CONTROL_OPTION_IDS.includes(optionId)) return;
    if (!question.options?.some((option) => option.id === optionId)) return;
    const selection = state.selection.includes(optionId)
      ? state.selection.filter((id) => id !== optionId)
      : [...state.selection, optionId];
    refreshQuestionOptions(draft, question, selection);
    return;
  }

  if (optionId === ids.skip) {
    if (!question.required) answer(flows, draft, deps, question, null, SKIP_OPTION.label);
    return;
  }
  const option = question.options?.find((o) => o.id === optionId);
  if (option) answer(flows, draft, deps, question, option.id, option.label);
}

const YES_WORDS = /^(y|yes|yeah|yep|ok|okay|sure|continue)\b/i;
const NO_WORDS = /^(n|no|nope|start over|restart)\b/i;

const normalizeLabel = (text: string) =>
  text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*,\s*/g, ', ')
    .trim();

/** The option a piece of typed text names (by label or code; yes/no words for confirm questions). */
function findTypedOption(question: ChatQuestion, typed: string): ChatOption | undefined {
  const options = question.options ?? [];
  const part = normalizeLabel(typed);
  if (!part) return undefined;
  const option = options.find((o) => normalizeLabel(o.label) === part || o.id.toLowerCase() === part);
  if (option || question.type !== 'confirm') return option;
  if (YES_WORDS.test(part)) return options.find((o) => o.id === CHAT_OPTION_IDS.yes);
  if (NO_WORDS.test(part)) return options.find((o) => o.id === CHAT_OPTION_IDS.no);
  return undefined;
}

/**
 * Maps typed text to option ids; `null` when some part matches no option. Multi-select answers may
 * list several options separated by commas or semicolons; as some labels contain commas
 * ('Monday – Friday, 8 AM – 4 PM'), the longest run of pieces that names an option wins.
 */
function matchTypedOptions(question: ChatQuestion, text: string): string[] | null {
  if (!isMultiSelectQuestion(question)) {
    const option = findTypedOption(question, text);
    return option ? [option.id] : null;
  }
  const pieces = text.split(/[,;]/);
  const matched: string[] = [];
  let start = 0;
  while (start < pieces.length) {
    if (!pieces[start]?.trim()) {
      start += 1;
      continue;
    }
    let found: { option: ChatOption; end: number } | undefined;
    for (let end = pieces.length; end > start && !found; end -= 1) {
      const option = findTypedOption(question, pieces.slice(start, end).join(','));
      if (option) found = { option, end };
    }
    if (!found) return null;
    if (!matched.includes(found.option.id)) matched.push(found.option.id);
    start = found.end;
  }
  return matched.length > 0 ? matched : null;
}

function handleText(flows: ChatFlows, draft: Draft, deps: ChatDeps, rawText: string): void {
  const { state } = draft;
  const text = rawText.trim();

  // The input is disabled in the intro (spec §2): the role is chosen with the option buttons.
  if (state.stage === 'intro' && !state.isResuming) return;
  if (!text) {
    update(draft, { validationError: CHAT_INPUT_MESSAGES.empty });
    return;
  }
  if (state.isResuming) {
    if (YES_WORDS.test(text)) return resume(flows, draft, deps, text);
    if (NO_WORDS.test(text)) return resetDraft(draft, deps, false);
    say(draft, deps, text, { isUser: true });
    say(draft, deps, CHAT_TEXT.resumeChoice, { options: RESUME_OPTIONS });
    update(draft, { input: '' });
    return;
  }
  if (state.stage === 'completion') {
    say(draft, deps, text, { isUser: true });
    say(draft, deps, CHAT_TEXT.afterCompletion, { options: [FORM_OPTION] });
    update(draft, { input: '' });
    return;
  }
  if (state.awaitingContinue) return continueAfterSection(flows, draft, deps, text);

  const question = currentQuestion(flows, state);
  if (!question) {
    say(draft, deps, text, { isUser: true });
    askNext(flows, draft, deps, 'none');
    return;
  }
  if (!question.required && text.toLowerCase() === SKIP_OPTION.label.toLowerCase()) {
    answer(flows, draft, deps, question, null, text);
    return;
  }
  if (question.options && question.options.length > 0) {
    const matched = matchTypedOptions(question, text);
    if (!matched) {
      update(draft, { validationError: CHAT_TEXT.chooseAnOption, input: rawText });
      return;
    }
    answer(flows, draft, deps, question, isMultiSelectQuestion(question) ? matched : (matched[0] ?? ''), text);
    return;
  }
  const result = validateChatInput(text, question.fieldType);
  if (!result.isValid) {
    update(draft, { validationError: result.message, input: rawText });
    return;
  }
  answer(flows, draft, deps, question, text, text);
}

function handleStart(flows: ChatFlows, draft: Draft, deps: ChatDeps, initialRole: PublicRole | null): void {
  const { state } = draft;
  if (state.completed) {
    // Completion is restored on load and forces the completion stage (spec §4).
    update(draft, { stage: 'completion', isResuming: false });
    if (state.messages.length === 0)
      say(draft, deps, pickPhrase(draft, deps, 'completion'), { options: [FORM_OPTION] });
    return;
  }
  if (state.messages.length > 0) return;
  if (state.role !== null) {
    update(draft, { isResuming: true, stage: 'questions' });
    say(draft, deps, CHAT_TEXT.welcomeBack, { options: RESUME_OPTIONS });
    return;
  }
  const role = initialRole ?? state.initialRole;
  if (role) {
    update(draft, { initialRole: role });
    chooseRole(flows, draft, deps, role, false);
    return;
  }
  welcome(draft, deps);
}

/**
 * Applies one event to the chat. Pure: the input state is never changed, and the same state,
 * event and deps give the same result. Returns the new state (whose `messages` already include the
 * new ones), the messages this event added, and an effect for the UI to carry out.
 *
 * Invalid typed answers do not advance: the message is in `state.validationError`. Ticking a
 * multi-select option adds no message either: it updates the question message's options (the
 * 'Done selecting' counter) in `state.messages` and the codes in `state.selection`, so render
 * from `state.messages`, not only from the returned `messages`.
 */
export function applyChatEvent(flows: ChatFlows, state: ChatState, event: ChatEvent, deps: ChatDeps): ChatTransition {
  const draft: Draft = { state, messages: [], effect: null };
  switch (event.type) {
    case 'start':
      handleStart(flows, draft, deps, event.initialRole ?? null);
      break;
    case 'option_selected':
      handleOption(flows, draft, deps, event.optionId);
      break;
    case 'text_submitted':
      handleText(flows, draft, deps, event.text);
      break;
    case 'input_changed':
      return {
        state: {
          ...state,
          input: event.value,
          validationError: getLiveValidationError(event.value, state.fieldType, state.validationError),
        },
        messages: [],
        effect: null,
      };
    case 'reset':
      resetDraft(draft, deps, event.renewSession ?? false);
      break;
    case 'generation_failed':
      say(draft, deps, CHAT_TEXT.generationError, { options: GENERATION_ERROR_OPTIONS });
      break;
    case 'message_formatted':
      update(draft, {
        messages: state.messages.map((message) =>
          message.id === event.messageId
            ? { ...message, formattedContent: event.formattedContent, isFormatted: true }
            : message,
        ),
      });
      return { state: draft.state, messages: [], effect: null };
    case 'note_added': {
      const note: ChatMessage = { id: deps.createId(), content: event.content, isUser: false, timestamp: deps.now() };
      const at = state.messages.findIndex((message) => message.id === event.beforeMessageId);
      const messages = [...state.messages];
      if (at === -1) messages.push(note);
      else {
        // Just before the message it precedes: the server orders a transcript by timestamp.
        note.timestamp = Math.min(note.timestamp, (messages[at]?.timestamp ?? note.timestamp) - 1);
        messages.splice(at, 0, note);
      }
      update(draft, { messages });
      draft.messages.push(note);
      break;
    }
  }
  if (draft.state !== state) update(draft, { lastActive: deps.now() });
  return { state: draft.state, messages: draft.messages, effect: draft.effect };
}
