import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medications } from '../../db/schema/medications';
import { notifications } from '../../db/schema/notifications';
import { addProfessional, createPlan, send } from '../../testing/care-plan-requests';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import { addedOnStartDate, addMedication, localToday, recorded } from '../../testing/medication-requests';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { scanRefills } from './medication-supply';

/**
 * Supply and refills (issue 28): each dose given takes its amount off, a correction gives it back,
 * "about N days left" follows the schedule, and the owner gets ONE refill reminder per fall below
 * the threshold — again only after a refill is recorded and the supply falls again.
 */

let t: TestApp;
let family: TestUser;
let pro: TestUser;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_DISABLED: 'true' });
  family = await createVerifiedUser(t, { role: 'family', firstName: 'Keisha' });
  pro = await createVerifiedUser(t, { role: 'professional', firstName: 'Marcus', lastName: 'Joseph' });
});
afterAll(() => t.close());

async function listed(planId: string, medicationId: string) {
  const body = (await (await family.client.get(`/api/care-plans/${planId}/medications`)).json()) as {
    medications: Array<{ id: string; supply: { onHand: number | null; daysLeft: number | null } }>;
  };
  return body.medications.find((m) => m.id === medicationId)!.supply;
}

const refillAlerts = async () =>
  (await t.database.db.select().from(notifications).where(eq(notifications.kind, 'refill_due'))).length;

describe('supply and refills (issue 28)', () => {
  it('counts down with each dose given, says about how many days are left, and reminds once per fall', async () => {
    const planId = await createPlan(family.client, {
      planType: 'on_demand',
      weekdayCoverage: [],
      startDate: localToday(-30),
    });
    await addProfessional(family.client, planId, pro);
    // Twice a day, 2 tablets a dose: 32 tablets last 8 days.
    const id = await addMedication(family.client, planId, { name: 'Metformin', startDate: localToday(-10) });
    await addedOnStartDate(t.database.db, id);
    const bad = await send(family.client, 'PUT', `/api/medications/${id}/supply`, {
      onHand: -1,
      unitsPerDose: 0,
      refillThresholdDays: 7,
    });
    expect(bad.status).toBe(422);
    expect(
      (
        await send(pro.client, 'PUT', `/api/medications/${id}/supply`, {
          onHand: 32,
          unitsPerDose: 2,
          refillThresholdDays: 7,
        })
      ).status,
    ).toBe(403);
    const set = await send(family.client, 'PUT', `/api/medications/${id}/supply`, {
      onHand: 32,
      unitsPerDose: 2,
      refillThresholdDays: 7,
    });
    expect(set.status).toBe(200);
    expect(await listed(planId, id)).toMatchObject({ onHand: 32, daysLeft: 8 });
    expect(await scanRefills(t.database.db)).toBe(0);

    // Three doses given (one by the caregiver), one missed: 32 - 3 × 2 = 26 tablets, 6 days.
    const day = localToday(-2);
    const given = await recorded(pro.client, planId, {
      medicationId: id,
      scheduledFor: `${day}T08:00`,
      status: 'given',
      givenAt: `${day}T08:05`,
    });
    await recorded(family.client, planId, {
      medicationId: id,
      scheduledFor: `${day}T20:00`,
      status: 'given',
      givenAt: `${day}T20:05`,
    });
    await recorded(family.client, planId, {
      medicationId: id,
      scheduledFor: `${localToday(-1)}T08:00`,
      status: 'given',
      givenAt: `${localToday(-1)}T08:00`,
    });
    await recorded(family.client, planId, {
      medicationId: id,
      scheduledFor: `${localToday(-1)}T20:00`,
      status: 'missed',
    });
    expect(await listed(planId, id)).toMatchObject({ onHand: 26, daysLeft: 6 });

    // Below 7 days: one reminder, however often and on however many instances the scan runs.
    const [a, b] = await Promise.all([scanRefills(t.database.db), scanRefills(t.database.db)]);
    expect(a + b).toBe(1);
    expect(await scanRefills(t.database.db)).toBe(0);
    const [alert] = await t.database.db.select().from(notifications).where(eq(notifications.kind, 'refill_due'));
    expect(alert).toMatchObject({
      userId: family.id,
      title: 'Metformin for Joyce Ramdass runs out in about 6 days: time to refill',
    });

    // A correction from "given" to "missed" gives the tablets back.
    expect(
      (
        await send(pro.client, 'POST', `/api/dose-records/${given}/correct`, {
          status: 'missed',
          note: 'Was not given',
        })
      ).status,
    ).toBe(201);
    expect(await listed(planId, id)).toMatchObject({ onHand: 28 });

    // A refill recorded: no reminder until the supply falls below the threshold again.
    await send(family.client, 'PUT', `/api/medications/${id}/supply`, {
      onHand: 60,
      unitsPerDose: 2,
      refillThresholdDays: 7,
    });
    expect(await scanRefills(t.database.db)).toBe(0);
    await t.database.db.update(medications).set({ supplyOnHand: 20 }).where(eq(medications.id, id));
    expect(await scanRefills(t.database.db)).toBe(1);
    expect(await refillAlerts()).toBe(2);
  });
});
