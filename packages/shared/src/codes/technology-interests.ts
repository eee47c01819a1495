import { z } from 'zod';
import { codesOf, type CodeOption } from './code-option';

/** Kinds of care technology a community member is interested in. */
export const TECHNOLOGY_INTEREST_OPTIONS = [
  { code: 'caregiver_apps', label: 'Caregiver Mobile Apps' },
  { code: 'health_wearables', label: 'Health Wearables & Monitors' },
  { code: 'telehealth', label: 'Telehealth Solutions' },
  { code: 'smart_home', label: 'Smart Home Technology' },
  { code: 'ai_machine_learning', label: 'AI & Machine Learning for Care' },
  { code: 'accessibility_technology', label: 'Accessibility Technology' },
] as const satisfies readonly CodeOption[];

export const TECHNOLOGY_INTEREST_CODES = codesOf(TECHNOLOGY_INTEREST_OPTIONS);
export const technologyInterestCodeSchema = z.enum(TECHNOLOGY_INTEREST_CODES);
export type TechnologyInterestCode = z.infer<typeof technologyInterestCodeSchema>;
