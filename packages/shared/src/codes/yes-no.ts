import { z } from 'zod';
import { codesOf, type CodeOption } from './code-option';

/** A yes/no answer (consent, directory visibility, notifications). */
export const YES_NO_OPTIONS = [
  { code: 'yes', label: 'Yes' },
  { code: 'no', label: 'No' },
] as const satisfies readonly CodeOption[];

export const YES_NO_CODES = codesOf(YES_NO_OPTIONS);
export const yesNoCodeSchema = z.enum(YES_NO_CODES);
export type YesNoCode = z.infer<typeof yesNoCodeSchema>;
