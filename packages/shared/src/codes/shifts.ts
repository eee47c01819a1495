import { z } from 'zod';
import { SHIFT_CODES } from './shift-options';

// The ONE shift list is in shift-options.ts (no zod: a page that shows shifts reads it without
// loading any schema, issue 35); its code schema is here.
export * from './shift-options';
export const shiftCodeSchema = z.enum(SHIFT_CODES);
