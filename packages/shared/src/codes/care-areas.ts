import { z } from 'zod';
import { codesOf, type CodeOption } from './code-option';

/** Areas of care a community member cares about. */
export const CARE_AREA_OPTIONS = [
  { code: 'elderly_care', label: 'Elderly Care' },
  { code: 'childcare', label: 'Childcare' },
  { code: 'special_needs_care', label: 'Special Needs Care' },
  { code: 'disability_support', label: 'Disability Support' },
  { code: 'mental_health_support', label: 'Mental Health Support' },
  { code: 'chronic_illness_management', label: 'Chronic Illness Management' },
  { code: 'palliative_care', label: 'Palliative/End-of-Life Care' },
] as const satisfies readonly CodeOption[];

export const CARE_AREA_CODES = codesOf(CARE_AREA_OPTIONS);
export const careAreaCodeSchema = z.enum(CARE_AREA_CODES);
export type CareAreaCode = z.infer<typeof careAreaCodeSchema>;
