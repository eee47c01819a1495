import { z } from 'zod';
import { codesOf, type CodeOption } from './code-option';

/**
 * How a care professional prefers to be contacted. Same codes as the family list
 * (`family-contact-method.ts`): "Phone Call" and "Phone" are both `phone`.
 */
export const PROFESSIONAL_CONTACT_METHOD_OPTIONS = [
  { code: 'phone', label: 'Phone Call' },
  { code: 'whatsapp', label: 'WhatsApp' },
  { code: 'email', label: 'Email' },
] as const satisfies readonly CodeOption[];

export const PROFESSIONAL_CONTACT_METHOD_CODES = codesOf(PROFESSIONAL_CONTACT_METHOD_OPTIONS);
export const professionalContactMethodCodeSchema = z.enum(PROFESSIONAL_CONTACT_METHOD_CODES);
export type ProfessionalContactMethodCode = z.infer<typeof professionalContactMethodCodeSchema>;
