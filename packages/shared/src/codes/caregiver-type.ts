import { z } from 'zod';
import { codesOf, type CodeOption } from './code-option';

/** The kind of caregiver a family would prefer. */
export const CAREGIVER_TYPE_OPTIONS = [
  { code: 'licensed_nurse', label: 'Licensed Nurse' },
  { code: 'certified_caregiver', label: 'Certified Caregiver' },
  { code: 'any_qualified', label: 'Any Qualified Caregiver' },
  { code: 'other', label: 'Other' },
] as const satisfies readonly CodeOption[];

export const CAREGIVER_TYPE_CODES = codesOf(CAREGIVER_TYPE_OPTIONS);
export const caregiverTypeCodeSchema = z.enum(CAREGIVER_TYPE_CODES);
export type CaregiverTypeCode = z.infer<typeof caregiverTypeCodeSchema>;
