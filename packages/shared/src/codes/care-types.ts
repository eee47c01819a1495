import { z } from 'zod';
import { codesOf, type CodeOption } from './code-option';

/**
 * The nine groups of care, with examples as subtext. Families choose the care they need and
 * professionals the services they give from the same codes, so matching compares like with like.
 */
export const CARE_TYPE_OPTIONS = [
  { code: 'in_home_care', label: 'In-Home Care', subtext: 'Daily, nighttime, weekend, live-in' },
  {
    code: 'medical_support',
    label: 'Medical Support',
    subtext: 'Post-surgery, chronic condition management, hospice',
  },
  { code: 'therapeutic_support', label: 'Therapeutic Support', subtext: 'Physical, occupational, speech therapy' },
  {
    code: 'special_needs_support',
    label: 'Child or Special Needs Support',
    subtext: 'Autism, ADHD, learning disabilities',
  },
  { code: 'cognitive_memory_care', label: 'Cognitive & Memory Care', subtext: "Alzheimer's, dementia, Parkinson's" },
  { code: 'mobility_assistance', label: 'Mobility Assistance', subtext: 'Wheelchair, bed-bound, fall prevention' },
  {
    code: 'medication_management',
    label: 'Medication Management',
    subtext: 'Daily medications, insulin, medical equipment',
  },
  {
    code: 'nutritional_assistance',
    label: 'Nutritional Assistance',
    subtext: 'Meal prep, special diets, tube feeding',
  },
  { code: 'household_assistance', label: 'Household Assistance', subtext: 'Cleaning, laundry, errands, yard' },
] as const satisfies readonly CodeOption[];

export const CARE_TYPE_CODES = codesOf(CARE_TYPE_OPTIONS);
export const careTypeCodeSchema = z.enum(CARE_TYPE_CODES);
export type CareTypeCode = z.infer<typeof careTypeCodeSchema>;
