import { queryOptions } from '@tanstack/react-query';
import type { CarePlanInput } from '@tavara/shared/care-plans/care-plans';
import { careKeys } from '@/domain/query-keys';
import { useRefreshingMutation } from '@/domain/refresh';
import { api, unwrap } from '@/lib/api-client';

/**
 * The care plans themselves (issue 16): create, edit, status, archive, and what a plan shows
 * under "care details". The plan and the list are read through `planQuery`/`plansQuery` in
 * `@/domain/care-plans/plan-queries` (the team and shifts features read them too).
 */

/** The family's saved registration, to prefill the person receiving care. */
export const ownRegistrationQuery = (userId: string) =>
  queryOptions({
    queryKey: ['registration', 'me', userId] as const,
    queryFn: () => unwrap(api.registration.me.$get()),
    retry: false,
  });

/** The family's care needs assessment of the person this plan is for, read-only. */
export const planAssessmentQuery = (planId: string) =>
  queryOptions({
    queryKey: careKeys.planAssessment(planId),
    queryFn: () => unwrap(api['care-plans'][':planId'].assessment.$get({ param: { planId } })),
    retry: 1,
  });

/** The family's story of the person this plan is for, read-only. */
export const planStoryQuery = (planId: string) =>
  queryOptions({
    queryKey: careKeys.planStory(planId),
    queryFn: () => unwrap(api['care-plans'][':planId'].story.$get({ param: { planId } })),
    retry: 1,
  });

export const useCreatePlan = () =>
  useRefreshingMutation('care-plan', (json: CarePlanInput) => unwrap(api['care-plans'].$post({ json: json as never })));
export const useUpdatePlan = (planId: string) =>
  useRefreshingMutation('care-plan', (json: CarePlanInput) =>
    unwrap(api['care-plans'][':planId'].$put({ param: { planId }, json: json as never })),
  );
export const useSetPlanStatus = (planId: string) =>
  useRefreshingMutation('care-plan', (status: 'active' | 'paused' | 'completed') =>
    unwrap(api['care-plans'][':planId'].status.$post({ param: { planId }, json: { status } })),
  );
export const useArchivePlan = (planId: string) =>
  useRefreshingMutation('care-plan', () => unwrap(api['care-plans'][':planId'].$delete({ param: { planId } })));
export const useRestorePlan = (planId: string) =>
  useRefreshingMutation('care-plan', () => unwrap(api['care-plans'][':planId'].restore.$post({ param: { planId } })));
