import { RotateCcw, SendHorizontal, X } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router';
import { PRODUCT_NAME } from '@tavara/shared/product';
import { DEFAULT_ROLE } from '@tavara/shared/roles';
import type { ChatOption } from '@tavara/shared/registration-chat/chat-state';
import { CHAT_OPTION_IDS, isSpecialOptionId } from '@tavara/shared/registration-chat/engine';
import { REGISTRATION_PATHS } from '@tavara/shared/registration-chat/prefill';
import { getChatInputPlaceholder } from '@tavara/shared/validation/chat-input';
import { cn } from '@/lib/cn';
import { CHAT_SYNC_MESSAGE_MAX_CHARS } from '../api/chat-sync';
import { useChatConfig } from '../chat-settings-store';
import type { RegistrationChat } from '../hooks/use-registration-chat';
import { ChatMessageBubble } from './chat-message-bubble';
import { ChatOptions } from './chat-options';
import { ChatProgress } from './chat-progress';
import { ChatThankYou } from './chat-thank-you';
import { TypingIndicator } from './typing-indicator';

const NO_OPTIONS: readonly ChatOption[] = [];
const SCROLL_MARGIN_PX = 12;
const DISABLED_INPUT_PLACEHOLDER = 'Choose one of the options above';
export const QUICK_FORM_LABEL = "I'd rather fill out a quick form →";
export const PREPARING_FORM_LABEL = 'Preparing registration form...';

export interface ChatAssistantProps {
  readonly chat: RegistrationChat;
  /** Hides the '{product} Assistant' header (the full-screen dialog has its own). */
  readonly hideHeader?: boolean;
  /** Extra header buttons, before 'Start over' (the panel's full-screen button). */
  readonly headerActions?: ReactNode;
  /** Shows 'Close chat' in the header. */
  readonly onClose?: () => void;
  /** Id for the header's heading, so a surrounding dialog can be labelled by it. */
  readonly titleId?: string;
  /** Moves focus into the chat when it mounts. */
  readonly autoFocus?: boolean;
}

/** 36 px tall, at least 32 px wide: room for the whole title in the 350 px panel. */
export const CHAT_HEADER_BUTTON_CLASS =
  'inline-flex min-h-9 min-w-8 shrink-0 items-center justify-center gap-1 rounded-lg px-1.5 text-sm font-semibold text-ink hover:bg-brand-soft pointer-coarse:min-h-11 pointer-coarse:min-w-11';

/**
 * The registration chat (spec §2 "Chat assistant"): transcript, option buttons, typing
 * indicator, progress bar, input with live validation, the quick-form link and the Thank You
 * panel. It renders what `useRegistrationChat` gives it, so the same conversation shows in the
 * 350 px panel and in the full-screen dialog.
 *
 * Focus: after the bot finishes a message, focus goes to its first option when options answer
 * it, otherwise to the input (or, with the input disabled, to the first option) — but only when
 * focus was already in the chat (or lost with a removed button), so the chat never pulls focus
 * away from the page.
 */
export function ChatAssistant({
  chat,
  hideHeader = false,
  headerActions,
  onClose,
  titleId,
  autoFocus,
}: ChatAssistantProps) {
  const { state, messages, isTyping, isInputEnabled, progressBar, toggleOptionIds, isHandingOver } = chat;
  const ownTitleId = useId();
  const inputId = useId();
  const errorId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const debug = new URLSearchParams(useLocation().search).get('debug') === 'true';

  const { alwaysShowOptions } = useChatConfig();
  const last = messages.at(-1);
  const lastOptions = !isTyping && last && !last.isUser ? (last.options ?? NO_OPTIONS) : NO_OPTIONS;
  // 'Always Show Multiple-Choice Options' off: a single-choice question the AI worded (naming
  // its choices) is answered by typing; 'Skip' and multi-select toggles stay.
  const hideAnswerOptions = !alwaysShowOptions && last?.isFormatted === true && toggleOptionIds === null;
  const options = useMemo(
    () =>
      hideAnswerOptions
        ? lastOptions.filter((option) => option.id === CHAT_OPTION_IDS.skip || isSpecialOptionId(option.id))
        : lastOptions,
    [hideAnswerOptions, lastOptions],
  );
  const isCompleted = state.stage === 'completion';
  // Disabled outright where the spec disables it; while the bot types it stays focusable but read-only.
  const inputAllowed = isInputEnabled || (isTyping && (state.stage !== 'intro' || state.isResuming));
  const error = state.validationError;

  // Bring new content into view: a bot message with options from its first line (the options
  // follow it), the Thank You panel from its top, anything else at the bottom. Only when something
  // new appears, so ticking options never moves the list under the pointer.
  const thanksRef = useRef<HTMLDivElement>(null);
  const lastId = last?.id;
  const hasOptions = options.length > 0;
  const hasAnswerOptions = options.some((option) => option.id !== CHAT_OPTION_IDS.skip);
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const bottom = log.scrollHeight - log.clientHeight;
    const lastItem = log.querySelector<HTMLElement>('ol > li:last-child');
    let target = bottom;
    if (thanksRef.current) target = thanksRef.current.offsetTop - SCROLL_MARGIN_PX;
    else if (hasOptions && lastItem) target = lastItem.offsetTop - SCROLL_MARGIN_PX;
    log.scrollTop = Math.min(bottom, target);
  }, [lastId, isTyping, isCompleted, hasOptions]);

  const focusOnMount = useRef(autoFocus ?? false);
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const forced = focusOnMount.current;
    focusOnMount.current = false;
    const active = document.activeElement;
    const focusInChat = !active || active === document.body || root.contains(active) || active.contains(root);
    if (!forced && !focusInChat) return;
    if (isTyping) {
      if (forced) logRef.current?.focus({ preventScroll: true });
      return;
    }
    // Options answer the question (a lone 'Skip' does not): focus the first, which also keeps a
    // phone's keyboard from covering them. A question to type the answer to: focus the input.
    const firstOption = hasAnswerOptions ? root.querySelector<HTMLElement>('[data-chat-option]') : null;
    if (firstOption) firstOption.focus({ preventScroll: true });
    else if (isInputEnabled) {
      if (active !== inputRef.current) inputRef.current?.focus({ preventScroll: true });
    } else {
      (root.querySelector<HTMLElement>('[data-chat-option]') ?? logRef.current)?.focus({ preventScroll: true });
    }
  }, [lastId, isTyping, isInputEnabled, hasAnswerOptions]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter makes a new line (spec §2). Not while an IME is composing.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (isInputEnabled) chat.sendInput();
  };

  // The placeholder shortens while the input has focus (spec §5). Set on the element rather than
  // kept in state, so focusing the input after each question costs no second render.
  const fieldType = state.fieldType;
  const showPlaceholder = useCallback(
    (input: HTMLTextAreaElement | null) => {
      if (!input) return;
      input.placeholder = inputAllowed
        ? getChatInputPlaceholder(fieldType, document.activeElement === input)
        : DISABLED_INPUT_PLACEHOLDER;
    },
    [fieldType, inputAllowed],
  );
  useLayoutEffect(() => showPlaceholder(inputRef.current), [showPlaceholder]);

  return (
    <div ref={rootRef} className="flex h-full min-h-0 flex-col bg-surface text-ink">
      {/* A div, not <header>: inside the page a header would be a second banner landmark. */}
      {!hideHeader && (
        <div className="flex items-center gap-0.5 border-b border-line py-1.5 pr-1 pl-3">
          <h2 id={titleId ?? ownTitleId} className="min-w-0 flex-1 truncate font-semibold tracking-tight">
            {PRODUCT_NAME} Assistant
          </h2>
          {headerActions}
          <button type="button" className={CHAT_HEADER_BUTTON_CLASS} onClick={chat.startOver}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Start over
          </button>
          {onClose && (
            <button type="button" className={CHAT_HEADER_BUTTON_CLASS} aria-label="Close chat" onClick={onClose}>
              <X aria-hidden="true" className="size-5" />
            </button>
          )}
        </div>
      )}
      {progressBar && <ChatProgress progress={progressBar} />}

      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label="Chat messages"
        tabIndex={0}
        className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-3 focus-visible:outline-offset-[-3px]"
      >
        <ol className="flex flex-col gap-2.5">
          {messages.map((message) => (
            <ChatMessageBubble key={message.id} message={message} />
          ))}
        </ol>
        {options.length > 0 && (
          <div className="mt-2.5">
            <ChatOptions
              options={options}
              toggleOptionIds={toggleOptionIds}
              selection={state.selection}
              onSelect={chat.selectOption}
            />
          </div>
        )}
        {isTyping && (
          <div className="mt-2.5">
            <TypingIndicator />
          </div>
        )}
        {isCompleted && !isTyping && (
          <div ref={thanksRef} className="mt-4">
            <ChatThankYou
              onStartNewChat={chat.startOver}
              onFinishRegistration={chat.openRegistrationForm}
              isHandingOver={isHandingOver}
            />
          </div>
        )}
      </div>

      <form
        className="border-t border-line px-3 pt-2 pb-1"
        onSubmit={(event) => {
          event.preventDefault();
          if (isInputEnabled) chat.sendInput();
        }}
      >
        <p id={errorId} aria-live="polite" className="text-sm font-semibold text-danger empty:hidden">
          {error}
        </p>
        <div className="mt-1 flex items-end gap-2">
          <label htmlFor={inputId} className="sr-only">
            Your answer
          </label>
          <textarea
            ref={inputRef}
            id={inputId}
            rows={1}
            maxLength={CHAT_SYNC_MESSAGE_MAX_CHARS}
            value={state.input}
            disabled={!inputAllowed}
            readOnly={!isInputEnabled}
            aria-disabled={!isInputEnabled || undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => chat.changeInput(event.target.value)}
            onKeyDown={onKeyDown}
            onFocus={(event) => showPlaceholder(event.currentTarget)}
            onBlur={(event) => showPlaceholder(event.currentTarget)}
            // Grows with what is typed, never with the placeholder: a placeholder that wrapped when
            // the input lost focus would shift the options under the pointer mid-click.
            className={cn(
              'field-sizing-content max-h-32 min-h-11 min-w-0 flex-1 resize-none rounded-lg border bg-surface px-3 py-2 text-base text-ink placeholder:truncate placeholder:text-ink-muted disabled:cursor-not-allowed disabled:bg-canvas',
              error ? 'border-danger ring-1 ring-danger' : 'border-line-strong',
            )}
          />
          <button
            type="submit"
            aria-label="Send message"
            disabled={!isInputEnabled}
            className="grid size-11 shrink-0 place-items-center rounded-lg bg-brand text-white hover:bg-brand-strong disabled:cursor-not-allowed disabled:opacity-50"
          >
            <SendHorizontal aria-hidden="true" className="size-5" />
          </button>
        </div>
      </form>

      <p className="px-3 pb-2 text-center">
        <a
          href={REGISTRATION_PATHS[state.role ?? DEFAULT_ROLE]}
          aria-disabled={isHandingOver || undefined}
          onClick={(event) => {
            event.preventDefault();
            chat.openRegistrationForm();
          }}
          className="inline-flex min-h-6 items-center text-sm text-brand underline underline-offset-4 hover:text-brand-strong pointer-coarse:min-h-11"
        >
          {isHandingOver ? PREPARING_FORM_LABEL : QUICK_FORM_LABEL}
        </a>
      </p>

      {debug && (
        <details className="border-t border-line px-3 py-1 text-xs">
          <summary className="cursor-pointer">Debug</summary>
          <pre className="max-h-40 overflow-auto whitespace-pre-wrap">
            {JSON.stringify(
              {
                sessionId: state.sessionId,
                stage: state.stage,
                role: state.role,
                sectionIndex: state.sectionIndex,
                questionIndex: state.questionIndex,
                selection: state.selection,
                answers: state.answers,
              },
              null,
              2,
            )}
          </pre>
        </details>
      )}
    </div>
  );
}
