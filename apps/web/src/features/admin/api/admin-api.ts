import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@tavara/shared/roles';
import type { SupportRequestStatus } from '@tavara/shared/support/contact-request.schema';
import { useRefreshingMutation } from '@/domain/refresh';
import { api, ApiError, unwrap } from '@/lib/api-client';
import type { QueryData } from '@/lib/query-data';
import { toast } from '@/lib/toast';

/**
 * The admin area's requests (issue 8). Keys are hierarchical under ['admin'], so a change
 * (a role, a deletion, a status) can refresh everything it touches in one invalidation.
 */
export const adminKeys = {
  all: ['admin'] as const,
  users: (filters: { search: string; role: Role | ''; page: number }) => ['admin', 'users', filters] as const,
  auditLog: (page: number) => ['admin', 'audit-log', { page }] as const,
  featureVotes: ['admin', 'feature-votes'] as const,
  supportRequests: (filters: { status: SupportRequestStatus | ''; page: number }) =>
    ['admin', 'support-requests', filters] as const,
  supportRequest: (id: string) => ['admin', 'support-request', { id }] as const,
  notificationQueue: ['admin', 'notification-queue'] as const,
  moderation: ['admin', 'moderation'] as const,
  documents: ['admin', 'documents'] as const,
};

/** The notification queue (issue 18): depth by status and the failed e-mails with their errors. */
export const notificationQueueQuery = () =>
  queryOptions({
    queryKey: adminKeys.notificationQueue,
    queryFn: () => unwrap(api.admin.notifications.queue.$get()),
    refetchInterval: 30_000,
    refetchIntervalInBackground: false,
  });
export const useNotificationQueue = () => useQuery(notificationQueueQuery());
export type NotificationQueue = QueryData<typeof notificationQueueQuery>;

export const adminUsersQuery = (filters: { search: string; role: Role | ''; page: number }) =>
  queryOptions({
    queryKey: adminKeys.users(filters),
    queryFn: () =>
      unwrap(
        api.admin.users.$get({
          query: {
            page: String(filters.page),
            ...(filters.search ? { search: filters.search } : {}),
            ...(filters.role ? { role: filters.role } : {}),
          },
        }),
      ),
    // The table keeps the last page while the next one loads: no jump to an empty state.
    placeholderData: keepPreviousData,
  });
export const useAdminUsers = (filters: { search: string; role: Role | ''; page: number }) =>
  useQuery(adminUsersQuery(filters));
export type AdminUsersPage = QueryData<typeof adminUsersQuery>;
export type AdminUser = AdminUsersPage['users'][number];

export const auditLogQuery = (page: number) =>
  queryOptions({
    queryKey: adminKeys.auditLog(page),
    queryFn: () => unwrap(api.admin['audit-log'].$get({ query: { page: String(page) } })),
    placeholderData: keepPreviousData,
  });
export const useAuditLog = (page: number) => useQuery(auditLogQuery(page));
export type AuditEntry = QueryData<typeof auditLogQuery>['entries'][number];

export const featureVotesQuery = queryOptions({
  queryKey: adminKeys.featureVotes,
  queryFn: () => unwrap(api.admin['feature-votes'].$get()),
});
export type FeatureVoteStats = Awaited<ReturnType<NonNullable<typeof featureVotesQuery.queryFn>>>;

export const supportRequestsQuery = (filters: { status: SupportRequestStatus | ''; page: number }) =>
  queryOptions({
    queryKey: adminKeys.supportRequests(filters),
    queryFn: () =>
      unwrap(
        api.support.requests.$get({
          query: { page: String(filters.page), ...(filters.status ? { status: filters.status } : {}) },
        }),
      ),
    placeholderData: keepPreviousData,
  });
export const useSupportRequests = (filters: { status: SupportRequestStatus | ''; page: number }) =>
  useQuery(supportRequestsQuery(filters));

export const supportRequestQuery = (id: string | null) =>
  queryOptions({
    queryKey: adminKeys.supportRequest(id ?? ''),
    queryFn: async () => (await unwrap(api.support.requests[':id'].$get({ param: { id: id! } }))).request,
    enabled: id !== null,
  });
export const useSupportRequest = (id: string | null) => useQuery(supportRequestQuery(id));

/** The URL of a support request's screenshot (admins only; the server checks). */
export const supportScreenshotUrl = (id: string) => `/api/support/requests/${encodeURIComponent(id)}/screenshot`;

/** A mutation that refreshes the admin area afterwards and shows the server's message on failure. */
function useAdminMutation<Input, Output>(
  run: (input: Input) => Promise<Output>,
  success: (output: Output, input: Input) => string,
) {
  return useRefreshingMutation('admin', run, {
    alsoRefresh: [adminKeys.all],
    onSuccess: (output, input) => {
      toast.success(success(output, input));
    },
    onError: (error) => {
      // A 422's per-field messages are shown beside the form's fields (applyFieldErrors), not here.
      const fieldMessages = error instanceof ApiError && Object.keys(error.fields ?? {}).some((name) => name !== '_');
      if (!fieldMessages) toast.error(error.message);
    },
    // Also after a failure: a 404 means the row is gone, and the list should say so.
    refreshOnError: true,
  });
}

export function useChangeRole() {
  return useAdminMutation(
    (input: { user: AdminUser; role: Role }) =>
      unwrap(api.admin.users[':userId'].role.$patch({ param: { userId: input.user.id }, json: { role: input.role } })),
    (_output, input) =>
      `${input.user.name || input.user.email} is now ${input.role === 'admin' ? 'an admin' : `a ${input.role} user`}.`,
  );
}

export function useDeleteUser() {
  return useAdminMutation(
    (user: AdminUser) => unwrap(api.admin.users[':userId'].$delete({ param: { userId: user.id } })),
    (_output, user) => `The account of ${user.name || user.email} has been deleted.`,
  );
}

export function useSetSupportStatus() {
  return useAdminMutation(
    (input: { id: string; status: SupportRequestStatus }) =>
      unwrap(api.support.requests[':id'].$patch({ param: { id: input.id }, json: { status: input.status } })),
    (_output, input) =>
      input.status === 'resolved'
        ? 'Marked as resolved.'
        : input.status === 'in_progress'
          ? 'Marked as in progress.'
          : 'Reopened.',
  );
}

/** A reply to a support request (issue 20): the sender sees it with their request and is notified. */
export function useReplyToSupport() {
  return useAdminMutation(
    (input: { id: string; body: string }) =>
      unwrap(api.support.requests[':id'].replies.$post({ param: { id: input.id }, json: { body: input.body } })),
    () => 'Reply sent.',
  );
}

export function useRetryNotificationJob() {
  return useAdminMutation(
    (jobId: number) => unwrap(api.admin.notifications.jobs[':jobId'].retry.$post({ param: { jobId: String(jobId) } })),
    () => 'The e-mail is back in the queue.',
  );
}

/** The message boards' moderation queue (issue 20): posts with open reports, with their reasons. */
export const moderationQueueQuery = () =>
  queryOptions({
    queryKey: adminKeys.moderation,
    queryFn: () => unwrap(api.admin['board-reports'].$get()),
  });
export const useModerationQueue = () => useQuery(moderationQueueQuery());
export type ModerationItem = QueryData<typeof moderationQueueQuery>['items'][number];

/** Hide, restore or dismiss: the queue and the audit log refresh together. */
export const useModeratePost = () =>
  useRefreshingMutation(
    'admin',
    ({ id, action }: { id: string; action: 'hide' | 'restore' | 'dismiss' }) =>
      unwrap(api.admin['board-posts'][':id'].moderation.$post({ param: { id }, json: { action } })),
    [adminKeys.all],
  );

/** Professionals' documents waiting for a check (issue 20). */
export const documentsToVerifyQuery = () =>
  queryOptions({
    queryKey: adminKeys.documents,
    queryFn: () => unwrap(api.admin['professional-documents'].$get({ query: { status: 'unverified' } })),
  });
export const useDocumentsToVerify = () => useQuery(documentsToVerifyQuery());

export const useVerifyDocument = () =>
  useRefreshingMutation(
    'admin',
    (id: string) =>
      unwrap(
        api.admin['professional-documents'][':id'].verification.$post({ param: { id }, json: { verified: true } }),
      ),
    [adminKeys.all],
  );
