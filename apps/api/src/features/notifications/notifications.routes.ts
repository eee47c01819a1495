import {
  notificationPreferencesInputSchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeInputSchema,
} from '@tavara/shared/notifications/notifications';
import { allow } from '../../auth/allow';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import type { Database } from '../../db/client';
import { validate } from '../../lib/validate';
import type { PushAllowList } from '../../lib/notifications/push';
import * as service from './notifications.service';
import * as push from './push-subscriptions.service';

/** Own rows only: the test that shows another user's are out of reach (auth/allow.ts). */
const OWN_LISTS_NEWEST_FIRST = {
  file: 'notifications.test.ts',
  test: 'lists newest first; read, all read; another person’s notification is not found',
};

/** Own rows only: the test that shows another user's are out of reach (auth/allow.ts). */
const OWN_DIGEST_THE_DAY = {
  file: 'notifications.test.ts',
  test: 'digest: the day’s notifications go out as one mail at 07:00 local; off: none; in-app always',
};

/** Own rows only: the test that shows another user's are out of reach (auth/allow.ts). */
const OWN_DEVICES_A_PERSON = {
  file: 'push.test.ts',
  test: 'devices: a person lists and removes only their own; another person’s device is not found',
};

const idParam = z.object({ notificationId: z.string().min(1).max(100) });
const jobParam = z.object({ jobId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
const listQuery = z.object({ before: z.string().max(100).optional() });
const tokenQuery = z.object({ token: z.string().min(1).max(400) });
const deviceParam = z.object({ deviceId: z.string().min(1).max(100) });
const devicesQuery = z.object({ endpoint: z.string().max(2_000).optional() });

/**
 * Notifications (issue 18). The inbox routes read and change the asker's own rows only (another
 * person's notification is "not found"); the unsubscribe routes are reached by their signed token
 * alone, signed out, as RFC 8058 asks; the queue routes are the admin's.
 *
 * - `GET  /notifications?before=` — `{ items, hasMore, unread }`, newest first
 * - `GET  /notifications/unread-count` — `{ unread }` (the bell polls this)
 * - `POST /notifications/:notificationId/read` · `POST /notifications/read-all`
 * - `GET/PUT /notifications/preferences` — e-mail per kind (now, digest, off) and quiet hours
 * - `GET/POST /notifications/unsubscribe?token=` — what the token stops / stop it (one click)
 * - `GET  /admin/notifications/queue` · `POST /admin/notifications/jobs/:jobId/retry` (audited)
 * - Web Push (issue 28): `GET /notifications/push/key` — `{ publicKey }` (anyone: it is public);
 *   `POST /notifications/push/subscriptions` with the browser's PushSubscription JSON → 201
 *   (422 for a push service not on the allow-list); `DELETE` the same path with `{ endpoint }` → 204;
 *   `GET /notifications/push/devices?endpoint=` (the asker's, this browser's marked) and
 *   `DELETE /notifications/push/devices/:deviceId`.
 */
export function notificationRoutes(deps: {
  db: Database;
  secret: string;
  push: { publicKey: string; allow: PushAllowList };
}) {
  const { db, secret } = deps;
  const noStore = createMiddleware(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  return (
    new Hono<AppBindings>()
      .get('/notifications', allow.own(OWN_LISTS_NEWEST_FIRST), noStore, validate('query', listQuery), async (c) => {
        return c.json(await service.listNotifications(db, c.get('user').id, c.req.valid('query').before));
      })
      .get('/notifications/unread-count', allow.own(OWN_LISTS_NEWEST_FIRST), noStore, async (c) => {
        return c.json({ unread: await service.unreadCount(db, c.get('user').id) });
      })
      .post('/notifications/read-all', allow.own(OWN_LISTS_NEWEST_FIRST), async (c) => {
        return c.json(await service.markAllRead(db, c.get('user').id));
      })
      .get('/notifications/preferences', allow.own(OWN_DIGEST_THE_DAY), noStore, async (c) => {
        return c.json(await service.getPreferences(db, c.get('user').id));
      })
      .put(
        '/notifications/preferences',
        allow.own(OWN_DIGEST_THE_DAY),
        validate('json', notificationPreferencesInputSchema),
        async (c) => {
          return c.json(await service.savePreferences(db, c.get('user').id, c.req.valid('json')));
        },
      )
      .get('/notifications/push/key', allow('anyone'), (c) => c.json({ publicKey: deps.push.publicKey }))
      .post(
        '/notifications/push/subscriptions',
        allow.own(OWN_DEVICES_A_PERSON),
        validate('json', pushSubscriptionInputSchema),
        async (c) => {
          const body = c.req.valid('json');
          const answer = await push.subscribe(db, c.get('user').id, body, deps.push.allow, c.req.header('user-agent'));
          return c.json(answer, 201);
        },
      )
      .delete(
        '/notifications/push/subscriptions',
        allow.own(OWN_DEVICES_A_PERSON),
        validate('json', pushUnsubscribeInputSchema),
        async (c) => {
          await push.unsubscribeEndpoint(db, c.get('user').id, c.req.valid('json').endpoint);
          return c.body(null, 204);
        },
      )
      .get(
        '/notifications/push/devices',
        allow.own(OWN_DEVICES_A_PERSON),
        noStore,
        validate('query', devicesQuery),
        async (c) => {
          return c.json(await push.listDevices(db, c.get('user').id, c.req.valid('query').endpoint));
        },
      )
      .delete(
        '/notifications/push/devices/:deviceId',
        allow.own(OWN_DEVICES_A_PERSON),
        validate('param', deviceParam),
        async (c) => {
          await push.removeDevice(db, c.get('user').id, c.req.valid('param').deviceId);
          return c.body(null, 204);
        },
      )
      .get('/notifications/unsubscribe', allow('anyone'), noStore, validate('query', tokenQuery), async (c) => {
        return c.json(service.describeUnsubscribe(secret, c.req.valid('query').token));
      })
      // RFC 8058: the mail app POSTs `List-Unsubscribe=One-Click` to the header's URL, no cookies;
      // the unsubscribe page posts here too. The token in the URL is the whole authority.
      .post('/notifications/unsubscribe', allow('anyone'), validate('query', tokenQuery), async (c) => {
        return c.json(await service.unsubscribe(db, secret, c.req.valid('query').token));
      })
      .post(
        '/notifications/:notificationId/read',
        allow.own(OWN_LISTS_NEWEST_FIRST),
        validate('param', idParam),
        async (c) => {
          return c.json(await service.markRead(db, c.get('user').id, c.req.valid('param').notificationId));
        },
      )
      .get('/admin/notifications/queue', allow.admin(), noStore, async (c) => {
        return c.json(await service.queueOverview(db));
      })
      .post('/admin/notifications/jobs/:jobId/retry', allow.admin(), validate('param', jobParam), async (c) => {
        return c.json(await service.retryJob(db, c.get('user'), c.req.valid('param').jobId));
      })
  );
}
