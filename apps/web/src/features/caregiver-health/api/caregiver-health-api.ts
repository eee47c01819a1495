import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaregiverSupportInput } from '@tavara/shared/caregiver-health/caregiver-support.schema';
import { api, unwrap } from '@/lib/api-client';

/** A caregiver's own requests for support (issue 20) and sending one. */
export const caregiverHealthKeys = { mine: ['caregiver-support', 'mine'] as const };

export const myRequestsQuery = () =>
  queryOptions({
    queryKey: caregiverHealthKeys.mine,
    queryFn: () => unwrap(api['caregiver-support'].requests.mine.$get()),
  });

/** Sends a request; the list of the caregiver's requests is refreshed before it settles. */
export function useSendSupportRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: CaregiverSupportInput) => unwrap(api['caregiver-support'].requests.$post({ json })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caregiverHealthKeys.mine }),
  });
}
