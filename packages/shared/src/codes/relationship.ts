import { z } from 'zod';
import { codesOf, type CodeOption } from './code-option';

/**
 * How the person registering is related to the care recipient. The spec lists Parent … Other;
 * the family form adds Grandparent and Legal Guardian, so the chat offers them too (product notes).
 */
export const RELATIONSHIP_OPTIONS = [
  { code: 'parent', label: 'Parent' },
  { code: 'spouse', label: 'Spouse' },
  { code: 'child', label: 'Child' },
  { code: 'sibling', label: 'Sibling' },
  { code: 'friend', label: 'Friend' },
  { code: 'grandparent', label: 'Grandparent' },
  { code: 'legal_guardian', label: 'Legal Guardian' },
  { code: 'other', label: 'Other' },
] as const satisfies readonly CodeOption[];

export const RELATIONSHIP_CODES = codesOf(RELATIONSHIP_OPTIONS);
export const relationshipCodeSchema = z.enum(RELATIONSHIP_CODES);
export type RelationshipCode = z.infer<typeof relationshipCodeSchema>;
