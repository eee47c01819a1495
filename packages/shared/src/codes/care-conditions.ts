import { z } from 'zod';
import { codesOf, type CodeOption } from './code-option';

/** Conditions the care recipient lives with (family side), with examples as subtext. */
export const CARE_CONDITION_OPTIONS = [
  { code: 'cognitive_disorders', label: 'Cognitive Disorders', subtext: "Alzheimer's, Dementia, Parkinson's" },
  { code: 'physical_disabilities', label: 'Physical Disabilities', subtext: 'Stroke, paralysis, ALS, MS' },
  { code: 'chronic_illness', label: 'Chronic Illness', subtext: 'Diabetes, heart disease, cancer, kidney disease' },
  {
    code: 'special_needs',
    label: 'Special Needs (Child or Adult)',
    subtext: 'Autism, Down syndrome, cerebral palsy, ADHD',
  },
  { code: 'medical_equipment', label: 'Medical Equipment Use', subtext: 'Oxygen, ventilator, catheter, feeding tube' },
  { code: 'vision_hearing_impairment', label: 'Vision or Hearing Impairment' },
] as const satisfies readonly CodeOption[];

export const CARE_CONDITION_CODES = codesOf(CARE_CONDITION_OPTIONS);
export const careConditionCodeSchema = z.enum(CARE_CONDITION_CODES);
export type CareConditionCode = z.infer<typeof careConditionCodeSchema>;
