import { z } from 'zod';

/** An optional free-text field: trimmed, at most `max` characters; blank or missing becomes `null`. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));
