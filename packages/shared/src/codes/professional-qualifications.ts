import { z } from 'zod';
import { codesOf, type CodeOption } from './code-option';

/** Additional qualifications a care professional can claim. */
export const PROFESSIONAL_QUALIFICATION_OPTIONS = [
  { code: 'administers_medication', label: 'Administers Medication' },
  { code: 'light_housekeeping', label: 'Light Housekeeping' },
  { code: 'provides_transportation', label: 'Provides Transportation' },
  { code: 'handles_medical_equipment', label: 'Handles Medical Equipment' },
  { code: 'has_liability_insurance', label: 'Has Liability Insurance' },
  { code: 'has_background_check', label: 'Has Recent Background Check' },
] as const satisfies readonly CodeOption[];

export const PROFESSIONAL_QUALIFICATION_CODES = codesOf(PROFESSIONAL_QUALIFICATION_OPTIONS);
export const professionalQualificationCodeSchema = z.enum(PROFESSIONAL_QUALIFICATION_CODES);
export type ProfessionalQualificationCode = z.infer<typeof professionalQualificationCodeSchema>;
