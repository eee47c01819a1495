import { z } from 'zod';
import { codesOf, type CodeOption } from './code-option';

/** Roles a community member can take in the village. */
export const COMMUNITY_ROLE_OPTIONS = [
  { code: 'community_volunteer', label: 'Community Volunteer' },
  { code: 'community_organizer', label: 'Community Organizer' },
  { code: 'caregiver_advocate', label: 'Patient/Caregiver Advocate' },
  { code: 'educator_trainer', label: 'Educator/Trainer' },
  { code: 'support_group_leader', label: 'Support Group Leader' },
  { code: 'resource_provider', label: 'Resource Provider' },
  { code: 'technology_innovator', label: 'Technology Innovator' },
  { code: 'researcher', label: 'Researcher' },
] as const satisfies readonly CodeOption[];

export const COMMUNITY_ROLE_CODES = codesOf(COMMUNITY_ROLE_OPTIONS);
export const communityRoleCodeSchema = z.enum(COMMUNITY_ROLE_CODES);
export type CommunityRoleCode = z.infer<typeof communityRoleCodeSchema>;
