import { QueryClientProvider } from '@tanstack/react-query';
import NotificationBell from '@/features/notifications/components/notification-bell';
import { queryClient } from './query-cache';

/**
 * The bell, joined to the app's data cache here because the navigation bar (components/) never
 * imports a feature. Loaded lazily for signed-in people only.
 */
export default function NotificationBellSlot() {
  return (
    <QueryClientProvider client={queryClient}>
      <NotificationBell />
    </QueryClientProvider>
  );
}
