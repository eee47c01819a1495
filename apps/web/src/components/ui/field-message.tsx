import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * The parts every field is made of: a label with its required marker, a hint (description) read
 * with the control, and the error message under it. TextField, TextareaField, ChoiceGroup and
 * the form layer's FormField (form.tsx) all build from these, so every form looks and reads alike.
 */

/** The visible label; `*` when required (screen readers hear 'required' from the control itself). */
export function FieldLabel({
  htmlFor,
  required,
  children,
}: {
  htmlFor: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <label htmlFor={htmlFor} className="font-semibold">
      {children}
      <RequiredMark required={required} />
    </label>
  );
}

/** The description under the label (e.g. "At least 8 characters."), tied to the control by id. */
export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="-mt-1 text-sm text-ink-muted">
      {children}
    </p>
  );
}

/** The message under an invalid field, tied to it with aria-describedby by the field. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm font-medium text-danger">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  );
}

/** The visible required marker; screen readers hear 'required' from the control itself. */
export function RequiredMark({ required }: { required?: boolean }) {
  if (!required) return null;
  return (
    <span aria-hidden="true" className="ml-1 text-danger">
      *
    </span>
  );
}

/**
 * The ids a control names in aria-describedby: its hint and, when there is a message, its
 * error (`${id}-hint`, `${id}-error`, as FieldHint and FieldError are given them).
 */
export function describedByIds(id: string, hint: unknown, error: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}
