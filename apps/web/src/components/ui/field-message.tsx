import { CircleAlert } from 'lucide-react';

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
