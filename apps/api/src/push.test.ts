import { DEFAULT_TIME_ZONE } from '@tavara/shared/care-plans/care-plans';
import { medicationInputSchema } from '@tavara/shared/medications/medications';
import { NOTIFICATION_MESSAGES as M } from '@tavara/shared/notifications/notifications';
import { Agent } from 'node:https';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from './auth/auth-secret';
import { notificationJobs, notifications, pushSubscriptions } from './db/schema/notifications';
import { createLogger } from './lib/logger';
import type { Mailer } from './lib/mailer';
import { createPushSender, endpointAllowed, pushAllowList, resolveVapidKeys } from './lib/notifications/push';
import { notify } from './lib/notifications/notify';
import { drainJobs, type WorkerDeps } from './lib/notifications/worker';
import { createPlan, send } from './testing/care-plan-requests';
import { createVerifiedUser, type TestUser } from './testing/factories';
import { localToday, medicationInput, recorded } from './testing/medication-requests';
import { startPushReceiver, type PushReceiver } from './testing/push-receiver';
import { createTestApp, type TestApp } from './testing/test-app';
import { scanDoseReminders } from './features/medications/medication-reminders';
import { createMedication } from './features/medications/medications.service';
import { localToInstant } from './domain/plan-time';

/**
 * Web Push end to end without the internet (issue 28): a local push service that really
 * decrypts RFC 8291 aes128gcm and verifies the RFC 8292 VAPID JWT; the server's subscription API
 * with its endpoint allow-list; a due dose delivered as a lock-screen-safe push; a device the push
 * service calls gone (410) removed; per-kind push preferences and the person's own detail choice.
 */

let t: TestApp;
let receiver: PushReceiver;
let deps: WorkerDeps;
let family: TestUser;
let other: TestUser;
const UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

const noMail = {
  send() {
    throw new Error('no e-mail expected here');
  },
} as unknown as Mailer;

function subscribeRequest(client: TestUser['client'], body: unknown) {
  return client.request('/api/notifications/push/subscriptions', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': UA },
    body: JSON.stringify(body),
  });
}

async function dueDoseFor(planTitle: string, day: string) {
  const planId = await createPlan(family.client, {
    title: planTitle,
    recipientName: 'Mum',
    planType: 'on_demand',
    weekdayCoverage: [],
    startDate: localToday(-30),
  });
  const input = medicationInputSchema.parse(
    medicationInput({
      name: 'Warfarin',
      startDate: day,
      schedule: { kind: 'times', times: [{ time: '08:00' }], repeat: 'daily' },
    }),
  );
  await createMedication(
    t.database.db,
    { id: family.id, role: 'family', email: family.email },
    planId,
    input,
    localToInstant(`${day}T07:00`, DEFAULT_TIME_ZONE),
  );
  await scanDoseReminders(t.database.db, localToInstant(`${day}T08:01`, DEFAULT_TIME_ZONE));
  return planId;
}

beforeAll(async () => {
  receiver = await startPushReceiver();
  t = await createTestApp({ AUTH_RATE_LIMIT_DISABLED: 'true', PUSH_ENDPOINT_ALLOWLIST: receiver.origin });
  const logger = createLogger('silent');
  deps = {
    db: t.database.db,
    mailer: noMail,
    appUrl: t.env.APP_URL,
    secret: resolveAuthSecret(t.env),
    logger,
    push: createPushSender(resolveVapidKeys(t.env), pushAllowList(t.env.PUSH_ENDPOINT_ALLOWLIST), {
      agent: new Agent({ ca: receiver.ca }),
    }),
  };
  family = await createVerifiedUser(t, { role: 'family', firstName: 'Keisha', lastName: 'Ramdass' });
  other = await createVerifiedUser(t, { role: 'family' });
  // E-mail off for the dose kinds: this file is about push.
  for (const u of [family, other]) {
    await send(u.client, 'PUT', '/api/notifications/preferences', {
      email: { dose_due: 'off', dose_missed: 'off' },
      quietHours: false,
    });
  }
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

describe('Web Push (issue 28)', () => {
  it('the public key for any client; only allowed push services are accepted (422 otherwise)', async () => {
    const key = (await (await t.client().get('/api/notifications/push/key')).json()) as { publicKey: string };
    expect(key.publicKey).toBe(resolveVapidKeys(t.env).publicKey);
    expect(Buffer.from(key.publicKey, 'base64url')).toHaveLength(65);

    const keys = receiver.subscribe().keys;
    for (const endpoint of [
      'https://evil.example.com/push/1',
      'http://169.254.169.254/latest/meta-data',
      'https://fcm.googleapis.com.evil.example/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
    ]) {
      const res = await subscribeRequest(family.client, { endpoint, keys });
      expect(res.status, endpoint).toBe(422);
      expect(await res.json()).toMatchObject({ error: { fields: { endpoint: M.pushEndpointRefused } } });
    }
    const bad = await subscribeRequest(family.client, {
      endpoint: `${receiver.origin}/push/x`,
      keys: { p256dh: 'x', auth: 'y' },
    });
    expect(bad.status).toBe(422);
    const allow = pushAllowList('');
    expect(endpointAllowed('https://fcm.googleapis.com/fcm/send/abc', allow)).toBe(true);
    expect(endpointAllowed('https://web.push.apple.com/QG9', allow)).toBe(true);
    expect(endpointAllowed('https://db5p.notify.windows.com/w/?token=1', allow)).toBe(true);
    expect(endpointAllowed('https://notify.windows.com.attacker.net/', allow)).toBe(false);
  });

  it('a due dose reaches the phone: encrypted, VAPID-signed, lock-screen safe; detail only by choice', async () => {
    const sub = receiver.subscribe();
    expect((await subscribeRequest(family.client, sub)).status).toBe(201);
    const planId = await dueDoseFor('Care for Mum', localToday(-2));
    receiver.received.length = 0;
    await drainJobs(deps);
    expect(receiver.rejected).toEqual([]);
    const [push] = receiver.received.filter((p) => p.subscription === sub.endpoint);
    expect(push).toBeDefined();
    expect(push!.payload).toEqual({
      title: 'Tavara',
      body: 'A dose is due for Mum — open Tavara',
      url: `/family/care-management/${planId}/medications`,
      tag: expect.any(String),
    });
    expect(push!.headers).toMatchObject({ 'content-encoding': 'aes128gcm', urgency: 'high' });
    expect(push!.vapid).toMatchObject({ aud: receiver.origin, publicKey: resolveVapidKeys(t.env).publicKey });
    expect(JSON.stringify(push!.payload)).not.toContain('Warfarin');

    // The person chooses detailed text for their own devices: the inbox's words.
    await send(family.client, 'PUT', '/api/notifications/preferences', {
      email: {},
      quietHours: false,
      pushDetail: true,
    });
    receiver.received.length = 0;
    await dueDoseFor('Care for Mum again', localToday(-1));
    await drainJobs(deps);
    // (Both plans' 08:00 doses that morning: the first plan's medication is daily too.)
    expect(receiver.received.map((p) => (p.payload as { body: string }).body)).toEqual([
      'Warfarin is due at 8 AM for Mum',
      'Warfarin is due at 8 AM for Mum',
    ]);
    await send(family.client, 'PUT', '/api/notifications/preferences', {
      email: {},
      quietHours: false,
      pushDetail: false,
    });

    // Push off for the kind: no push job at all.
    await send(family.client, 'PUT', '/api/notifications/preferences', {
      email: {},
      push: { dose_due: false },
      quietHours: false,
    });
    const before = (await t.database.db.select().from(notificationJobs).where(eq(notificationJobs.kind, 'push')))
      .length;
    await dueDoseFor('Care for Mum a third time', localToday(-3));
    expect((await t.database.db.select().from(notificationJobs).where(eq(notificationJobs.kind, 'push'))).length).toBe(
      before,
    );
    await send(family.client, 'PUT', '/api/notifications/preferences', {
      email: {},
      push: { dose_due: true },
      quietHours: false,
    });
  });

  it('a subscription the push service calls gone (410) is removed', async () => {
    const sub = receiver.subscribe();
    expect((await subscribeRequest(other.client, sub)).status).toBe(201);
    receiver.answer.set(sub.endpoint, 410);
    const planId = await createPlan(other.client, {
      title: 'Care for Gran',
      recipientName: 'Gran',
      planType: 'on_demand',
      weekdayCoverage: [],
      startDate: localToday(-30),
    });
    const day = localToday(-2);
    const input = medicationInputSchema.parse(
      medicationInput({
        name: 'Aspirin',
        startDate: day,
        schedule: { kind: 'times', times: [{ time: '09:00' }], repeat: 'daily' },
      }),
    );
    await createMedication(
      t.database.db,
      { id: other.id, role: 'family', email: other.email },
      planId,
      input,
      localToInstant(`${day}T07:00`, DEFAULT_TIME_ZONE),
    );
    await scanDoseReminders(t.database.db, localToInstant(`${day}T09:01`, DEFAULT_TIME_ZONE));
    await drainJobs(deps);
    expect(
      await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint)),
    ).toEqual([]);
  });

  it('devices: a person lists and removes only their own; another person’s device is not found', async () => {
    const sub = receiver.subscribe();
    const created = await subscribeRequest(family.client, sub);
    expect(created.status).toBe(201);
    const listed = (await (
      await family.client.get(`/api/notifications/push/devices?endpoint=${encodeURIComponent(sub.endpoint)}`)
    ).json()) as { devices: Array<{ id: string; label: string; thisDevice: boolean }> };
    const mine = listed.devices.find((d) => d.thisDevice)!;
    expect(mine.label).toBe('Chrome on Android');
    expect(
      ((await (await other.client.get('/api/notifications/push/devices')).json()) as { devices: unknown[] }).devices,
    ).toEqual([]);
    expect((await send(other.client, 'DELETE', `/api/notifications/push/devices/${mine.id}`)).status).toBe(404);
    // The browser unsubscribing itself, by endpoint: another person's DELETE leaves it.
    expect(
      (await send(other.client, 'DELETE', '/api/notifications/push/subscriptions', { endpoint: sub.endpoint })).status,
    ).toBe(204);
    expect(
      await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint)),
    ).toHaveLength(1);
    expect((await send(family.client, 'DELETE', `/api/notifications/push/devices/${mine.id}`)).status).toBe(204);
    expect(
      await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint)),
    ).toEqual([]);
  });

  it('doses due at one moment are one push; recorded before the worker reaches it, the push is not sent', async () => {
    const carer = await createVerifiedUser(t, { role: 'family', firstName: 'Dana' });
    await send(carer.client, 'PUT', '/api/notifications/preferences', {
      email: { dose_due: 'off', dose_missed: 'off' },
      quietHours: false,
    });
    const sub = receiver.subscribe();
    expect((await subscribeRequest(carer.client, sub)).status).toBe(201);
    const planId = await createPlan(carer.client, {
      title: 'Care for Mum, three at eight',
      recipientName: 'Mum',
      planType: 'on_demand',
      weekdayCoverage: [],
      startDate: localToday(-30),
    });
    const at = (local: string) => localToInstant(local, DEFAULT_TIME_ZONE);
    const [d1, d2] = [localToday(-3), localToday(-2)];
    const ids: string[] = [];
    for (const name of ['Warfarin', 'Metformin', 'Aspirin']) {
      const input = medicationInputSchema.parse(
        medicationInput({
          name,
          startDate: d1,
          schedule: { kind: 'times', times: [{ time: '08:00' }], repeat: 'daily' },
        }),
      );
      const med = await createMedication(
        t.database.db,
        { id: carer.id, role: 'family', email: carer.email },
        planId,
        input,
        at(`${d1}T07:00`),
      );
      ids.push(med.id);
    }
    const mine = () => receiver.received.filter((p) => p.subscription === sub.endpoint);

    // Three doses at 08:00: one push, counted, naming no medicine.
    await scanDoseReminders(t.database.db, at(`${d1}T08:01`));
    await drainJobs(deps);
    expect(mine().map((p) => (p.payload as { body: string }).body)).toEqual(['3 doses are due for Mum — open Tavara']);

    // The next morning the three are recorded before the queued push goes: it is not sent.
    await scanDoseReminders(t.database.db, at(`${d2}T08:01`));
    for (const medicationId of ids) {
      await recorded(carer.client, planId, {
        medicationId,
        scheduledFor: `${d2}T08:00`,
        status: 'given',
        givenAt: `${d2}T08:05`,
      });
    }
    await drainJobs(deps);
    expect(mine()).toHaveLength(1);
    const jobs = await t.database.db
      .select({ status: notificationJobs.status })
      .from(notificationJobs)
      .innerJoin(notifications, eq(notifications.id, notificationJobs.notificationId))
      .where(
        and(
          eq(notificationJobs.kind, 'push'),
          eq(notifications.dedupeKey, `dose_due:${planId}:${at(`${d2}T08:00`).getTime()}`),
        ),
      );
    expect(jobs).toEqual([{ status: 'skipped' }]);
  });

  it('quiet hours hold a push as they hold its e-mail; an urgent one (a dose) goes at once', async () => {
    const sleeper = await createVerifiedUser(t, { role: 'family', firstName: 'Nadia' });
    expect((await subscribeRequest(sleeper.client, receiver.subscribe())).status).toBe(201);
    const at = (local: string) => localToInstant(local, DEFAULT_TIME_ZONE);
    const day = localToday(-2);
    const next = localToday(-1);
    // 22:00 in Port of Spain, quiet hours on (the default): a refill reminder waits until 07:00.
    for (const kind of ['refill_due', 'dose_due'] as const) {
      await t.database.db.transaction((tx) =>
        notify(
          tx,
          {
            kind,
            recipients: [sleeper.id],
            title: 'About Mum',
            body: '',
            link: '/family/care-management',
            dedupeKey: `quiet-${kind}-${sleeper.id}`,
            about: 'Mum',
          },
          at(`${day}T22:00`),
        ),
      );
    }
    const pushJobs = await t.database.db
      .select({ kind: notifications.kind, runAt: notificationJobs.runAt })
      .from(notificationJobs)
      .innerJoin(notifications, eq(notifications.id, notificationJobs.notificationId))
      .where(and(eq(notificationJobs.kind, 'push'), eq(notificationJobs.userId, sleeper.id)));
    expect(Object.fromEntries(pushJobs.map((j) => [j.kind, j.runAt.toISOString()]))).toEqual({
      refill_due: at(`${next}T07:00`).toISOString(),
      dose_due: at(`${day}T22:00`).toISOString(),
    });
  });
});
