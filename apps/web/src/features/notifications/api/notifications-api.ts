import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferencesInput } from '@tavara/shared/notifications/notifications';
import { useRefreshingMutation } from '@/domain/refresh';
import { api, unwrap } from '@/lib/api-client';

/**
 * Notifications (issue 18) as TanStack Query hooks. The bell polls the cheap count every 30 s
 * while the page is in front and never in the background; the list loads when the panel opens.
 */
/**
 * The bell polls at most this often while the page is in front, and not at all behind. Here, not
 * in the shared notifications module: only the bell reads it, and importing that module's values
 * brought zod and every notification schema into each signed-in page's start (issue 35).
 */
export const UNREAD_POLL_MS = 30_000;

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

export const unreadCountQuery = () =>
  queryOptions({
    queryKey: notificationKeys.count(),
    queryFn: () => unwrap(api.notifications['unread-count'].$get()),
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    // A failed poll keeps the last number; the next poll tries again.
    retry: false,
    placeholderData: keepPreviousData,
  });
export const useUnreadCount = () => useQuery(unreadCountQuery());

export const notificationListQuery = (enabled: boolean) =>
  queryOptions({ queryKey: notificationKeys.list(), queryFn: fetchList, enabled, retry: 1 });
export const useNotificationList = (enabled: boolean) => useQuery(notificationListQuery(enabled));

/** The count is written from the answer at once; the list is read again without being waited for. */
export function useMarkRead() {
  const client = useQueryClient();
  return useRefreshingMutation(
    'notifications',
    (notificationId: string) => unwrap(api.notifications[':notificationId'].read.$post({ param: { notificationId } })),
    {
      alsoRefresh: [notificationKeys.list()],
      onSuccess: ({ unread }) => client.setQueryData(notificationKeys.count(), { unread }),
      waitForRefresh: false,
    },
  );
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useRefreshingMutation('notifications', () => unwrap(api.notifications['read-all'].$post()), {
    alsoRefresh: [notificationKeys.list()],
    onSuccess: () => client.setQueryData(notificationKeys.count(), { unread: 0 }),
    waitForRefresh: false,
  });
}

export const preferencesQuery = () =>
  queryOptions({ queryKey: notificationKeys.preferences(), queryFn: fetchPreferences, retry: 1 });
export const usePreferences = () => useQuery(preferencesQuery());

/** The saved preferences are the answer: written into the cache, nothing read again. */
export function useSavePreferences() {
  const client = useQueryClient();
  return useRefreshingMutation(
    'notifications',
    (input: NotificationPreferencesInput) => unwrap(api.notifications.preferences.$put({ json: input })),
    { onSuccess: (saved) => client.setQueryData(notificationKeys.preferences(), saved) },
  );
}

export const unsubscribeInfoQuery = (token: string) =>
  queryOptions({
    queryKey: notificationKeys.unsubscribe(token),
    queryFn: () => unwrap(api.notifications.unsubscribe.$get({ query: { token } })),
    enabled: token.length > 0,
    retry: false,
  });
export const useUnsubscribeInfo = (token: string) => useQuery(unsubscribeInfoQuery(token));

/** From an e-mail's link, often signed out: the page shows the answer; nothing cached changes. */
export const useUnsubscribe = () =>
  useRefreshingMutation('notifications', (token: string) =>
    unwrap(api.notifications.unsubscribe.$post({ query: { token } })),
  );

// ——— Web Push devices (issue 28) ———

export const pushKeys = {
  all: ['notifications', 'push-devices'] as const,
  devices: (endpoint: string | null) => ['notifications', 'push-devices', endpoint ?? ''] as const,
};

/** The person's devices that get push; `endpoint` (this browser's, if subscribed) marks this one. */
export const pushDevicesQuery = (endpoint: string | null, enabled: boolean) =>
  queryOptions({
    queryKey: pushKeys.devices(endpoint),
    queryFn: () => unwrap(api.notifications.push.devices.$get({ query: endpoint ? { endpoint } : {} })),
    enabled,
    retry: 1,
  });
export const usePushDevices = (endpoint: string | null, enabled: boolean) =>
  useQuery(pushDevicesQuery(endpoint, enabled));

export async function fetchPushKey(): Promise<string> {
  return (await unwrap(api.notifications.push.key.$get())).publicKey;
}

/** The device lists are read again without being waited for. */
export const useSubscribePush = () =>
  useRefreshingMutation(
    'notifications',
    (subscription: PushSubscriptionJSON) =>
      unwrap(
        api.notifications.push.subscriptions.$post({
          json: {
            endpoint: subscription.endpoint ?? '',
            keys: { p256dh: subscription.keys?.p256dh ?? '', auth: subscription.keys?.auth ?? '' },
          },
        }),
      ),
    { alsoRefresh: [pushKeys.all], waitForRefresh: false },
  );

export const useRemovePushDevice = () =>
  useRefreshingMutation(
    'notifications',
    async (deviceId: string) => {
      // 204 has no body: only a refusal is read (unwrap turns it, or a lost connection, into the error).
      let res: Response;
      try {
        res = await api.notifications.push.devices[':deviceId'].$delete({ param: { deviceId } });
      } catch {
        return unwrap(Promise.reject(new Error('offline')));
      }
      if (!res.ok) await unwrap(Promise.resolve(res as never));
    },
    { alsoRefresh: [pushKeys.all], waitForRefresh: false },
  );
