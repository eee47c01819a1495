import { useEffect, useId, useState, type ReactNode, type RefObject } from 'react';
import { CHAT_MODES, type ChatConfig } from '@tavara/shared/registration-chat/chat-config';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { getChatConfig, loadChatAiStatus, setChatConfig, useChatAiStatus } from '../chat-settings-store';

/** Spec §2 labels of the three modes, word for word. */
export const CHAT_MODE_LABELS: Record<ChatConfig['mode'], string> = {
  ai: 'AI Only',
  scripted: 'Scripted Only',
  hybrid: 'Hybrid (AI with Scripted Fallback)',
};

const CHAT_MODE_HINTS: Record<ChatConfig['mode'], string> = {
  ai: 'The AI words every question in its own voice.',
  scripted: "The assistant's own fixed questions, no AI.",
  hybrid: 'The AI words the questions; if it keeps failing, the chat carries on with the fixed questions.',
};

export const CHAT_SETTINGS_SAVED = 'Chat settings saved.';
const TEMPERATURE_MIN = 0;
const TEMPERATURE_MAX = 1;
const TEMPERATURE_STEP = 0.1;
const FALLBACK_THRESHOLD_CHOICES = [1, 2, 3, 4, 5] as const;

/**
 * An on/off switch: a native checkbox announced as a switch, with its label and hint. Native, so
 * it needs no CSS of its own (the landing page's stylesheet is part of its 100 kB first load).
 */
function SettingSwitch({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-1">
      {/* A 44 px tap area around the 24 px box (the box stays a calm size; a finger needs the room). */}
      <label
        htmlFor={id}
        data-switch-target
        className="-mt-2.5 -ml-2.5 grid size-11 shrink-0 cursor-pointer place-items-center"
      >
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.checked)}
          className="size-6 cursor-pointer accent-brand disabled:cursor-not-allowed"
        />
      </label>
      <div className="min-w-0">
        <label htmlFor={id} className="font-semibold">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
      </div>
    </div>
  );
}

// The design system's button look (components/ui/button.tsx) on plain buttons, without its Radix
// Slot: the chat chunk and the landing page's preload map stay as they were (decision 010).
const BUTTON_CLASS =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 text-base font-semibold transition-colors';
const PRIMARY_BUTTON_CLASS = cn(BUTTON_CLASS, 'bg-brand text-white hover:bg-brand-strong');
const SECONDARY_BUTTON_CLASS = cn(BUTTON_CLASS, 'border border-line bg-surface text-ink hover:bg-brand-soft');

function Section({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('flex flex-col gap-2 border-t border-line pt-5', className)}>{children}</div>;
}

/**
 * The Chat Settings dialog (spec §2): Chat Mode, AI Temperature (not for scripted), Fallback
 * Threshold (hybrid only), 'Always Show Multiple-Choice Options', 'AI-Generated Questions',
 * Reset Chat with a confirmation, Cancel and Save Changes. Changes apply on save, to
 * `{product}_chat_config`. When the server has no AI, the AI modes are disabled with the reason.
 */
export function ChatSettingsDialog({
  open,
  onOpenChange,
  onResetChat,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onResetChat: () => void;
  /** The button that opened the dialog (it is not a Radix trigger), focused again on close. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        variant="sectioned"
        data-testid="chat-settings"
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        {/* Mounted on each opening, so it starts from what is saved; Cancel drops the draft. */}
        <ChatSettingsForm onClose={() => onOpenChange(false)} onResetChat={onResetChat} />
      </DialogContent>
    </Dialog>
  );
}

function ChatSettingsForm({ onClose, onResetChat }: { onClose: () => void; onResetChat: () => void }) {
  const [draft, setDraft] = useState<ChatConfig>(getChatConfig);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const aiStatus = useChatAiStatus();
  const aiUnavailable = aiStatus !== null && !aiStatus.available;
  // No provider on this server: only the scripted chat exists, so no AI control is shown at all.
  const noAi = aiStatus?.notConfigured === true;
  const ids = useId();

  useEffect(() => {
    void loadChatAiStatus();
  }, []);

  const update = (patch: Partial<ChatConfig>) => setDraft((current) => ({ ...current, ...patch }));
  const save = () => {
    if (setChatConfig(draft)) toast.success(CHAT_SETTINGS_SAVED);
    else toast.error('The chat settings could not be saved in this browser.');
    onClose();
  };
  const reset = () => {
    onResetChat();
    onClose();
  };

  const reasonId = `${ids}-reason`;
  const usesAi = draft.mode !== 'scripted' && !noAi;

  return (
    <>
      <div className="border-b border-line px-5 py-3">
        <DialogTitle>Chat Settings</DialogTitle>
        <DialogDescription className="mt-0.5 text-sm">
          Choose how the assistant asks its questions. Changes apply when you save them.
        </DialogDescription>
      </div>

      <form
        className="flex min-h-0 flex-1 flex-col"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        {/* The body scrolls; the title and the Cancel / Save Changes buttons stay in view. */}
        <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto overscroll-contain px-5 py-4">
          {noAi ? (
            <p className="text-ink-muted">The assistant asks its own questions, one at a time.</p>
          ) : (
            <fieldset className="flex flex-col gap-2" aria-describedby={aiUnavailable ? reasonId : undefined}>
              <legend className="font-semibold">Chat Mode</legend>
              {aiUnavailable && (
                <p id={reasonId} className="rounded-lg bg-warning-soft px-3 py-2 text-sm text-warning">
                  {aiStatus.reason ?? 'AI chat is not available right now.'}
                </p>
              )}
              {CHAT_MODES.map((mode) => {
                const disabled = aiUnavailable && mode !== 'scripted';
                return (
                  <label
                    key={mode}
                    className={cn(
                      'flex min-h-11 items-start gap-3 rounded-lg border px-3 py-1.5',
                      draft.mode === mode ? 'border-brand bg-brand-soft' : 'border-line',
                      disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer',
                    )}
                  >
                    <input
                      type="radio"
                      name={`${ids}-mode`}
                      value={mode}
                      checked={draft.mode === mode}
                      disabled={disabled}
                      onChange={() => update({ mode })}
                      className="mt-1 size-4 shrink-0 accent-brand"
                    />
                    <span className="flex min-w-0 flex-col">
                      <span className="font-semibold">{CHAT_MODE_LABELS[mode]}</span>
                      <span className="text-sm text-ink-muted">{CHAT_MODE_HINTS[mode]}</span>
                    </span>
                  </label>
                );
              })}
            </fieldset>
          )}

          {usesAi && (
            <details className="group border-t border-line pt-3">
              <summary className="flex min-h-11 cursor-pointer items-center font-semibold">Advanced</summary>
              <div className="flex flex-col gap-4 pt-2">
                <div className="flex flex-col gap-2">
                  <div className="flex items-baseline justify-between gap-3">
                    <label htmlFor={`${ids}-temperature`} className="font-semibold">
                      AI Temperature
                    </label>
                    <output htmlFor={`${ids}-temperature`} className="font-semibold">
                      {draft.temperature.toFixed(1)}
                    </output>
                  </div>
                  <input
                    id={`${ids}-temperature`}
                    type="range"
                    min={TEMPERATURE_MIN}
                    max={TEMPERATURE_MAX}
                    step={TEMPERATURE_STEP}
                    value={Math.min(TEMPERATURE_MAX, draft.temperature)}
                    aria-describedby={`${ids}-temperature-hint`}
                    onChange={(event) => update({ temperature: Number(event.target.value) })}
                    className="min-h-11 w-full cursor-pointer accent-brand"
                  />
                  <p id={`${ids}-temperature-hint`} className="-mt-1 text-sm text-ink-muted">
                    Lower keeps the wording steady; higher makes it more varied.
                  </p>
                </div>

                {draft.mode === 'hybrid' && (
                  <div className="flex flex-col gap-2">
                    <label htmlFor={`${ids}-threshold`} className="font-semibold">
                      Fallback Threshold
                    </label>
                    <p id={`${ids}-threshold-hint`} className="-mt-1 text-sm text-ink-muted">
                      AI failures in a row before the chat switches to its fixed questions.
                    </p>
                    <select
                      id={`${ids}-threshold`}
                      value={draft.fallbackThreshold}
                      aria-describedby={`${ids}-threshold-hint`}
                      onChange={(event) => update({ fallbackThreshold: Number(event.target.value) })}
                      className="min-h-11 w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-ink"
                    >
                      {FALLBACK_THRESHOLD_CHOICES.map((n) => (
                        <option key={n} value={n}>
                          {n === 1 ? '1 failure' : `${n} failures`}
                        </option>
                      ))}
                    </select>
                  </div>
                )}
              </div>
            </details>
          )}

          {!noAi && (
            <Section className="gap-4">
              <SettingSwitch
                label="Always Show Multiple-Choice Options"
                hint="Show the answer buttons under every question, even when the AI words it."
                checked={draft.alwaysShowOptions}
                onChange={(alwaysShowOptions) => update({ alwaysShowOptions })}
              />
              <SettingSwitch
                label="AI-Generated Questions"
                hint={
                  usesAi
                    ? 'On: the AI words each question. Off: it only adds a short, warm line before the fixed question.'
                    : 'Used only in the AI and Hybrid modes.'
                }
                checked={draft.useAIPrompts}
                disabled={!usesAi}
                onChange={(useAIPrompts) => update({ useAIPrompts })}
              />
            </Section>
          )}

          <Section>
            {confirmingReset ? (
              <div role="group" aria-labelledby={`${ids}-reset-question`} className="flex flex-col gap-3">
                <p id={`${ids}-reset-question`} className="font-semibold">
                  Reset the chat? The conversation and its answers in this browser are cleared and a new chat starts.
                </p>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    autoFocus
                    className={cn(BUTTON_CLASS, 'border border-danger bg-surface text-danger hover:bg-brand-soft')}
                    onClick={reset}
                  >
                    Yes, reset the chat
                  </button>
                  <button type="button" className={SECONDARY_BUTTON_CLASS} onClick={() => setConfirmingReset(false)}>
                    Keep my chat
                  </button>
                </div>
              </div>
            ) : (
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="text-sm text-ink-muted">Start again from the welcome, with a new chat.</p>
                <button type="button" className={SECONDARY_BUTTON_CLASS} onClick={() => setConfirmingReset(true)}>
                  Reset Chat
                </button>
              </div>
            )}
          </Section>
        </div>
        <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
          <button type="button" className={SECONDARY_BUTTON_CLASS} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={PRIMARY_BUTTON_CLASS}>
            Save Changes
          </button>
        </div>
      </form>
    </>
  );
}
