import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCertificate, AdminTrainingStats } from '@tavara/shared/training/training';
import { useRefreshingMutation } from '@/domain/refresh';
import { api, unwrap } from '@/lib/api-client';

/**
 * The admin side of training (issue 21): figures per module, certificates, revoking one and
 * allowing a new one after a revocation (both audited).
 */
export const adminTrainingKeys = {
  /** The whole admin area (the overview's figures count certificates too). */
  all: ['admin'] as const,
  stats: ['admin', 'training', 'stats'] as const,
  certificates: (page: number) => ['admin', 'training', 'certificates', { page }] as const,
};

export const adminTrainingStatsQuery = () =>
  queryOptions({
    queryKey: adminTrainingKeys.stats,
    queryFn: (): Promise<AdminTrainingStats> => unwrap(api.admin.training.stats.$get()),
  });
export const useAdminTrainingStats = () => useQuery(adminTrainingStatsQuery());

export const adminCertificatesQuery = (page: number) =>
  queryOptions({
    queryKey: adminTrainingKeys.certificates(page),
    queryFn: (): Promise<{ certificates: AdminCertificate[]; total: number; page: number; pageSize: number }> =>
      unwrap(api.admin.training.certificates.$get({ query: { page: String(page) } })),
    placeholderData: keepPreviousData,
  });
export const useAdminCertificates = (page: number) => useQuery(adminCertificatesQuery(page));

export const useRevokeCertificate = () =>
  useRefreshingMutation(
    'admin',
    (input: { id: string; reason: string }) =>
      unwrap(
        api.admin.training.certificates[':certificateId'].revoke.$post({
          param: { certificateId: input.id },
          json: { reason: input.reason },
        }),
      ),
    [adminTrainingKeys.all],
  );

/** Lifts the hold a revocation puts on the person, so they can get a new certificate (new code). */
export const useAllowReissue = () =>
  useRefreshingMutation(
    'admin',
    (id: string) =>
      unwrap(
        api.admin.training.certificates[':certificateId']['allow-reissue'].$post({ param: { certificateId: id } }),
      ),
    [adminTrainingKeys.all],
  );
