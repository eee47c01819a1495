import type { ZodType } from 'zod';

/** Field name → the message to show beside it. */
export type FieldErrors = Record<string, string>;

export type FormCheck<T> = { ok: true; data: T } | { ok: false; message: string; fields: FieldErrors };

/**
 * Checks form values with a shared schema (the one the server uses, so both sides give the same
 * words). `message` is the first problem, for the form's summary; `fields` holds each field's
 * first problem.
 */
export function checkForm<T>(schema: ZodType<T>, values: unknown): FormCheck<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '_');
    fields[key] ??= issue.message;
  }
  return { ok: false, message: result.error.issues[0]?.message ?? 'Please check the form.', fields };
}

/**
 * The message to show beside a field: nothing when it only repeats the form's summary (e.g.
 * 'Please fill in all required fields.' once at the top rather than under every empty field).
 * An empty string still marks the field invalid.
 */
export function fieldMessage(errors: FieldErrors, summary: string | null, field: string): string | undefined {
  const message = errors[field];
  if (message === undefined) return undefined;
  return message === summary ? '' : message;
}
