import { z } from 'zod';
import { TT_REGION_CODES, type TtRegionCode } from '../codes/tt-regions';
import type { HelpKind } from './care-circle';

/**
 * Help from the wider community (issue 30, item 3). The family shares one help request with the
 * community members of a region; they see only what `PublicHelpRequest` holds — the requester's
 * first name, the region, the kind of help and the time — never the title, notes, place, the plan
 * or anything about the person cared for. A community member offers; the family accepts (the offer
 * becomes a sign-up, one winner per slot by the database) or declines. An accepted helper sees that
 * request's place, and nothing else of the plan.
 */

export const OFFER_STATUSES = ['offered', 'accepted', 'declined', 'withdrawn'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  offered: 'Waiting for the family',
  accepted: 'Accepted',
  declined: 'The family has the help they need — thank you',
  withdrawn: 'Withdrawn',
};

/** The regions a community member helps in: at most all of them. */
export const MAX_HELP_REGIONS = 11;

export const helpRegionsInputSchema = z.object({
  regions: z
    .array(z.enum(TT_REGION_CODES, { message: 'Choose a region from the list.' }), {
      message: 'Choose the regions you can help in.',
    })
    .max(MAX_HELP_REGIONS)
    .transform((regions) => [...new Set(regions)]),
});
export type HelpRegionsInput = z.input<typeof helpRegionsInputSchema>;

/** Sharing a request with a region's community members, or (region null) taking it back. */
export const shareHelpRequestInputSchema = z.object({
  region: z.enum(TT_REGION_CODES, { message: 'Choose a region.' }).nullable(),
});
export type ShareHelpRequestInput = z.input<typeof shareHelpRequestInputSchema>;

export const COMMUNITY_HELP_MESSAGES = {
  notShared: 'This help request is not shared with the community any more.',
  notInRegion: 'This request is for another region. Add the region to yours to offer help there.',
  alreadyOffered: 'You have already offered to help with this.',
  offerGone: 'This offer is no longer open.',
  ownRequest: 'This is a request from your own care circle: sign up for it on the circle’s page.',
  onlyCommunity: 'Only community members offer help from the community page.',
} as const;

/** The whole of what a community member sees of a shared request. A test holds these exact keys. */
export interface PublicHelpRequest {
  id: string;
  firstName: string;
  region: TtRegionCode;
  kind: HelpKind;
  start: string;
  end: string;
  timeZone: string;
  myOffer: { id: string; status: OfferStatus } | null;
}

/** Keys of `PublicHelpRequest`, in order: the privacy test compares a response against them. */
export const PUBLIC_HELP_REQUEST_KEYS = [
  'id',
  'firstName',
  'region',
  'kind',
  'start',
  'end',
  'timeZone',
  'myOffer',
] as const satisfies readonly (keyof PublicHelpRequest)[];

/** The first word of a display name ("Maria Joseph" → "Maria"): all the community learns of who asks. */
export function firstNameOf(name: string | null | undefined): string {
  const first = (name ?? '').trim().split(/\s+/)[0];
  return first && first.length > 0 ? first : 'A family';
}
