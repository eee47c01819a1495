import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { describedByIds, FieldError, FieldHint, FieldLabel } from './field-message';

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
  const describedBy = describedByIds(id, hint, error);
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <FieldHint id={`${id}-hint`}>{hint}</FieldHint>
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
