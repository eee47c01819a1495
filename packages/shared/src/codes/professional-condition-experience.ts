import { z } from 'zod';
import { codesOf, type CodeOption } from './code-option';

/** Medical conditions a care professional has experience with. */
export const PROFESSIONAL_CONDITION_EXPERIENCE_OPTIONS = [
  { code: 'alzheimers_dementia', label: "Alzheimer's / Dementia" },
  { code: 'cancer_palliative', label: 'Cancer / Palliative' },
  { code: 'parkinsons_stroke_paralysis', label: "Parkinson's / Stroke / Paralysis" },
  { code: 'special_needs', label: 'Special Needs' },
  { code: 'chronic_conditions', label: 'Chronic Conditions', subtext: 'Diabetes, heart disease, COPD' },
] as const satisfies readonly CodeOption[];

export const PROFESSIONAL_CONDITION_EXPERIENCE_CODES = codesOf(PROFESSIONAL_CONDITION_EXPERIENCE_OPTIONS);
export const professionalConditionExperienceCodeSchema = z.enum(PROFESSIONAL_CONDITION_EXPERIENCE_CODES);
export type ProfessionalConditionExperienceCode = z.infer<typeof professionalConditionExperienceCodeSchema>;
