import { z } from 'zod';
import { codesOf, type CodeOption } from './code-option';

/** The kind of work a care professional is looking for. */
export const WORK_TYPE_OPTIONS = [
  { code: 'full_time', label: 'Full-time' },
  { code: 'part_time', label: 'Part-time' },
  { code: 'on_call', label: 'On-call' },
  { code: 'contract', label: 'Contract' },
  { code: 'flexible', label: 'Flexible' },
] as const satisfies readonly CodeOption[];

export const WORK_TYPE_CODES = codesOf(WORK_TYPE_OPTIONS);
export const workTypeCodeSchema = z.enum(WORK_TYPE_CODES);
export type WorkTypeCode = z.infer<typeof workTypeCodeSchema>;
