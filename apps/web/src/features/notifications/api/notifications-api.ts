import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UNREAD_POLL_MS, type NotificationPreferencesInput } from '@tavara/shared/notifications/notifications';
import { api, unwrap } from '@/lib/api-client';

/**
 * Notifications (issue 18) as TanStack Query hooks. The bell polls the cheap count every 30 s
 * while the page is in front and never in the background; the list loads when the panel opens.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  count: () => ['notifications', 'count'] as const,
  list: () => ['notifications', 'list'] as const,
  preferences: () => ['notifications', 'preferences'] as const,
  unsubscribe: (token: string) => ['notifications', 'unsubscribe', token] as const,
};

const fetchList = () => unwrap(api.notifications.$get({ query: {} }));
export type NotificationList = Awaited<ReturnType<typeof fetchList>>;
const fetchPreferences = () => unwrap(api.notifications.preferences.$get());
export type NotificationPreferences = Awaited<ReturnType<typeof fetchPreferences>>;

export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.count(),
    queryFn: () => unwrap(api.notifications['unread-count'].$get()),
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    // A failed poll keeps the last number; the next poll tries again.
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export function useNotificationList(enabled: boolean) {
  return useQuery({ queryKey: notificationKeys.list(), queryFn: fetchList, enabled, retry: 1 });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string) =>
      unwrap(api.notifications[':notificationId'].read.$post({ param: { notificationId } })),
    onSuccess: ({ unread }) => {
      client.setQueryData(notificationKeys.count(), { unread });
      void client.invalidateQueries({ queryKey: notificationKeys.list() });
    },
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.notifications['read-all'].$post()),
    onSuccess: () => {
      client.setQueryData(notificationKeys.count(), { unread: 0 });
      void client.invalidateQueries({ queryKey: notificationKeys.list() });
    },
  });
}

export function usePreferences() {
  return useQuery({ queryKey: notificationKeys.preferences(), queryFn: fetchPreferences, retry: 1 });
}

export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferencesInput) => unwrap(api.notifications.preferences.$put({ json: input })),
    onSuccess: (saved) => client.setQueryData(notificationKeys.preferences(), saved),
  });
}

export function useUnsubscribeInfo(token: string) {
  return useQuery({
    queryKey: notificationKeys.unsubscribe(token),
    queryFn: () => unwrap(api.notifications.unsubscribe.$get({ query: { token } })),
    enabled: token.length > 0,
    retry: false,
  });
}

export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => unwrap(api.notifications.unsubscribe.$post({ query: { token } })),
  });
}
