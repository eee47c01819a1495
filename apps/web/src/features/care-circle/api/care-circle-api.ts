import { queryOptions } from '@tanstack/react-query';
import type { CircleInvitationInput, HelpRequestInput } from '@tavara/shared/care-circle/care-circle';
import type { TtRegionCode } from '@tavara/shared/codes/tt-region-options';
import { careKeys } from '@/domain/query-keys';
import { useRefreshingMutation } from '@/domain/refresh';
import { api, unwrap } from '@/lib/api-client';

/**
 * A plan's care circle and help requests (issue 30): the village page's data, a person's circles
 * and invitations, their own help, and every change to them (through the refresh map).
 */
const fetchCircle = (planId: string) => unwrap(api['care-plans'][':planId'].circle.$get({ param: { planId } }));
export type CircleView = Awaited<ReturnType<typeof fetchCircle>>;
export type CircleMember = CircleView['members'][number];

export const circleQuery = (planId: string) =>
  queryOptions({ queryKey: careKeys.village.circle(planId), queryFn: () => fetchCircle(planId), retry: false });

const fetchHelp = (planId: string, when: 'upcoming' | 'past') =>
  unwrap(api['care-plans'][':planId']['help-requests'].$get({ param: { planId }, query: { when } }));
export type HelpList = Awaited<ReturnType<typeof fetchHelp>>;
export type HelpRequest = HelpList['requests'][number];

export const helpRequestsQuery = (planId: string, when: 'upcoming' | 'past') =>
  queryOptions({ queryKey: careKeys.village.help(planId, when), queryFn: () => fetchHelp(planId, when), retry: 1 });

export const myCirclesQuery = () =>
  queryOptions({ queryKey: careKeys.village.mine(), queryFn: () => unwrap(api.circles.$get()), retry: 1 });

export const helpTasksQuery = () =>
  queryOptions({ queryKey: careKeys.village.tasks(), queryFn: () => unwrap(api['help-tasks'].$get()), retry: 1 });

export const useInviteToCircle = (planId: string) =>
  useRefreshingMutation('care-circle', (json: CircleInvitationInput) =>
    unwrap(api['care-plans'][':planId'].circle.invitations.$post({ param: { planId }, json: json as never })),
  );
export const useEndCircleMembership = (planId: string) =>
  useRefreshingMutation('care-circle', (memberId: string) =>
    unwrap(api['care-plans'][':planId'].circle[':memberId'].$delete({ param: { planId, memberId } })),
  );
export const useAnswerCircleInvitation = () =>
  useRefreshingMutation('care-circle', ({ id, answer }: { id: string; answer: 'accept' | 'decline' }) =>
    unwrap(
      answer === 'accept'
        ? api['circle-invitations'][':invitationId'].accept.$post({ param: { invitationId: id } })
        : api['circle-invitations'][':invitationId'].decline.$post({ param: { invitationId: id } }),
    ),
  );

export const usePostHelpRequest = (planId: string) =>
  useRefreshingMutation('care-circle', (json: HelpRequestInput) =>
    unwrap(api['care-plans'][':planId']['help-requests'].$post({ param: { planId }, json: json as never })),
  );
export const useCancelHelpRequest = () =>
  useRefreshingMutation('care-circle', (requestId: string) =>
    unwrap(api['help-requests'][':requestId'].cancel.$post({ param: { requestId } })),
  );
export const useSignUp = () =>
  useRefreshingMutation('care-circle', (requestId: string) =>
    unwrap(api['help-requests'][':requestId'].signups.$post({ param: { requestId } })),
  );
export const useCancelSignup = () =>
  useRefreshingMutation('care-circle', ({ signupId, note }: { signupId: string; note: string }) =>
    unwrap(api['help-signups'][':signupId'].cancel.$post({ param: { signupId }, json: { note } })),
  );
export const useMarkDone = () =>
  useRefreshingMutation('care-circle', (signupId: string) =>
    unwrap(api['help-signups'][':signupId'].done.$post({ param: { signupId } })),
  );
export const useThank = () =>
  useRefreshingMutation('care-circle', ({ signupId, message }: { signupId: string; message: string }) =>
    unwrap(api['help-signups'][':signupId'].thanks.$post({ param: { signupId }, json: { message } })),
  );

// ——— help from the wider community (item 3) ———

const fetchCommunityRequests = () => unwrap(api.community['help-requests'].$get());
export type PublicRequest = Awaited<ReturnType<typeof fetchCommunityRequests>>['requests'][number];
export const communityRequestsQuery = () =>
  queryOptions({ queryKey: careKeys.village.community(), queryFn: fetchCommunityRequests, retry: 1 });

const fetchMyOffers = () => unwrap(api.community.help.$get());
export type MyOffer = Awaited<ReturnType<typeof fetchMyOffers>>['offers'][number];
export const myOffersQuery = () =>
  queryOptions({ queryKey: careKeys.village.offers(), queryFn: fetchMyOffers, retry: 1 });

export const useSetHelpRegions = () =>
  useRefreshingMutation('care-circle', (regions: TtRegionCode[]) =>
    unwrap(api.community['help-regions'].$put({ json: { regions } })),
  );
export const useOfferHelp = () =>
  useRefreshingMutation('care-circle', (requestId: string) =>
    unwrap(api['help-requests'][':requestId'].offers.$post({ param: { requestId } })),
  );
export const useWithdrawOffer = () =>
  useRefreshingMutation('care-circle', (offerId: string) =>
    unwrap(api['help-offers'][':offerId'].withdraw.$post({ param: { offerId } })),
  );
export const useShareHelpRequest = () =>
  useRefreshingMutation('care-circle', ({ requestId, region }: { requestId: string; region: TtRegionCode | null }) =>
    unwrap(api['help-requests'][':requestId'].public.$put({ param: { requestId }, json: { region } })),
  );
export const useAnswerOffer = () =>
  useRefreshingMutation('care-circle', ({ offerId, answer }: { offerId: string; answer: 'accept' | 'decline' }) =>
    unwrap(
      answer === 'accept'
        ? api['help-offers'][':offerId'].accept.$post({ param: { offerId } })
        : api['help-offers'][':offerId'].decline.$post({ param: { offerId } }),
    ),
  );
