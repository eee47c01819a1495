import type { APIRequestContext } from '@playwright/test';
import { APP_URL } from '../auth/accounts';
import { expect } from '../fixtures';

/**
 * Quiet hours off for the signed-in user of `request`: mail then goes out at once whatever hour
 * the suite runs at (quiet hours, 21:00–07:00 in Trinidad and Tobago, have their own API tests).
 */
export async function turnOffQuietHours(request: APIRequestContext) {
  const res = await request.put('/api/notifications/preferences', {
    headers: { origin: APP_URL },
    data: { email: {}, quietHours: false },
  });
  expect(res.ok(), await res.text()).toBe(true);
}
