import { queryOptions } from '@tanstack/react-query';
import type { InvitationInput } from '@tavara/shared/care-team/care-team';
import { careKeys } from '@/domain/query-keys';
import { useRefreshingMutation } from '@/domain/refresh';
import { api, unwrap } from '@/lib/api-client';

/**
 * A plan's care team (issue 16): invitations, the professionals a family can invite, leaving or
 * removing someone, and a professional's view of a plan they are on (the assignment).
 */
const fetchAssignment = (planId: string) => unwrap(api.professional.assignments[':planId'].$get({ param: { planId } }));
export type Assignment = Awaited<ReturnType<typeof fetchAssignment>>;

export const assignmentQuery = (planId: string) =>
  queryOptions({ queryKey: careKeys.assignment(planId), queryFn: () => fetchAssignment(planId), retry: false });

/** The invitations waiting for the signed-in person's answer. */
export const invitationsQuery = () =>
  queryOptions({ queryKey: careKeys.invitations(), queryFn: () => unwrap(api.invitations.$get()), retry: 1 });

export const professionalSearchQuery = (q: string, region: string, careType: string) =>
  queryOptions({
    queryKey: careKeys.professionals(q, region, careType),
    queryFn: () =>
      unwrap(
        api['care-plans'].professionals.$get({
          query: { ...(q ? { q } : {}), ...(region ? { region } : {}), ...(careType ? { careType } : {}) },
        }),
      ),
    staleTime: 30_000,
  });

export const useInvite = (planId: string) =>
  useRefreshingMutation('care-team', (json: InvitationInput) =>
    unwrap(api['care-plans'][':planId'].invitations.$post({ param: { planId }, json: json as never })),
  );
export const useEndMembership = (planId: string) =>
  useRefreshingMutation('care-team', (memberId: string) =>
    unwrap(api['care-plans'][':planId'].members[':memberId'].$delete({ param: { planId, memberId } })),
  );
export const useAnswerInvitation = () =>
  useRefreshingMutation('care-team', ({ id, answer }: { id: string; answer: 'accept' | 'decline' }) =>
    unwrap(
      answer === 'accept'
        ? api.invitations[':invitationId'].accept.$post({ param: { invitationId: id } })
        : api.invitations[':invitationId'].decline.$post({ param: { invitationId: id } }),
    ),
  );
