import { NOTIFICATION_MESSAGES as M, type PushSubscriptionInput } from '@tavara/shared/notifications/notifications';
import Bowser from 'bowser';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pushSubscriptions } from '../../db/schema/notifications';
import { AppError } from '../../lib/app-error';
import { endpointAllowed, type PushAllowList } from '../../lib/notifications/push';

/**
 * A person's Web Push devices (issue 28). A browser's endpoint belongs to that browser: when
 * someone else signs in on it and allows notifications, the row moves to them (one device, one
 * person's alerts). Only push-service hosts on the allow-list are stored (422 otherwise), so a
 * subscription can never point the server at an arbitrary URL.
 */

/** "Chrome on Android": what the device list calls a subscription. */
export function deviceLabel(userAgent: string | undefined): string {
  if (!userAgent) return 'A browser';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name ?? 'A browser';
  const os = parsed.os.name;
  return os ? `${browser} on ${os}` : browser;
}

function deviceView(row: typeof pushSubscriptions.$inferSelect, currentEndpoint?: string) {
  return {
    id: row.id,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
    thisDevice: currentEndpoint !== undefined && row.endpoint === currentEndpoint,
  };
}

export async function subscribe(
  db: Database,
  userId: string,
  input: PushSubscriptionInput,
  allow: PushAllowList,
  userAgent: string | undefined,
) {
  if (!endpointAllowed(input.endpoint, allow)) {
    throw new AppError('validation_failed', M.pushEndpointRefused, { endpoint: M.pushEndpointRefused });
  }
  const values = {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    label: deviceLabel(userAgent),
  };
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: values.p256dh, auth: values.auth, label: values.label, createdAt: new Date() },
    })
    .returning();
  return { device: deviceView(row!, input.endpoint) };
}

/** The browser unsubscribing itself: by its endpoint, and only the asker's own row. */
export async function unsubscribeEndpoint(db: Database, userId: string, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
}

export async function listDevices(db: Database, userId: string, currentEndpoint?: string) {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt));
  return { devices: rows.map((r) => deviceView(r, currentEndpoint)) };
}

/** Removes one of the asker's devices from the list; another person's id is not found. */
export async function removeDevice(db: Database, userId: string, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('not_found', M.deviceNotFound);
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (rows.length === 0) throw new AppError('not_found', M.deviceNotFound);
}
