import { queryOptions } from '@tanstack/react-query';
import type { CaregiverSupportInput } from '@tavara/shared/caregiver-health/caregiver-support.schema';
import { useRefreshingMutation } from '@/domain/refresh';
import { api, unwrap } from '@/lib/api-client';

/** A caregiver's own requests for support (issue 20) and sending one. */
export const caregiverHealthKeys = { mine: ['caregiver-support', 'mine'] as const };

export const myRequestsQuery = () =>
  queryOptions({
    queryKey: caregiverHealthKeys.mine,
    queryFn: () => unwrap(api['caregiver-support'].requests.mine.$get()),
  });

/** Sends a request; the list of the caregiver's requests is refreshed before it settles. */
export const useSendSupportRequest = () =>
  useRefreshingMutation(
    'caregiver-health',
    (json: CaregiverSupportInput) => unwrap(api['caregiver-support'].requests.$post({ json })),
    [caregiverHealthKeys.mine],
  );
