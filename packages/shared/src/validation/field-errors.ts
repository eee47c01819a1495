/**
 * Field name → the one message to show beside that field. Nested fields use dotted paths
 * (`address.city`), the same names react-hook-form gives its fields, so a server answer can be
 * put beside the field that caused it without translation. `_` holds a problem of the whole form.
 */
export type FieldErrors = Record<string, string>;

/** The part of a zod (or any Standard Schema) issue this needs. */
export interface FieldIssue {
  readonly path?: readonly PropertyKey[] | readonly { readonly key: PropertyKey }[];
  readonly message: string;
}

/**
 * The first message of each field, in the order the schema reported them. The API's 422
 * `fields` (lib/validate.ts, Better Auth's validation hook) and the web form layer
 * (components/ui/form.tsx) both build their maps here, so a field gets the same words from the
 * browser's check and from the server's.
 */
export function toFieldErrors(issues: readonly FieldIssue[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key =
      (issue.path ?? [])
        .map((segment) => String(typeof segment === 'object' && segment !== null ? segment.key : segment))
        .join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
