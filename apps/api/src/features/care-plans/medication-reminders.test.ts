import { DEFAULT_TIME_ZONE } from '@tavara/shared/care-plans/care-plans';
import type { NotificationItem } from '@tavara/shared/notifications/notifications';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shifts } from '../../db/schema/care-plans';
import { addProfessional, createPlan, send } from '../../testing/care-plan-requests';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import { addMedication, localToday, recorded } from '../../testing/medication-requests';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';
import { scanDoseReminders } from './medication-reminders';
import { localToInstant } from './shift-times';

let t: TestApp;
let family: TestUser;
let pro: TestUser;
const yesterday = localToday(-1);
/** Yesterday at `hhmm` in Trinidad and Tobago: always in the past, so doses can be recorded. */
const at = (hhmm: string) => localToInstant(`${yesterday}T${hhmm}`, DEFAULT_TIME_ZONE);
const daily = (time: string) => ({ schedule: { kind: 'times', times: [{ time }], repeat: 'daily' } });

async function inbox(client: TestClient) {
  return ((await (await client.get('/api/notifications')).json()) as { items: NotificationItem[] }).items;
}

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_DISABLED: 'true' });
  family = await createVerifiedUser(t, { role: 'family', firstName: 'Keisha', lastName: 'Ramdass' });
  pro = await createVerifiedUser(t, { role: 'professional', firstName: 'Marcus', lastName: 'Joseph' });
});
afterAll(() => t.close());

describe('dose reminders (issue 18)', () => {
  it('a dose due with nobody on shift tells the family owner; 30 minutes unrecorded, the owner hears it was missed; once each', async () => {
    const planId = await createPlan(family.client, { title: 'Care for Mum', startDate: localToday(-7) });
    await addMedication(family.client, planId, { name: 'Metformin', startDate: localToday(-6), ...daily('08:00') });

    expect(await scanDoseReminders(t.database.db, at('07:59'))).toBe(0);
    expect(await scanDoseReminders(t.database.db, at('08:05'))).toBe(1);
    expect(await scanDoseReminders(t.database.db, at('08:06'))).toBe(0);
    const [due] = await inbox(family.client);
    expect(due).toMatchObject({
      kind: 'dose_due',
      title: 'Metformin is due at 08:00 (Care for Mum)',
      link: `/family/care-management/${planId}/medications`,
    });

    expect(await scanDoseReminders(t.database.db, at('08:29'))).toBe(0);
    expect(await scanDoseReminders(t.database.db, at('08:31'))).toBe(1);
    expect(await scanDoseReminders(t.database.db, at('08:45'))).toBe(0);
    const [missed] = await inbox(family.client);
    expect(missed).toMatchObject({
      kind: 'dose_missed',
      title: 'Metformin due at 08:00 has not been recorded (Care for Mum)',
    });
    expect(await inbox(pro.client)).toEqual([]);
  });

  it('a dose due during a shift tells the caregiver on it, not the owner; a recorded dose is never "missed"', async () => {
    const planId = await createPlan(family.client, { title: 'Care for Dad', startDate: localToday(-7) });
    await addProfessional(family.client, planId, pro);
    const shift = await send(family.client, 'POST', `/api/care-plans/${planId}/shifts`, {
      start: `${yesterday}T07:00`,
      end: `${yesterday}T15:00`,
      note: null,
    });
    expect(shift.status).toBe(201);
    const { shift: created } = (await shift.json()) as { shift: { id: string } };
    // Yesterday's shift, as it was then: assigned to Marcus. (Through the API a shift that has
    // ended without a check-in is 'missed' and can no longer be assigned — issue 16 — so the past
    // is written directly.)
    await t.database.db.update(shifts).set({ status: 'assigned', assigneeId: pro.id }).where(eq(shifts.id, created.id));
    const medicationId = await addMedication(family.client, planId, {
      name: 'Amlodipine',
      startDate: localToday(-6),
      ...daily('10:00'),
    });
    const ownerBefore = (await inbox(family.client)).length;

    expect(await scanDoseReminders(t.database.db, at('10:02'))).toBe(1);
    // (Found by kind: the scan's notifications carry the scan's time, yesterday, so they sort last.)
    const due = (await inbox(pro.client)).find((n) => n.kind === 'dose_due');
    expect(due).toMatchObject({
      kind: 'dose_due',
      title: 'Amlodipine is due at 10:00 (Care for Dad)',
      link: `/professional/assignments/${planId}`,
    });
    expect((await inbox(family.client)).length).toBe(ownerBefore);

    await recorded(pro.client, planId, {
      medicationId,
      scheduledFor: `${yesterday}T10:00`,
      status: 'given',
      givenAt: `${yesterday}T10:05`,
    });
    expect(await scanDoseReminders(t.database.db, at('10:40'))).toBe(0);
    expect((await inbox(family.client)).some((n) => n.kind === 'dose_missed' && n.title.startsWith('Amlodipine'))).toBe(
      false,
    );
  });
});
