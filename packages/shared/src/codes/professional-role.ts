import { z } from 'zod';
import { codesOf, type CodeOption } from './code-option';

/** The eleven professional roles (spec §3, labels from the product notes). */
export const PROFESSIONAL_ROLE_OPTIONS = [
  { code: 'professional_agency', label: 'Professional Agency' },
  { code: 'licensed_nurse', label: 'Licensed Nurse (LPN/RN/BSN)' },
  { code: 'home_health_aide', label: 'Home Health Aide (HHA)' },
  { code: 'certified_nursing_assistant', label: 'Certified Nursing Assistant (CNA)' },
  { code: 'special_needs_caregiver', label: 'Special Needs Caregiver' },
  { code: 'physical_occupational_therapist', label: 'Physical / Occupational Therapist' },
  { code: 'nutritional_dietary_specialist', label: 'Nutritional & Dietary Specialist' },
  { code: 'medication_management_expert', label: 'Medication Management Expert' },
  { code: 'elderly_mobility_support', label: 'Elderly & Mobility Support' },
  { code: 'holistic_care_wellness', label: 'Holistic Care & Wellness' },
  { code: 'gapp', label: 'The Geriatric Adolescent Partnership Programme (GAPP)' },
] as const satisfies readonly CodeOption[];

export const PROFESSIONAL_ROLE_CODES = codesOf(PROFESSIONAL_ROLE_OPTIONS);
export const professionalRoleCodeSchema = z.enum(PROFESSIONAL_ROLE_CODES);
export type ProfessionalRoleCode = z.infer<typeof professionalRoleCodeSchema>;
