import { OFFLINE_MESSAGES } from '@tavara/shared/offline/offline-work';
import { DEFAULT_TIME_ZONE } from '@tavara/shared/care-plans/care-plans';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doseRecords } from '../../db/schema/medications';
import { shifts } from '../../db/schema/care-plans';
import { instantToLocal } from '../../domain/plan-time';
import { addProfessional, createPlan, send } from '../../testing/care-plan-requests';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import {
  addedOnStartDate,
  addMedication,
  localToday,
  recordDose,
  type RecordAnswer,
} from '../../testing/medication-requests';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * Care work recorded on a device without a connection and sent later (issue 29): each item's
 * device key is kept under a unique constraint, so a retry or two tabs at once record it once;
 * the instant is when it happened on the device, within 72 hours and never in the future; a
 * check-in for a shift cancelled or given to someone else meanwhile is refused with the reason.
 */

let t: TestApp;
let family: TestUser;
let pro: TestUser;
let otherPro: TestUser;
let planId: string;
let medId: string;

const HOUR = 3_600_000;
const key = () => crypto.randomUUID();
const yesterday = () => localToday(-1);

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_DISABLED: 'true' });
  family = await createVerifiedUser(t, { role: 'family', firstName: 'Keisha', lastName: 'Ramdass' });
  pro = await createVerifiedUser(t, { role: 'professional', firstName: 'Marcus', lastName: 'Joseph' });
  otherPro = await createVerifiedUser(t, { role: 'professional', firstName: 'Anya', lastName: 'Baptiste' });
  planId = await createPlan(family.client, {
    title: 'Care for Mum',
    planType: 'on_demand',
    weekdayCoverage: [],
    startDate: localToday(-7),
  });
  await addProfessional(family.client, planId, pro);
  await addProfessional(family.client, planId, otherPro);
  medId = await addMedication(family.client, planId);
  await addedOnStartDate(t.database.db, medId);
});
afterAll(() => t.close());

const rowsWithKey = (clientKey: string) =>
  t.database.db.select().from(doseRecords).where(eq(doseRecords.clientKey, clientKey));

describe('doses recorded offline (issue 29)', () => {
  it('a replay of the same device key answers with the first record and writes nothing more', async () => {
    const clientKey = key();
    const occurredAt = new Date(Date.now() - 3 * HOUR);
    const body = {
      medicationId: medId,
      scheduledFor: `${yesterday()}T08:00`,
      status: 'given',
      clientKey,
      occurredAt: occurredAt.toISOString(),
    };
    const first = await recordDose(pro.client, planId, body);
    expect(first.status, await first.clone().text()).toBe(201);
    const firstRecord = ((await first.json()) as RecordAnswer).record!;
    // The time given is when it happened on the device, not when it reached the server.
    expect(firstRecord.givenAt).toBe(instantToLocal(occurredAt, DEFAULT_TIME_ZONE));
    const again = await recordDose(pro.client, planId, body);
    expect(again.status).toBe(201);
    expect(((await again.json()) as RecordAnswer).record!.id).toBe(firstRecord.id);
    expect(await rowsWithKey(clientKey)).toHaveLength(1);
  });

  it('two tabs sending the same key at once record it once; both are answered with that record', async () => {
    const clientKey = key();
    const body = { medicationId: medId, scheduledFor: `${yesterday()}T20:00`, status: 'missed', clientKey };
    const answers = await Promise.all([recordDose(pro.client, planId, body), recordDose(pro.client, planId, body)]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    const ids = await Promise.all(answers.map(async (a) => ((await a.json()) as RecordAnswer).record!.id));
    expect(ids[0]).toBe(ids[1]);
    expect(await rowsWithKey(clientKey)).toHaveLength(1);
  });

  it('someone else recorded the same dose meanwhile: the queued record is not added, the answer names who and when', async () => {
    const today = localToday();
    await recordDose(otherPro.client, planId, { medicationId: medId, scheduledFor: `${today}T08:00`, status: 'given' });
    const queued = await recordDose(pro.client, planId, {
      medicationId: medId,
      scheduledFor: `${today}T08:00`,
      status: 'given',
      clientKey: key(),
      occurredAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(queued.status).toBe(200);
    const answer = (await queued.json()) as RecordAnswer & {
      conflict: { record: { recordedBy: string; status: string } };
    };
    expect(answer.outcome).toBe('ask');
    expect(answer.conflict.record).toMatchObject({ recordedBy: 'Anya Baptiste', status: 'given' });
  });

  it('refuses an instant in the future or older than 72 hours, beside the field', async () => {
    for (const [occurredAt, message] of [
      [new Date(Date.now() + 10 * 60_000), OFFLINE_MESSAGES.future],
      [new Date(Date.now() - 73 * HOUR), OFFLINE_MESSAGES.tooOld],
    ] as const) {
      const res = await recordDose(pro.client, planId, {
        medicationId: medId,
        status: 'refused',
        scheduledFor: `${localToday(-2)}T08:00`,
        clientKey: key(),
        occurredAt: occurredAt.toISOString(),
      });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
        occurredAt: message,
      });
    }
  });

  it('a key already used by another person is refused, never answered with their record', async () => {
    const clientKey = key();
    const body = { medicationId: medId, scheduledFor: `${localToday(-3)}T08:00`, status: 'missed', clientKey };
    expect((await recordDose(pro.client, planId, body)).status).toBe(201);
    const res = await recordDose(otherPro.client, planId, body);
    expect(res.status).toBe(409);
    expect(await rowsWithKey(clientKey)).toHaveLength(1);
  });
});

async function assignedShift(to: TestUser, startsInHours: number, hours = 8): Promise<string> {
  const start = new Date(Math.floor((Date.now() + startsInHours * HOUR) / 60_000) * 60_000);
  const local = (d: Date) => instantToLocal(d, DEFAULT_TIME_ZONE);
  const res = await send(family.client, 'POST', `/api/care-plans/${planId}/shifts`, {
    start: local(start),
    end: local(new Date(start.getTime() + hours * HOUR)),
    note: null,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const shiftId = ((await res.json()) as { shift: { id: string } }).shift.id;
  const assigned = await send(family.client, 'POST', `/api/shifts/${shiftId}/assign`, {
    userId: to.id,
    mode: 'assign',
  });
  expect(assigned.status, await assigned.clone().text()).toBe(200);
  return shiftId;
}

describe('check-in and check-out recorded offline (issue 29)', () => {
  it('records the device instants once, however often they are sent', async () => {
    const shiftId = await assignedShift(pro, -2);
    const inAt = new Date(Date.now() - 90 * 60_000);
    const outAt = new Date(Date.now() - 5 * 60_000);
    const checkIn = { clientKey: key(), occurredAt: inAt.toISOString() };
    const checkOut = { clientKey: key(), occurredAt: outAt.toISOString(), note: 'Mum slept well.' };
    for (let i = 0; i < 2; i++)
      expect((await send(pro.client, 'POST', `/api/shifts/${shiftId}/check-in`, checkIn)).status).toBe(200);
    for (let i = 0; i < 2; i++)
      expect((await send(pro.client, 'POST', `/api/shifts/${shiftId}/check-out`, checkOut)).status).toBe(200);
    const [row] = await t.database.db.select().from(shifts).where(eq(shifts.id, shiftId));
    expect(row).toMatchObject({ status: 'done', checkedInAt: inAt, checkedOutAt: outAt, doneNote: 'Mum slept well.' });
    // A new check-in (another key) is a real second attempt, and refused as before.
    expect((await send(pro.client, 'POST', `/api/shifts/${shiftId}/check-in`, { clientKey: key() })).status).toBe(409);
  });

  it('a check-in for a shift cancelled or given to someone else meanwhile is refused with the reason', async () => {
    const cancelled = await assignedShift(pro, 10, 4);
    const cancel = await send(family.client, 'POST', `/api/shifts/${cancelled}/cancel`, {
      reason: 'Mum is in hospital',
    });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    const refused = await send(pro.client, 'POST', `/api/shifts/${cancelled}/check-in`, { clientKey: key() });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      OFFLINE_MESSAGES.shiftCancelled,
    );

    const reassigned = await assignedShift(pro, 20, 4);
    const moved = await send(family.client, 'POST', `/api/shifts/${reassigned}/assign`, {
      userId: otherPro.id,
      mode: 'assign',
      reassign: true,
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    const notYours = await send(pro.client, 'POST', `/api/shifts/${reassigned}/check-in`, { clientKey: key() });
    expect(notYours.status).toBe(403);
    expect(((await notYours.json()) as { error: { message: string } }).error.message).toBe(
      OFFLINE_MESSAGES.shiftReassigned,
    );
  });

  it('refuses a check-in older than 72 hours', async () => {
    const shiftId = await assignedShift(pro, 30, 4);
    const res = await send(pro.client, 'POST', `/api/shifts/${shiftId}/check-in`, {
      clientKey: key(),
      occurredAt: new Date(Date.now() - 73 * HOUR).toISOString(),
    });
    expect(res.status).toBe(422);
  });
});
