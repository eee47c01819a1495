import { useId, type ReactNode, type Ref } from 'react';
import { cn } from '@/lib/cn';
import { FieldError, RequiredMark } from './field-message';

export interface Choice {
  readonly id: string;
  readonly label: string;
  readonly subtext?: string;
  /** A small mark under the label (e.g. a badge); part of the choice's accessible name. */
  readonly badge?: ReactNode;
}

interface ChoiceGroupProps {
  legend: string;
  choices: readonly Choice[];
  required?: boolean;
  hint?: string;
  error?: string;
  /** Name shared by the inputs (the form field name). */
  name: string;
  /** Focus target for "go to the first invalid field". */
  firstInputRef?: Ref<HTMLInputElement>;
  className?: string;
}

interface SingleChoiceProps extends ChoiceGroupProps {
  multiple?: false;
  value: string | undefined;
  onValueChange: (value: string) => void;
}

interface MultipleChoiceProps extends ChoiceGroupProps {
  multiple: true;
  value: readonly string[];
  onValueChange: (value: string[]) => void;
}

/**
 * A fieldset of radio buttons (one answer) or checkboxes (several), each a whole-row target of
 * at least 44 px with its subtext — easier on a phone and for older hands than a dropdown.
 */
export function ChoiceGroup(props: SingleChoiceProps | MultipleChoiceProps) {
  const { legend, choices, required, hint, error, name, firstInputRef, className } = props;
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const isChecked = (choice: string) => (props.multiple ? props.value.includes(choice) : props.value === choice);
  const toggle = (choice: string) => {
    if (props.multiple) {
      props.onValueChange(
        props.value.includes(choice) ? props.value.filter((v) => v !== choice) : [...props.value, choice],
      );
    } else props.onValueChange(choice);
  };
  return (
    <fieldset
      aria-describedby={describedBy}
      aria-invalid={error !== undefined || undefined}
      className={cn('flex min-w-0 flex-col gap-2', className)}
    >
      <legend className="mb-1.5 font-semibold">
        {legend}
        <RequiredMark required={required} />
      </legend>
      {hint && (
        <p id={`${id}-hint`} className="-mt-1 text-sm text-ink-muted">
          {hint}
        </p>
      )}
      <div className="grid gap-2 sm:grid-cols-2">
        {choices.map((choice, index) => (
          <label
            key={choice.id}
            className={cn(
              'flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 transition-colors hover:bg-brand-soft',
              isChecked(choice.id) ? 'border-brand bg-brand-soft' : error ? 'border-danger' : 'border-line',
            )}
          >
            <input
              ref={index === 0 ? firstInputRef : undefined}
              type={props.multiple ? 'checkbox' : 'radio'}
              name={name}
              value={choice.id}
              checked={isChecked(choice.id)}
              // On the radios, so screen readers announce the group as required.
              required={!props.multiple && required}
              onChange={() => toggle(choice.id)}
              className="mt-0.5 size-5 shrink-0 accent-brand"
            />
            <span className="flex flex-col">
              <span>{choice.label}</span>
              {choice.subtext && <span className="text-sm text-ink-muted">{choice.subtext}</span>}
              {choice.badge && <span className="mt-1">{choice.badge}</span>}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
