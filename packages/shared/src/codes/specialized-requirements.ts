import { z } from 'zod';
import { codesOf, type CodeOption } from './code-option';

/** Specialised support a care recipient needs beyond the care types. */
export const SPECIALIZED_REQUIREMENT_OPTIONS = [
  { code: 'supervision_24_7', label: '24/7 Supervision' },
  { code: 'nurse_level_medical', label: 'Nurse-Level Medical Assistance' },
  { code: 'special_diet', label: 'Special Diet / Nutritional Needs' },
  { code: 'transportation', label: 'Transportation to Appointments' },
  { code: 'language_specific_care', label: 'Sign Language / Language-Specific Care' },
] as const satisfies readonly CodeOption[];

export const SPECIALIZED_REQUIREMENT_CODES = codesOf(SPECIALIZED_REQUIREMENT_OPTIONS);
export const specializedRequirementCodeSchema = z.enum(SPECIALIZED_REQUIREMENT_CODES);
export type SpecializedRequirementCode = z.infer<typeof specializedRequirementCodeSchema>;
