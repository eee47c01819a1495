import { z } from 'zod';
import { codesOf, type CodeOption } from './code-option';

/**
 * How a family prefers to be contacted. The codes are the same as the professional list
 * (`professional-contact-method.ts`); only the wording of the phone label differs.
 */
export const FAMILY_CONTACT_METHOD_OPTIONS = [
  { code: 'phone', label: 'Phone' },
  { code: 'email', label: 'Email' },
  { code: 'whatsapp', label: 'WhatsApp' },
] as const satisfies readonly CodeOption[];

export const FAMILY_CONTACT_METHOD_CODES = codesOf(FAMILY_CONTACT_METHOD_OPTIONS);
export const familyContactMethodCodeSchema = z.enum(FAMILY_CONTACT_METHOD_CODES);
export type FamilyContactMethodCode = z.infer<typeof familyContactMethodCodeSchema>;
