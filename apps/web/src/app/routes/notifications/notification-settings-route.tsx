import { NotificationSettingsPage } from '@/features/notifications/components/notification-settings-page';

/** /settings/notifications */
export default function NotificationSettingsRoute() {
  return <NotificationSettingsPage />;
}
