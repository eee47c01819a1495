import { DEFAULT_TIME_ZONE } from '@tavara/shared/care-plans/care-plans';
import type { NotificationItem } from '@tavara/shared/notifications/notifications';
import { formatTimeIn } from '@tavara/shared/time/relative';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from '../../auth/auth-secret';
import { shifts } from '../../db/schema/care-plans';
import { notificationJobs, notifications } from '../../db/schema/notifications';
import { createLogger } from '../../lib/logger';
import { createMailer } from '../../lib/mailer';
import { scanShiftsNotCheckedIn } from '../../lib/notifications/scans';
import { drainJobs } from '../../lib/notifications/worker';
import { addProfessional, createPlan, send } from '../../testing/care-plan-requests';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import { localToday } from '../../testing/medication-requests';
import { startSmtpCatcher } from '../../testing/smtp-catcher';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';
import { instantToLocal as localOf } from '../../domain/plan-time';

/**
 * "Nobody has checked in" only when it is true (issue 28), with the scan's clock injected: a
 * shift taken after its start is not alerted; one booked before its start is, once, and the
 * check-in resolves it — the inbox says so and the alert's waiting e-mail is not sent.
 */

let t: TestApp;
let family: TestUser;
let pro: TestUser;
let planId: string;

const MINUTE = 60_000;
const local = (instant: Date) => localOf(instant, DEFAULT_TIME_ZONE);

async function inbox(client: TestClient) {
  return ((await (await client.get('/api/notifications')).json()) as { items: NotificationItem[] }).items;
}

async function addShift(start: Date, hours: number): Promise<string> {
  const res = await send(family.client, 'POST', `/api/care-plans/${planId}/shifts`, {
    start: local(start),
    end: local(new Date(start.getTime() + hours * 60 * MINUTE)),
    note: null,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { shift: { id: string } }).shift.id;
}

async function alertRows(shiftId: string) {
  return t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.dedupeKey, `shift_not_checked_in:${shiftId}`));
}

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_DISABLED: 'true' });
  family = await createVerifiedUser(t, { role: 'family', firstName: 'Keisha', lastName: 'Ramdass' });
  pro = await createVerifiedUser(t, { role: 'professional', firstName: 'Marcus', lastName: 'Joseph' });
  planId = await createPlan(family.client, {
    title: 'Care for Mum',
    planType: 'on_demand',
    weekdayCoverage: [],
    startDate: localToday(-7),
  });
  await addProfessional(family.client, planId, pro);
});
afterAll(() => t.close());

describe('missed check-in alerts (issue 28)', () => {
  it('a shift taken two hours after it started is not a missed check-in, however late the scan', async () => {
    // Started two hours ago (whole minutes, as the form sends), open until now; Marcus takes it.
    const start = new Date(Math.floor((Date.now() - 120 * MINUTE) / MINUTE) * MINUTE);
    const shiftId = await addShift(start, 3);
    expect((await send(pro.client, 'POST', `/api/shifts/${shiftId}/claim`)).status).toBe(200);
    for (const after of [0, 1, 16, 60]) {
      await scanShiftsNotCheckedIn(t.database.db, new Date(Date.now() + after * MINUTE));
    }
    expect(await alertRows(shiftId)).toEqual([]);
  });

  it('a shift booked before its start: told once 15 minutes after; the check-in resolves it and its waiting mail is cancelled', async () => {
    const start = new Date(Math.floor((Date.now() + 120 * MINUTE) / MINUTE) * MINUTE);
    const shiftId = await addShift(start, 8);
    const assigned = await send(family.client, 'POST', `/api/shifts/${shiftId}/assign`, {
      userId: pro.id,
      mode: 'assign',
    });
    expect(assigned.status).toBe(200);

    expect(await scanShiftsNotCheckedIn(t.database.db, new Date(start.getTime() + 14 * MINUTE))).toBe(0);
    expect(await scanShiftsNotCheckedIn(t.database.db, new Date(start.getTime() + 16 * MINUTE))).toBe(2);
    expect(await scanShiftsNotCheckedIn(t.database.db, new Date(start.getTime() + 40 * MINUTE))).toBe(0);
    const rows = await alertRows(shiftId);
    expect(rows).toHaveLength(2);
    // Worded with the start's time of day, never a stored "15 minutes ago".
    const family1 = rows.find((r) => r.userId === family.id)!;
    expect(family1.title).toBe(
      `Nobody has checked in for the ${formatTimeIn(start, DEFAULT_TIME_ZONE)} shift on Care for Mum`,
    );
    expect(family1.body).not.toMatch(/minutes ago/);
    // Their e-mails wait in the queue (the scan ran "at" start + 16 minutes, still ahead of now).
    const jobs = () =>
      t.database.db
        .select({ status: notificationJobs.status })
        .from(notificationJobs)
        .where(
          inArray(
            notificationJobs.notificationId,
            rows.map((r) => r.id),
          ),
        );
    expect((await jobs()).map((j) => j.status)).toEqual(['queued', 'queued']);

    // Marcus checks in: both alerts are resolved in the same transaction, and say how.
    expect((await send(pro.client, 'POST', `/api/shifts/${shiftId}/check-in`)).status).toBe(200);
    const [shift] = await t.database.db.select().from(shifts).where(eq(shifts.id, shiftId));
    const words = `Marcus Joseph checked in at ${formatTimeIn(shift!.checkedInAt!, DEFAULT_TIME_ZONE)}`;
    const item = (await inbox(family.client)).find(
      (n) => n.kind === 'shift_not_checked_in' && n.eventAt === start.toISOString(),
    );
    expect(item).toMatchObject({ resolution: words });
    expect(item!.resolvedAt).not.toBeNull();
    expect((await jobs()).map((j) => j.status)).toEqual(['skipped', 'skipped']);
  });

  it('a shift made the day before but given to its caregiver after it started is not a missed check-in', async () => {
    // Made yesterday for a start 30 minutes ago (as if booked then), assigned by the owner only now.
    const start = new Date(Math.floor((Date.now() - 30 * MINUTE) / MINUTE) * MINUTE);
    const shiftId = await addShift(new Date(start.getTime() + 24 * 60 * MINUTE), 4);
    await t.database.db
      .update(shifts)
      .set({
        startsAt: start,
        endsAt: new Date(start.getTime() + 4 * 60 * MINUTE),
        localDate: local(start).slice(0, 10),
        createdAt: new Date(start.getTime() - 24 * 60 * MINUTE),
      })
      .where(eq(shifts.id, shiftId));
    // Another caregiver: Marcus already has the shift running now (the first test).
    const late = await createVerifiedUser(t, { role: 'professional', firstName: 'Ravi', lastName: 'Singh' });
    await addProfessional(family.client, planId, late);
    const assigned = await send(family.client, 'POST', `/api/shifts/${shiftId}/assign`, {
      userId: late.id,
      mode: 'assign',
    });
    expect(assigned.status, await assigned.clone().text()).toBe(200);
    for (const after of [0, 16, 60]) {
      await scanShiftsNotCheckedIn(t.database.db, new Date(Date.now() + after * MINUTE));
    }
    expect(await alertRows(shiftId)).toEqual([]);
  });

  it('the e-mail says how long ago the shift started when it is sent, not when it was queued', async () => {
    const smtp = await startSmtpCatcher();
    const logger = createLogger('silent');
    const mailer = createMailer({ ...t.env, SMTP_URL: smtp.url }, t.database.db, logger, { pool: true });
    try {
      // Booked the day before for a start six hours ago (the worker claims jobs by the database's
      // clock, so the shift is in the past; Marcus's other shifts are later).
      const start = new Date(Math.floor((Date.now() - 6 * 60 * MINUTE) / MINUTE) * MINUTE);
      const shiftId = await addShift(new Date(Date.now() + 24 * 60 * MINUTE), 1);
      expect(
        (await send(family.client, 'POST', `/api/shifts/${shiftId}/assign`, { userId: pro.id, mode: 'assign' })).status,
      ).toBe(200);
      const dayBefore = new Date(start.getTime() - 24 * 60 * MINUTE);
      await t.database.db
        .update(shifts)
        .set({
          startsAt: start,
          endsAt: new Date(start.getTime() + 60 * MINUTE),
          localDate: local(start).slice(0, 10),
          createdAt: dayBefore,
          assignedAt: dayBefore,
        })
        .where(eq(shifts.id, shiftId));
      // Found 16 minutes after the start; the mail goes out 40 minutes after it (a busy queue).
      expect(await scanShiftsNotCheckedIn(t.database.db, new Date(start.getTime() + 16 * MINUTE))).toBe(2);
      await drainJobs({
        db: t.database.db,
        mailer,
        appUrl: t.env.APP_URL,
        secret: resolveAuthSecret(t.env),
        logger,
        clock: () => new Date(start.getTime() + 40 * MINUTE),
      });
      const mail = smtp.received.find(
        (m) => m.to.includes(family.email) && m.subject === 'Nobody has checked in for a shift yet',
      );
      expect(mail).toBeDefined();
      const text = mail!.raw.replace(/=\r?\n/g, '');
      expect(text).toContain(
        `A shift started at ${formatTimeIn(start, DEFAULT_TIME_ZONE)} (40 minutes ago) and nobody has checked in.`,
      );
    } finally {
      mailer.close?.();
      await smtp.close();
    }
  });
});
