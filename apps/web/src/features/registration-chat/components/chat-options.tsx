import { Square, SquareCheck } from 'lucide-react';
import type { ChatOption } from '@tavara/shared/registration-chat/chat-state';
import { CHAT_OPTION_IDS } from '@tavara/shared/registration-chat/engine';
import { cn } from '@/lib/cn';

export interface ChatOptionsProps {
  readonly options: readonly ChatOption[];
  /** Options that tick on and off (multi-select question), or null. */
  readonly toggleOptionIds: readonly string[] | null;
  /** Ticked codes of the multi-select question. */
  readonly selection: readonly string[];
  readonly onSelect: (optionId: string) => void;
}

/**
 * The option buttons under the latest bot message, each with its subtext. On a multi-select
 * question the answer options are toggle buttons (aria-pressed) and 'Done selecting' carries the
 * counter ('2 options selected').
 */
export function ChatOptions({ options, toggleOptionIds, selection, onSelect }: ChatOptionsProps) {
  return (
    <div role="group" aria-label="Answer options" className="flex flex-col gap-2 pt-1">
      {options.map((option) => {
        const isToggle = toggleOptionIds?.includes(option.id) ?? false;
        const isTicked = isToggle && selection.includes(option.id);
        const isDone = option.id === CHAT_OPTION_IDS.doneSelecting;
        const Tick = isTicked ? SquareCheck : Square;
        return (
          <button
            key={option.id}
            type="button"
            data-chat-option=""
            aria-pressed={isToggle ? isTicked : undefined}
            onClick={() => onSelect(option.id)}
            className={cn(
              'flex min-h-11 w-full items-start gap-2.5 rounded-xl border px-3.5 py-2 text-left transition-colors',
              isDone
                ? 'border-brand bg-brand text-white hover:bg-brand-strong'
                : isTicked
                  ? 'border-brand bg-brand-soft text-ink'
                  : 'border-line-strong bg-surface text-ink hover:bg-brand-soft',
            )}
          >
            {isToggle && <Tick aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand" />}
            <span className="flex flex-col">
              <span className="font-semibold">{option.label}</span>
              {option.subtext && (
                <span className={cn('text-sm', isDone ? 'text-white' : 'text-ink-muted')}>{option.subtext}</span>
              )}
            </span>
          </button>
        );
      })}
    </div>
  );
}
