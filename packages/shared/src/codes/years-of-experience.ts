import { z } from 'zod';
import { codesOf, type CodeOption } from './code-option';

/** Years of caregiving experience, as ranges. `minYears` lets matching compare ranges. */
export const YEARS_OF_EXPERIENCE_OPTIONS = [
  { code: 'years_0_1', label: '0–1 years', minYears: 0 },
  { code: 'years_1_3', label: '1–3 years', minYears: 1 },
  { code: 'years_3_5', label: '3–5 years', minYears: 3 },
  { code: 'years_5_10', label: '5–10 years', minYears: 5 },
  { code: 'years_10_plus', label: '10+ years', minYears: 10 },
] as const satisfies readonly (CodeOption & { readonly minYears: number })[];

export const YEARS_OF_EXPERIENCE_CODES = codesOf(YEARS_OF_EXPERIENCE_OPTIONS);
export const yearsOfExperienceCodeSchema = z.enum(YEARS_OF_EXPERIENCE_CODES);
export type YearsOfExperienceCode = z.infer<typeof yearsOfExperienceCodeSchema>;
