import { z } from 'zod';
import { codesOf, type CodeOption } from './code-option';

/** How a community member would like to take part. */
export const PARTICIPATION_MODE_OPTIONS = [
  { code: 'online', label: 'Online' },
  { code: 'in_person', label: 'In person' },
  { code: 'leadership', label: 'In a leadership role' },
  { code: 'behind_the_scenes', label: 'Behind the scenes' },
  { code: 'one_time_events', label: 'One-time events' },
  { code: 'ongoing', label: 'Ongoing commitment' },
] as const satisfies readonly CodeOption[];

export const PARTICIPATION_MODE_CODES = codesOf(PARTICIPATION_MODE_OPTIONS);
export const participationModeCodeSchema = z.enum(PARTICIPATION_MODE_CODES);
export type ParticipationModeCode = z.infer<typeof participationModeCodeSchema>;
