import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { TeamRole } from '@tavara/shared/care-team/team-members';
import type {
  CaregiverMatchingResponse,
  FamilyMatchingResponse,
  InterestedProfessional,
  MatchingVisibility,
} from '@tavara/shared/matching/matching';
import { useRefreshingMutation } from '@/domain/refresh';
import { api, unwrap } from '@/lib/api-client';

/**
 * Matching requests (issue 19). Keys carry the viewer, so one person's matches never show for
 * another on a shared phone; filters are part of the key (a change is a new, cached request).
 */
export const matchingKeys = {
  all: ['matching'] as const,
  visibility: (viewer: string) => ['matching', 'visibility', { viewer }] as const,
  professionals: (viewer: string, filters: Record<string, string>) =>
    ['matching', 'professionals', { viewer, ...filters }] as const,
  interests: (viewer: string) => ['matching', 'interests', { viewer }] as const,
  families: (viewer: string, filters: Record<string, string>) =>
    ['matching', 'families', { viewer, ...filters }] as const,
  plans: (viewer: string) => ['matching', 'plans', { viewer }] as const,
};

export const matchingVisibilityQuery = (viewer: string) =>
  queryOptions({
    queryKey: matchingKeys.visibility(viewer),
    queryFn: (): Promise<MatchingVisibility> => unwrap(api.matching.visibility.$get()),
  });

/** The answer is the new visibility: written at once, then every matching view is read again. */
export function useSetMatchingVisibility(viewer: string) {
  const client = useQueryClient();
  return useRefreshingMutation(
    'matching',
    (visible: boolean): Promise<MatchingVisibility> => unwrap(api.matching.visibility.$put({ json: { visible } })),
    {
      alsoRefresh: [matchingKeys.all],
      onSuccess: (data) => client.setQueryData(matchingKeys.visibility(viewer), data),
    },
  );
}

/** The listed professionals for a family, best match first (another page or filter keeps the last on screen). */
export const caregiverMatchesQuery = (viewer: string, filters: Record<string, string>) =>
  queryOptions({
    queryKey: matchingKeys.professionals(viewer, filters),
    queryFn: (): Promise<CaregiverMatchingResponse> => unwrap(api.matching.professionals.$get({ query: filters })),
    placeholderData: keepPreviousData,
  });

/** The professionals who told this family they are interested. */
export const interestsQuery = (viewer: string) =>
  queryOptions({
    queryKey: matchingKeys.interests(viewer),
    queryFn: async (): Promise<InterestedProfessional[]> =>
      (await unwrap(api.matching.interests.$get())).interests as InterestedProfessional[],
  });

/** The findable families for a professional, best match first. */
export const familyMatchesQuery = (viewer: string, filters: Record<string, string>) =>
  queryOptions({
    queryKey: matchingKeys.families(viewer, filters),
    queryFn: (): Promise<FamilyMatchingResponse> => unwrap(api.matching.families.$get({ query: filters })),
    placeholderData: keepPreviousData,
  });

export const useExpressInterest = (viewer: string) =>
  useRefreshingMutation(
    'matching',
    (familyId: string) => unwrap(api.matching.families[':familyId'].interest.$post({ param: { familyId } })),
    [matchingKeys.families(viewer, {})],
  );

/** The family's own active care plans, to choose which one to invite a professional to. */
export const ownPlansQuery = (viewer: string) =>
  queryOptions({
    queryKey: matchingKeys.plans(viewer),
    queryFn: async () => {
      const { plans } = await unwrap(api['care-plans'].$get());
      return plans
        .filter((plan) => plan.archivedAt === null)
        .map((plan) => ({ id: plan.id, title: plan.title, recipientName: plan.recipientName }));
    },
  });

/** The care plan's own invitation (care-plans API): the matched professional joins as `teamRole`. */
/** The plan's team changed (`REFRESHES['care-team']`). */
export const useInviteToPlan = () =>
  useRefreshingMutation(
    'care-team',
    ({ planId, professionalId, teamRole }: { planId: string; professionalId: string; teamRole: TeamRole }) =>
      unwrap(
        api['care-plans'][':planId'].invitations.$post({
          param: { planId },
          json: { kind: 'professional', professionalId, teamRole },
        }),
      ),
  );
