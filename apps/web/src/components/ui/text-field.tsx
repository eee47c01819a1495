import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes, type Ref } from 'react';
import { cn } from '@/lib/cn';
import { describedByIds, FieldError, FieldHint, FieldLabel } from './field-message';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the label, read with the field (e.g. "At least 8 characters."). */
  hint?: string;
  /**
   * Marks the field invalid; a non-empty message is shown under it in the danger colour. An
   * empty string marks it without a message (when the form's summary already says it).
   */
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

const inputClass =
  'min-h-11 w-full rounded-lg border bg-surface px-3 text-base text-ink placeholder:text-ink-muted disabled:cursor-not-allowed disabled:bg-canvas read-only:bg-canvas read-only:text-ink-muted';

/**
 * A labelled text input with an optional hint and error. The hint and the error are tied to the
 * input with aria-describedby, so a screen reader reads them when the field gets focus.
 */
export function TextField({ label, hint, error, className, type = 'text', ref, ...props }: TextFieldProps) {
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const invalid = error !== undefined;
  const describedBy = describedByIds(id, hint, error);
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <FieldLabel htmlFor={id} required={props.required}>
        {label}
      </FieldLabel>
      <FieldHint id={`${id}-hint`}>{hint}</FieldHint>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          type={isPassword && revealed ? 'text' : type}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={cn(
            inputClass,
            invalid ? 'border-danger ring-1 ring-danger' : 'border-line-strong',
            isPassword && 'pr-12',
          )}
          {...props}
        />
        {isPassword && (
          // A password typed on a small phone screen is easy to get wrong; let people check it.
          <button
            type="button"
            aria-label="Show password"
            aria-pressed={revealed}
            aria-controls={id}
            onClick={() => setRevealed((value) => !value)}
            className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-lg text-ink-muted hover:text-ink"
          >
            {revealed ? (
              <EyeOff aria-hidden="true" className="size-5" />
            ) : (
              <Eye aria-hidden="true" className="size-5" />
            )}
          </button>
        )}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
