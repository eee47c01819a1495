import { z } from 'zod';
import { careTypeCodeSchema } from '../codes/care-types';
import { professionalConditionExperienceCodeSchema } from '../codes/professional-condition-experience';
import { shiftCodeSchema } from '../codes/shifts';
import { ttRegionCodeSchema } from '../codes/tt-regions';
import { yearsOfExperienceCodeSchema } from '../codes/years-of-experience';
import type { MatchScore } from './score';

/**
 * Matching both ways (issue 19, items 4 and 5): what the pages send and receive. Only people who
 * chose to be found appear (a professional "listed", a family "findable"); nothing here is ever
 * padded with invented people.
 */

export const MATCHING_MESSAGES = {
  notListed: 'This professional is not listed for matching.',
  notFindable: 'This family is not open to being found.',
  familiesOnly: 'Caregiver matching is for families.',
  professionalsOnly: 'Family matching is for care professionals.',
  interestSent:
    'We have let the family know. If they would like to work with you, they will invite you to their care team.',
  interestAlready: 'You have already told this family you are interested.',
  listFirst: 'Turn on “Let families find me” first, so the family can see who you are.',
  rateRange: 'The lowest rate must not be above the highest.',
} as const;

export const MATCH_PAGE_SIZE = 20;
export const MAX_DISTANCE_KM = 200;

const money = z.coerce
  .number({ message: 'Enter an amount in dollars.' })
  .min(0, 'Enter an amount of 0 or more.')
  .max(10_000, 'Enter an amount of at most 10,000.');

/** `GET /api/matching/professionals`: filters use the shared codes. */
export const professionalFiltersSchema = z
  .object({
    careType: careTypeCodeSchema.optional(),
    condition: professionalConditionExperienceCodeSchema.optional(),
    shift: shiftCodeSchema.optional(),
    minExperience: yearsOfExperienceCodeSchema.optional(),
    region: ttRegionCodeSchema.optional(),
    maxKm: z.coerce.number().int().min(1).max(MAX_DISTANCE_KM).optional(),
    rateMin: money.optional(),
    rateMax: money.optional(),
    page: z.coerce.number().int().min(1).max(500).default(1),
  })
  .superRefine((f, ctx) => {
    if (f.rateMin !== undefined && f.rateMax !== undefined && f.rateMin > f.rateMax) {
      ctx.addIssue({ code: 'custom', path: ['rateMin'], message: MATCHING_MESSAGES.rateRange });
    }
  });
export type ProfessionalFilters = z.output<typeof professionalFiltersSchema>;

/** `GET /api/matching/families`. */
export const familyFiltersSchema = z.object({
  careType: careTypeCodeSchema.optional(),
  shift: shiftCodeSchema.optional(),
  region: ttRegionCodeSchema.optional(),
  maxKm: z.coerce.number().int().min(1).max(MAX_DISTANCE_KM).optional(),
  page: z.coerce.number().int().min(1).max(500).default(1),
});
export type FamilyFilters = z.output<typeof familyFiltersSchema>;

/** `PUT /api/matching/visibility`: listed (professional) or findable (family). */
export const matchingVisibilityInputSchema = z.object({ visible: z.boolean() });
export type MatchingVisibilityInput = z.infer<typeof matchingVisibilityInputSchema>;
export interface MatchingVisibility {
  readonly visible: boolean;
}

/** What a family's matching is computed from, for the page to show ("Matching on: …"). Labels. */
export interface MatchNeedsSummary {
  readonly careTypes: readonly string[];
  readonly schedule: readonly string[];
  readonly region: string | null;
  readonly budget: string | null;
}

/** A professional's public card: nothing a family could not see in a directory. */
export interface ProfessionalCard {
  readonly id: string;
  /** First name and initial ("Anil R."). */
  readonly displayName: string;
  readonly photoUrl: string | null;
  readonly role: string | null;
  readonly experience: string | null;
  readonly regions: readonly string[];
  readonly services: readonly string[];
  readonly conditions: readonly string[];
  readonly availability: readonly string[];
  readonly rate: string | null;
}

export interface ProfessionalMatch {
  readonly professional: ProfessionalCard;
  readonly score: MatchScore;
  /**
   * Already on one of this family's care teams (accepted) or invited to one: the card says so
   * instead of offering "Invite to my care team" again (issue 31). Absent: neither.
   */
  readonly onTeam?: 'invited' | 'accepted';
}

export interface CaregiverMatchingResponse {
  readonly needs: MatchNeedsSummary;
  readonly matches: readonly ProfessionalMatch[];
  /** How many listed professionals pass the filters. */
  readonly total: number;
  /** How many professionals are listed at all (an honest empty state). */
  readonly listed: number;
  readonly page: number;
  readonly pageSize: number;
}

/** Professionals who told this family they are interested (`GET /api/matching/interests`). */
export interface InterestedProfessional extends ProfessionalMatch {
  readonly interestedAt: string;
}

/** A findable family as a professional sees it: no names, no health details. */
export interface FamilyCard {
  /** An opaque id for "express interest"; never shown. */
  readonly id: string;
  readonly region: string | null;
  readonly careTypes: readonly string[];
  readonly schedule: readonly string[];
  readonly budget: string | null;
}

export interface FamilyMatch {
  readonly family: FamilyCard;
  readonly score: MatchScore;
  readonly interestExpressed: boolean;
}

export interface FamilyMatchingResponse {
  readonly matches: readonly FamilyMatch[];
  readonly total: number;
  readonly findable: number;
  readonly page: number;
  readonly pageSize: number;
}
