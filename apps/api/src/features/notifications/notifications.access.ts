import type { AccessRow } from '../../testing/access';

/**
 * Notifications (issue 18). The inbox rows are the asker's own: another person's notification is
 * answered as not found (notifications.test.ts, "a person only ever sees their own"). Unsubscribe
 * works signed out by its signed token, for its own person and kind only (same file).
 */
const OWN = {
  file: 'notifications.test.ts',
  test: 'lists newest first; read, all read; another person’s notification is not found',
};
const PREFERENCES = {
  file: 'notifications.test.ts',
  test: 'digest: the day’s notifications go out as one mail at 07:00 local; off: none; in-app always',
};

const PUSH = {
  file: 'push.test.ts',
  test: 'devices: a person lists and removes only their own; another person’s device is not found',
};

export const accessRows: AccessRow[] = [
  { method: 'GET', path: '/api/notifications', who: 'owner', ownerTest: OWN },
  { method: 'GET', path: '/api/notifications/unread-count', who: 'owner', ownerTest: OWN },
  { method: 'POST', path: '/api/notifications/read-all', who: 'owner', ownerTest: OWN },
  { method: 'POST', path: '/api/notifications/:notificationId/read', who: 'owner', ownerTest: OWN },
  { method: 'GET', path: '/api/notifications/preferences', who: 'owner', ownerTest: PREFERENCES },
  { method: 'PUT', path: '/api/notifications/preferences', who: 'owner', ownerTest: PREFERENCES },
  { method: 'GET', path: '/api/notifications/push/key', who: 'anyone' },
  { method: 'POST', path: '/api/notifications/push/subscriptions', who: 'owner', ownerTest: PUSH },
  { method: 'DELETE', path: '/api/notifications/push/subscriptions', who: 'owner', ownerTest: PUSH },
  { method: 'GET', path: '/api/notifications/push/devices', who: 'owner', ownerTest: PUSH },
  { method: 'DELETE', path: '/api/notifications/push/devices/:deviceId', who: 'owner', ownerTest: PUSH },
  { method: 'GET', path: '/api/notifications/unsubscribe', who: 'anyone' },
  { method: 'POST', path: '/api/notifications/unsubscribe', who: 'anyone' },
  { method: 'GET', path: '/api/admin/notifications/queue', who: 'admin' },
  { method: 'POST', path: '/api/admin/notifications/jobs/:jobId/retry', who: 'admin' },
];
