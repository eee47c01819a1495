import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@tavara/shared/roles';
import type { SupportRequestStatus } from '@tavara/shared/support/contact-request.schema';
import { api, unwrap } from '@/lib/api-client';
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
};

export function useAdminUsers(filters: { search: string; role: Role | ''; page: number }) {
  return useQuery({
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
}
export type AdminUsersPage = NonNullable<ReturnType<typeof useAdminUsers>['data']>;
export type AdminUser = AdminUsersPage['users'][number];

export function useAuditLog(page: number) {
  return useQuery({
    queryKey: adminKeys.auditLog(page),
    queryFn: () => unwrap(api.admin['audit-log'].$get({ query: { page: String(page) } })),
    placeholderData: keepPreviousData,
  });
}
export type AuditEntry = NonNullable<ReturnType<typeof useAuditLog>['data']>['entries'][number];

export const featureVotesQuery = queryOptions({
  queryKey: adminKeys.featureVotes,
  queryFn: () => unwrap(api.admin['feature-votes'].$get()),
});
export type FeatureVoteStats = Awaited<ReturnType<NonNullable<typeof featureVotesQuery.queryFn>>>;

export function useSupportRequests(filters: { status: SupportRequestStatus | ''; page: number }) {
  return useQuery({
    queryKey: adminKeys.supportRequests(filters),
    queryFn: () =>
      unwrap(
        api.support.requests.$get({
          query: { page: String(filters.page), ...(filters.status ? { status: filters.status } : {}) },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useSupportRequest(id: string | null) {
  return useQuery({
    queryKey: adminKeys.supportRequest(id ?? ''),
    queryFn: async () => (await unwrap(api.support.requests[':id'].$get({ param: { id: id! } }))).request,
    enabled: id !== null,
  });
}

/** The URL of a support request's screenshot (admins only; the server checks). */
export const supportScreenshotUrl = (id: string) => `/api/support/requests/${encodeURIComponent(id)}/screenshot`;

/** A mutation that refreshes the admin area afterwards and shows the server's message on failure. */
function useAdminMutation<Input, Output>(
  run: (input: Input) => Promise<Output>,
  success: (output: Output, input: Input) => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (output, input) => {
      toast.success(success(output, input));
    },
    onError: (error) => {
      toast.error(error.message);
    },
    // Also after a failure: a 404 means the row is gone, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
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
