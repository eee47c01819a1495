import { z } from 'zod';
import { codesOf, type CodeOption } from './code-option';

/** Ways a community member can contribute. */
export const CONTRIBUTION_OPTIONS = [
  { code: 'sharing_resources', label: 'Sharing Resources & Information' },
  { code: 'organizing_events', label: 'Organizing Community Events' },
  { code: 'running_support_groups', label: 'Running Support Groups' },
  { code: 'mentoring_caregivers', label: 'Mentoring New Caregivers' },
  { code: 'advocacy_awareness', label: 'Advocacy & Awareness Campaigns' },
  { code: 'fundraising', label: 'Fundraising for Caregiver Causes' },
  { code: 'technology_solutions', label: 'Technology Solutions for Caregiving' },
  { code: 'educational_programs', label: 'Educational Programs & Workshops' },
] as const satisfies readonly CodeOption[];

export const CONTRIBUTION_CODES = codesOf(CONTRIBUTION_OPTIONS);
export const contributionCodeSchema = z.enum(CONTRIBUTION_CODES);
export type ContributionCode = z.infer<typeof contributionCodeSchema>;
