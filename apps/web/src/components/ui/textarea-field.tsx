import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { FieldError, RequiredMark } from './field-message';

export interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  hint?: string;
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input with an optional hint and error, like TextField. */
export function TextareaField({
  label,
  hint,
  error,
  className,
  required,
  rows = 3,
  ref,
  ...props
}: TextareaFieldProps) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="font-semibold">
        {label}
        <RequiredMark required={required} />
      </label>
      {hint && (
        <p id={`${id}-hint`} className="-mt-1 text-sm text-ink-muted">
          {hint}
        </p>
      )}
      <textarea
        ref={ref}
        id={id}
        rows={rows}
        required={required}
        aria-invalid={error !== undefined || undefined}
        aria-describedby={describedBy}
        className={cn(
          'w-full rounded-lg border bg-surface px-3 py-2.5 text-base text-ink placeholder:text-ink-muted',
          error !== undefined ? 'border-danger ring-1 ring-danger' : 'border-line-strong',
        )}
        {...props}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
