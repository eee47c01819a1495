import { z } from 'zod';

/**
 * The one schema of a calendar date the API takes (issue 32, item 3): in a URL (`?week=`,
 * `?date=`, `?from=`/`?to=`) or a body (a plan's start, a medicine's end, a dose's time). Dates
 * outside the supported range are bad input with a clear message — before this, `9999-12-31`
 * passed the format check and crashed date arithmetic (`RangeError: Invalid time value`) with a 500.
 *
 * The range covers every date the product deals with (birth years of the people cared for back to
 * 1900; plans, shifts and doses decades ahead) and keeps every computed date (a week's end, a
 * month's grid, a zone's offset) inside what JavaScript's Date and PostgreSQL's `date` handle.
 */
export const MIN_SUPPORTED_DATE = '1900-01-01';
export const MAX_SUPPORTED_DATE = '2100-12-31';

export const DATE_MESSAGES = {
  format: 'Enter a date as YYYY-MM-DD.',
  notReal: 'Enter a real date.',
  outOfRange: 'Enter a date between 1900 and 2100.',
  dateTimeFormat: 'Enter a date and time.',
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** Why `value` (already `YYYY-MM-DD`) is not a supported date, or null when it is one. */
function dateProblem(value: string): string | null {
  // Compared as text first: the format is fixed-width, so this is the calendar order and never
  // builds a Date out of range.
  if (value < MIN_SUPPORTED_DATE || value > MAX_SUPPORTED_DATE) return DATE_MESSAGES.outOfRange;
  const parsed = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || !parsed.toISOString().startsWith(value)) return DATE_MESSAGES.notReal;
  return null;
}

/** A calendar date `YYYY-MM-DD` that exists, between MIN_SUPPORTED_DATE and MAX_SUPPORTED_DATE. */
export const isoDateSchema = z
  .string()
  .regex(ISO_DATE, DATE_MESSAGES.format)
  .superRefine((value, ctx) => {
    const problem = dateProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A wall-clock time `YYYY-MM-DDTHH:MM` on a supported date (in the plan's zone). */
export const localDateTimeSchema = z
  .string()
  .regex(LOCAL_DATE_TIME, DATE_MESSAGES.dateTimeFormat)
  .superRefine((value, ctx) => {
    const problem = dateProblem(value.slice(0, 10));
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
