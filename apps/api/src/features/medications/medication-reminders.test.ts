import { DEFAULT_TIME_ZONE } from '@tavara/shared/care-plans/care-plans';
import { medicationInputSchema } from '@tavara/shared/medications/medications';
import type { NotificationItem } from '@tavara/shared/notifications/notifications';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from '../../auth/auth-secret';
import { shifts } from '../../db/schema/care-plans';
import { notificationJobs, notifications, notificationSettings } from '../../db/schema/notifications';
import { createLogger } from '../../lib/logger';
import { createMailer, type Mailer } from '../../lib/mailer';
import { drainJobs, type WorkerDeps } from '../../lib/notifications/worker';
import { addProfessional, createPlan, send } from '../../testing/care-plan-requests';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import { localToday, medicationInput, recorded } from '../../testing/medication-requests';
import { startSmtpCatcher, type SmtpCatcher } from '../../testing/smtp-catcher';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';
import { scanDoseReminders } from './medication-reminders';
import { createMedication } from './medications.service';
import { localToInstant } from '../../domain/plan-time';

/**
 * Dose alerts that are true (issue 28), on a real database with the scan's and the worker's clock
 * injected (no sleeping to reach a time): nothing about doses that passed before the medication
 * was added; one message per plan and moment; the grace period; resolved when recorded; times in
 * the reader's zone, across daylight saving.
 */

let t: TestApp;
let smtp: SmtpCatcher;
let mailer: Mailer;
let deps: WorkerDeps;
let family: TestUser;
let relative: TestUser;
let pro: TestUser;

const at = (local: string) => localToInstant(local, DEFAULT_TIME_ZONE);
const daily = (name: string, time = '08:00') => ({
  name,
  schedule: { kind: 'times', times: [{ time }], repeat: 'daily' },
});

async function inbox(client: TestClient) {
  return ((await (await client.get('/api/notifications')).json()) as { items: NotificationItem[] }).items;
}
/** The plan's dose alerts in an inbox (newest first). */
const ofPlan = (items: NotificationItem[], planId: string) =>
  items.filter((n) => n.link.includes(planId) && n.kind.startsWith('dose_'));

/**
 * Scans at `now` and answers how many dose alerts were made for `planId` (other tests' plans are
 * in the same database and scanned too).
 */
async function scanFor(planId: string, now: Date): Promise<number> {
  const count = async () =>
    (
      await t.database.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(like(notifications.dedupeKey, `dose_%:${planId}:%`))
    ).length;
  const before = await count();
  await scanDoseReminders(t.database.db, now);
  return (await count()) - before;
}

/** Adds a medication as the owner at the instant `now` (the service with the clock injected). */
function addAt(planId: string, overrides: Record<string, unknown>, now: Date) {
  const input = medicationInputSchema.parse(medicationInput(overrides));
  return createMedication(t.database.db, { id: family.id, role: 'family', email: family.email }, planId, input, now);
}

async function planWithTeam(title: string, startDate = localToday(-30)) {
  const planId = await createPlan(family.client, {
    title,
    recipientName: 'Mum',
    planType: 'on_demand',
    weekdayCoverage: [],
    startDate,
  });
  await addProfessional(family.client, planId, pro);
  const invited = await send(family.client, 'POST', `/api/care-plans/${planId}/invitations`, {
    kind: 'family',
    email: relative.email,
    teamRole: 'family_member',
  });
  const { memberId } = (await invited.json()) as { memberId: string };
  expect((await send(relative.client, 'POST', `/api/invitations/${memberId}/accept`)).status).toBe(200);
  return planId;
}

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_DISABLED: 'true' });
  smtp = await startSmtpCatcher();
  const logger = createLogger('silent');
  mailer = createMailer({ ...t.env, SMTP_URL: smtp.url }, t.database.db, logger, { pool: true });
  deps = { db: t.database.db, mailer, appUrl: t.env.APP_URL, secret: resolveAuthSecret(t.env), logger };
  family = await createVerifiedUser(t, { role: 'family', firstName: 'Keisha', lastName: 'Ramdass' });
  relative = await createVerifiedUser(t, { role: 'family', firstName: 'Dana', lastName: 'Ramdass' });
  pro = await createVerifiedUser(t, { role: 'professional', firstName: 'Marcus', lastName: 'Joseph' });
});
afterAll(async () => {
  mailer.close?.();
  await t.close();
  await smtp.close();
});

describe('dose alerts are true (issue 28)', () => {
  it('three medications taken at 08:00, added at 9:49: no alert, nothing Missed that day; the next morning ONE message per person, in the inbox and by e-mail', async () => {
    const planId = await planWithTeam('Care for Mum');
    const [d1, d2] = [localToday(-3), localToday(-2)];
    for (const name of ['Warfarin', 'Metformin', 'Aspirin']) {
      await addAt(planId, { ...daily(name), startDate: d1 }, at(`${d1}T09:49`));
    }
    // The false alarms of the issue: none, however often the scan runs that day.
    for (const time of ['09:49', '09:50', '10:30', '12:00', '23:59']) {
      expect(await scanFor(planId, at(`${d1}T${time}`))).toBe(0);
    }
    expect(ofPlan(await inbox(family.client), planId)).toEqual([]);
    // The Doses tab agrees: 08:00 that day was never expected, so it is not "Missed".
    const day = (await (await family.client.get(`/api/care-plans/${planId}/doses?date=${d1}`)).json()) as {
      doses: Array<{ state: string }>;
    };
    expect(day.doses).toEqual([]);

    // The next morning at 08:01: the three doses are one message to each person who records
    // doses (nobody is on shift): the owner, the relative and the professional on the team.
    expect(await scanFor(planId, at(`${d2}T08:01`))).toBe(3);
    expect(await scanFor(planId, at(`${d2}T08:30`))).toBe(0);
    const [due] = ofPlan(await inbox(family.client), planId);
    expect(due).toMatchObject({
      kind: 'dose_due',
      title: '3 doses due at 8 AM for Mum: Aspirin, Metformin, Warfarin',
      eventAt: at(`${d2}T08:00`).toISOString(),
    });
    expect(ofPlan(await inbox(pro.client), planId)).toHaveLength(1);

    // The grace period (60 minutes by default): not at 08:59, at 09:00 — the family only.
    expect(await scanFor(planId, at(`${d2}T08:59`))).toBe(0);
    expect(await scanFor(planId, at(`${d2}T09:00`))).toBe(2);
    const [missed] = ofPlan(await inbox(relative.client), planId);
    expect(missed).toMatchObject({
      kind: 'dose_missed',
      title: '3 doses (Aspirin, Metformin, Warfarin) due at 8 AM for Mum have not been recorded',
    });
    expect(ofPlan(await inbox(pro.client), planId).some((n) => n.kind === 'dose_missed')).toBe(false);

    // Sent at 09:49: each person gets one e-mail per message (not three), worded at sending time —
    // "1 hour 49 minutes ago", not a time written when it was queued — with no medicine named.
    smtp.received.length = 0;
    await drainJobs({ ...deps, clock: () => at(`${d2}T09:49`) });
    const mails = smtp.received.filter((m) => m.to.includes(family.email) && m.subject.includes('dose'));
    expect(mails).toHaveLength(2);
    const text = mails.map((m) => m.raw.replace(/=\r?\n/g, '')).join('\n');
    expect(text).toContain('3 doses are due at 8 AM (1 hour 49 minutes ago) for a care plan you look after.');
    expect(text).toContain('3 doses due at 8 AM (1 hour 49 minutes ago) have not been recorded');
    for (const name of ['Warfarin', 'Metformin', 'Aspirin']) expect(text).not.toContain(name);
  });

  it('recording the doses resolves their alerts: the inbox says who recorded them, waiting mail is not sent', async () => {
    const planId = await planWithTeam('Care for Mum at home');
    const [d1, d2] = [localToday(-3), localToday(-1)];
    const ids: string[] = [];
    for (const name of ['Lisinopril', 'Amlodipine']) {
      ids.push((await addAt(planId, { ...daily(name, '20:00'), startDate: d1 }, at(`${d1}T07:00`))).id);
    }
    // Told at 20:01 (e-mail queued); the caregiver records both doses before the mail goes.
    expect(await scanFor(planId, at(`${d2}T20:01`))).toBe(3);
    const told = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(like(notifications.dedupeKey, `dose_due:${planId}:%`));
    // Held as if the worker had not reached them yet.
    await t.database.db
      .update(notificationJobs)
      .set({ runAt: new Date(Date.now() + 3_600_000) })
      .where(
        inArray(
          notificationJobs.notificationId,
          told.map((n) => n.id),
        ),
      );
    await recorded(pro.client, planId, {
      medicationId: ids[0],
      scheduledFor: `${d2}T20:00`,
      status: 'given',
      givenAt: `${d2}T20:05`,
    });
    // One of two recorded: still true.
    expect(ofPlan(await inbox(family.client), planId)[0]!.resolvedAt).toBeNull();
    await recorded(pro.client, planId, {
      medicationId: ids[1],
      scheduledFor: `${d2}T20:00`,
      status: 'given',
      givenAt: `${d2}T20:05`,
    });
    const [item] = ofPlan(await inbox(family.client), planId);
    expect(item!.resolvedAt).not.toBeNull();
    expect(item!.resolution).toMatch(/^Recorded by Marcus Joseph at \d{1,2}(:\d\d)? [AP]M$/);
    const jobs = await t.database.db
      .select({ status: notificationJobs.status })
      .from(notificationJobs)
      .where(
        inArray(
          notificationJobs.notificationId,
          told.map((n) => n.id),
        ),
      );
    expect(jobs.map((j) => j.status)).toEqual(jobs.map(() => 'skipped'));
    // And no "not recorded" after the grace period.
    expect(await scanFor(planId, at(`${d2}T21:30`))).toBe(0);
  });

  it('a per-plan grace period; a dose given early is never due; an edit to new times expects nothing before the edit', async () => {
    const planId = await planWithTeam('Care for Dad');
    expect(
      (await send(family.client, 'PUT', `/api/care-plans/${planId}/medication-settings`, { doseGraceMinutes: 30 }))
        .status,
    ).toBe(200);
    const bad = await send(family.client, 'PUT', `/api/care-plans/${planId}/medication-settings`, {
      doseGraceMinutes: 2,
    });
    expect(bad.status).toBe(422);
    const d = localToday(-2);
    await addAt(planId, { ...daily('Metformin', '12:00'), startDate: d }, at(`${d}T06:00`));
    const early = (await addAt(planId, { ...daily('Atenolol', '12:00'), startDate: d }, at(`${d}T06:00`))).id;
    await recorded(family.client, planId, {
      medicationId: early,
      scheduledFor: `${d}T12:00`,
      status: 'given',
      givenAt: `${d}T11:40`,
    });
    expect(await scanFor(planId, at(`${d}T12:01`))).toBe(3);
    const [due] = ofPlan(await inbox(family.client), planId);
    expect(due!.title).toBe('Metformin is due at 12 PM for Mum');
    expect(await scanFor(planId, at(`${d}T12:29`))).toBe(0);
    expect(await scanFor(planId, at(`${d}T12:30`))).toBe(2);

    // Moved from 12:00 to 07:00 at 09:00 the next day: that morning's 07:00 is not missed.
    const next = localToday(-1);
    const med = await addAt(planId, { ...daily('Prednisone', '12:00'), startDate: d }, at(`${d}T06:00`));
    const { updateMedication } = await import('./medications.service');
    await updateMedication(
      t.database.db,
      { id: family.id, role: 'family', email: family.email },
      med.id,
      medicationInputSchema.parse(medicationInput({ ...daily('Prednisone', '07:00'), startDate: d })),
      at(`${next}T09:00`),
    );
    const before = ofPlan(await inbox(family.client), planId).length;
    await scanDoseReminders(t.database.db, at(`${next}T09:01`));
    expect(ofPlan(await inbox(family.client), planId)).toHaveLength(before);
  });

  it('at the dose time only the caregiver on shift is reminded; the family hears of it only once the grace period is over', async () => {
    const planId = await planWithTeam('Care for Mum with a carer');
    const [d1, d2] = [localToday(-3), localToday(-2)];
    // Marcus's shift, booked the day before, runs 07:00–12:00 the second day.
    await t.database.db.insert(shifts).values({
      planId,
      localDate: d2,
      startsAt: at(`${d2}T07:00`),
      endsAt: at(`${d2}T12:00`),
      status: 'assigned',
      assigneeId: pro.id,
      assignedAt: at(`${d1}T12:00`),
      createdAt: at(`${d1}T12:00`),
    });
    await addAt(planId, { ...daily('Metformin'), startDate: d1 }, at(`${d1}T06:00`));
    // The first day (nobody on shift): the people who record doses.
    expect(await scanFor(planId, at(`${d1}T08:01`))).toBe(3);
    // The second day at 08:01: Marcus alone.
    expect(await scanFor(planId, at(`${d2}T08:01`))).toBe(1);
    const dueOn = (items: NotificationItem[]) =>
      ofPlan(items, planId).filter((n) => n.kind === 'dose_due' && n.eventAt === at(`${d2}T08:00`).toISOString());
    expect(dueOn(await inbox(pro.client))).toHaveLength(1);
    expect(dueOn(await inbox(family.client))).toEqual([]);
    expect(dueOn(await inbox(relative.client))).toEqual([]);
    // Not recorded by 09:00: the family (owner and relative) is told, not Marcus again.
    expect(await scanFor(planId, at(`${d2}T09:00`))).toBe(2);
    expect(ofPlan(await inbox(pro.client), planId).some((n) => n.kind === 'dose_missed')).toBe(false);
  });

  it('a relative in New York reads the time in her own zone, across daylight saving', async () => {
    // Trinidad keeps UTC-4 all year; New York is UTC-5 in January and UTC-4 in July.
    await t.database.db
      .insert(notificationSettings)
      .values({ userId: relative.id, timeZone: 'America/New_York', quietHours: false })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { timeZone: 'America/New_York' } });
    const planId = await planWithTeam('Care for Mum in winter and summer', '2026-01-01');
    await addAt(planId, { ...daily('Metformin'), startDate: '2027-01-10' }, at('2027-01-10T00:00'));
    await scanDoseReminders(t.database.db, at('2027-01-11T08:01'));
    await scanDoseReminders(t.database.db, at('2027-07-11T08:01'));
    const titles = (client: TestClient) =>
      inbox(client).then((items) =>
        ofPlan(items, planId)
          .map((n) => n.title)
          .sort(),
      );
    expect(await titles(relative.client)).toEqual([
      'Metformin is due at 7 AM for Mum',
      'Metformin is due at 8 AM for Mum',
    ]);
    expect(await titles(family.client)).toEqual([
      'Metformin is due at 8 AM for Mum',
      'Metformin is due at 8 AM for Mum',
    ]);
    await t.database.db.delete(notifications).where(and(like(notifications.dedupeKey, `dose_%:${planId}:%`)));
    await t.database.db.delete(notificationSettings).where(eq(notificationSettings.userId, relative.id));
  });
});
