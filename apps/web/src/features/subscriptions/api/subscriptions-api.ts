import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminInterestResponse, MySubscription, PlanCode } from '@tavara/shared/subscriptions/subscriptions';
import { useRefreshingMutation } from '@/domain/refresh';
import { api, unwrap } from '@/lib/api-client';

/** The person's plan and registered interest; the admins' list of who asked (issue 19, item 6). */
export const subscriptionKeys = {
  all: ['subscription'] as const,
  mine: (userId: string) => ['subscription', userId] as const,
  admin: ['subscription', 'admin'] as const,
};

export const mySubscriptionQuery = (userId: string | null) =>
  queryOptions({
    queryKey: subscriptionKeys.mine(userId ?? ''),
    queryFn: (): Promise<MySubscription> => unwrap(api.subscription.$get()),
    enabled: userId !== null,
    retry: 1,
  });
export const useMySubscription = (userId: string | null) => useQuery(mySubscriptionQuery(userId));

export function useInterest(userId: string | null) {
  const queryClient = useQueryClient();
  return useRefreshingMutation(
    'subscription',
    ({ planCode, withdraw }: { planCode: PlanCode; withdraw: boolean }) =>
      (withdraw
        ? unwrap(api.subscription.interest[':planCode'].$delete({ param: { planCode } }))
        : unwrap(api.subscription.interest.$post({ json: { planCode } }))) as Promise<MySubscription>,
    {
      // The answer is the person's subscription: written at once, then everything read again unwaited.
      onSuccess: (data) =>
        queryClient.setQueryData(subscriptionKeys.mine(userId ?? ''), {
          currentPlan: data.currentPlan,
          interests: data.interests,
        }),
      alsoRefresh: [subscriptionKeys.all],
      waitForRefresh: false,
    },
  );
}

export const adminInterestQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: subscriptionKeys.admin,
    queryFn: (): Promise<AdminInterestResponse> => unwrap(api.admin['subscription-interest'].$get()),
    enabled,
    retry: 1,
  });
export const useAdminInterest = (enabled: boolean) => useQuery(adminInterestQuery(enabled));
