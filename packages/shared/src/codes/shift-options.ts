import { codesOf, type CodeOption } from './code-option';

/** Days of the week, Sunday first to match `Date#getUTCDay()`. */
export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const MON_FRI = ['mon', 'tue', 'wed', 'thu', 'fri'] as const satisfies readonly Weekday[];
const SAT_SUN = ['sat', 'sun'] as const satisfies readonly Weekday[];

/**
 * One shift of the canonical list. `days` are the days a shift *starts* on; `startTime` and
 * `endTime` are 24-hour local times (`HH:MM`). An `overnight` shift ends on the day after it starts.
 * Shifts without fixed hours (flexible, live-in, custom) have no days or times; `custom` asks the
 * person to describe the hours in a text field.
 */
export interface ShiftOption extends CodeOption {
  readonly kind: 'fixed' | 'flexible' | 'live_in' | 'custom';
  readonly days: readonly Weekday[];
  readonly startTime: string | null;
  readonly endTime: string | null;
  readonly overnight: boolean;
}

/**
 * ONE list of shifts for the chat, the forms, care plans and matching (product notes, lesson 2).
 * The notes list "Mon–Fri 6 PM–8 AM" twice (as a weekday night and a weekday evening shift); it is
 * one shift, so it has one code.
 */
export const SHIFT_OPTIONS = [
  {
    code: 'weekday_8am_4pm',
    label: 'Monday – Friday, 8 AM – 4 PM',
    kind: 'fixed',
    days: MON_FRI,
    startTime: '08:00',
    endTime: '16:00',
    overnight: false,
  },
  {
    code: 'weekday_8am_6pm',
    label: 'Monday – Friday, 8 AM – 6 PM',
    kind: 'fixed',
    days: MON_FRI,
    startTime: '08:00',
    endTime: '18:00',
    overnight: false,
  },
  {
    code: 'weekday_6am_6pm',
    label: 'Monday – Friday, 6 AM – 6 PM',
    kind: 'fixed',
    days: MON_FRI,
    startTime: '06:00',
    endTime: '18:00',
    overnight: false,
  },
  {
    code: 'weekday_6pm_8am',
    label: 'Monday – Friday, 6 PM – 8 AM (overnight)',
    kind: 'fixed',
    days: MON_FRI,
    startTime: '18:00',
    endTime: '08:00',
    overnight: true,
  },
  {
    code: 'weekend_6am_6pm',
    label: 'Saturday – Sunday, 6 AM – 6 PM',
    kind: 'fixed',
    days: SAT_SUN,
    startTime: '06:00',
    endTime: '18:00',
    overnight: false,
  },
  {
    code: 'weekend_8am_6pm',
    label: 'Saturday – Sunday, 8 AM – 6 PM',
    kind: 'fixed',
    days: SAT_SUN,
    startTime: '08:00',
    endTime: '18:00',
    overnight: false,
  },
  {
    code: 'weekday_4pm_6am',
    label: 'Weekday evenings, 4 PM – 6 AM',
    kind: 'fixed',
    days: MON_FRI,
    startTime: '16:00',
    endTime: '06:00',
    overnight: true,
  },
  {
    code: 'weekday_4pm_8am',
    label: 'Weekday evenings, 4 PM – 8 AM',
    kind: 'fixed',
    days: MON_FRI,
    startTime: '16:00',
    endTime: '08:00',
    overnight: true,
  },
  {
    code: 'weekday_6pm_6am',
    label: 'Weekday evenings, 6 PM – 6 AM',
    kind: 'fixed',
    days: MON_FRI,
    startTime: '18:00',
    endTime: '06:00',
    overnight: true,
  },
  {
    code: 'flexible',
    label: 'Flexible / On-Demand',
    kind: 'flexible',
    days: [],
    startTime: null,
    endTime: null,
    overnight: false,
  },
  {
    code: 'live_in',
    label: 'Live-In Care',
    kind: 'live_in',
    days: [],
    startTime: null,
    endTime: null,
    overnight: false,
  },
  {
    code: 'other',
    label: 'Other (custom hours)',
    kind: 'custom',
    days: [],
    startTime: null,
    endTime: null,
    overnight: false,
  },
] as const satisfies readonly ShiftOption[];

export const SHIFT_CODES = codesOf(SHIFT_OPTIONS);
export type ShiftCode = (typeof SHIFT_CODES)[number];

/** The shift with `code`, or `undefined` for an unknown code. */
export function getShiftOption(code: string): ShiftOption | undefined {
  return SHIFT_OPTIONS.find((shift) => shift.code === code);
}
