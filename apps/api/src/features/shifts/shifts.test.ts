import { alreadyAssignedMessage } from '@tavara/shared/shifts/shifts';
import { CARE_PLAN_MESSAGES as M } from '@tavara/shared/care-plans/care-plans';
import { formatPlanShortDay } from '@tavara/shared/time/format';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shifts as shiftsTable } from '../../db/schema/care-plans';
import { carePlanPeople } from '../../testing/care-plan-people';
import { addProfessional, createPlan, day, planShifts, send } from '../../testing/care-plan-requests';
import type { TestUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Shifts of a plan and the calendar feed (split from care-plans.test.ts, issue 33: one file a
// person reads in one sitting). The same people as there, from one fixture.
let t: TestApp;
let family: TestUser;
let otherFamily: TestUser;
let pro: TestUser;
let pro2: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ({ family, otherFamily, pro, pro2 } = await carePlanPeople(t));
});
afterAll(() => t.close());

describe('shifts', () => {
  it('generates 4 weeks by default from the plan start, idempotently, keeping edited and cancelled shifts', async () => {
    const id = await createPlan(family.client);
    const first = (await (
      await send(family.client, 'POST', `/api/care-plans/${id}/shifts/generate`, {})
    ).json()) as Record<string, unknown>;
    expect(first).toEqual({ from: day(0), to: day(27), created: 40, existing: 0 });
    const list = await planShifts(family.client, id, day(0), day(27));
    const night = list.find((s) => s.shiftCode === 'weekday_6pm_8am' && s.localDate === day(4))!;
    expect(night).toMatchObject({ start: `${day(4)}T18:00`, end: `${day(5)}T08:00`, status: 'open' });

    const edited = await send(family.client, 'PATCH', `/api/shifts/${night.id}`, {
      start: `${day(4)}T19:00`,
      end: `${day(5)}T07:00`,
      reason: 'Late start',
    });
    expect(edited.status).toBe(200);
    const dayShift = list.find((s) => s.shiftCode === 'weekday_8am_4pm')!;
    expect((await send(family.client, 'POST', `/api/shifts/${dayShift.id}/cancel`, { reason: '' })).status).toBe(422);
    expect(
      (await send(family.client, 'POST', `/api/shifts/${dayShift.id}/cancel`, { reason: 'Mum is at the clinic' }))
        .status,
    ).toBe(200);

    const second = (await (
      await send(family.client, 'POST', `/api/care-plans/${id}/shifts/generate`, {})
    ).json()) as Record<string, unknown>;
    expect(second).toMatchObject({ created: 0, existing: 40 });
    const after = await planShifts(family.client, id, day(0), day(27));
    expect(after).toHaveLength(40);
    expect(after.find((s) => s.id === night.id)).toMatchObject({ start: `${day(4)}T19:00`, end: `${day(5)}T07:00` });
    expect(after.find((s) => s.id === dayShift.id)).toMatchObject({ status: 'cancelled' });
  });

  it('an edited shift moves to its new day; re-generating does not make its old slot again', async () => {
    const id = await createPlan(family.client, { endDate: day(13) });
    await send(family.client, 'POST', `/api/care-plans/${id}/shifts/generate`, { from: day(0), to: day(6) });
    const before = await planShifts(family.client, id, day(0), day(6));
    const tuesday = before.find((s) => s.shiftCode === 'weekday_8am_4pm' && s.localDate === day(1))!;
    const moved = await send(family.client, 'PATCH', `/api/shifts/${tuesday.id}`, {
      start: `${day(5)}T10:00`,
      end: `${day(5)}T14:00`,
      reason: 'Moved to Saturday',
    });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as { shift: Record<string, unknown> }).shift).toMatchObject({
      localDate: day(5),
      start: `${day(5)}T10:00`,
      changeReason: 'Moved to Saturday',
    });
    expect(
      await (
        await send(family.client, 'POST', `/api/care-plans/${id}/shifts/generate`, { from: day(0), to: day(6) })
      ).json(),
    ).toMatchObject({ created: 0 });
    const after = await planShifts(family.client, id, day(0), day(6));
    expect(after).toHaveLength(before.length);
    expect(after.filter((s) => s.localDate === day(1) && s.shiftCode === 'weekday_8am_4pm')).toHaveLength(0);

    // Bad input is answered beside the field it concerns.
    const fieldsOf = async (res: Response) =>
      ((await res.json()) as { error: { fields: Record<string, string> } }).error.fields;
    const backwards = await send(family.client, 'PATCH', `/api/shifts/${tuesday.id}`, {
      start: `${day(5)}T14:00`,
      end: `${day(5)}T10:00`,
      reason: 'x',
    });
    expect(backwards.status).toBe(422);
    expect((await fieldsOf(backwards)).end).toBe(M.shiftEndBeforeStart);
    const outside = await send(family.client, 'PATCH', `/api/shifts/${tuesday.id}`, {
      start: `${day(20)}T10:00`,
      end: `${day(20)}T14:00`,
      reason: 'x',
    });
    expect(outside.status).toBe(422);
    expect((await fieldsOf(outside)).start).toBe(M.shiftOutsidePlan);
  });

  it('a shift that ended with nobody checked in is missed everywhere, and can no longer be taken', async () => {
    const id = await createPlan(family.client, { title: 'Missed plan', startDate: day(-70) });
    await addProfessional(family.client, id, pro);
    // An upcoming shift the caregiver takes, then (as if time passed) ends without a check-in.
    await send(family.client, 'POST', `/api/care-plans/${id}/shifts/generate`, { from: day(0), to: day(0) });
    const [taken] = await planShifts(family.client, id, day(0), day(0));
    expect((await send(pro.client, 'POST', `/api/shifts/${taken!.id}/claim`)).status).toBe(200);
    const hourAgo = new Date(Date.now() - 3_600_000);
    await t.database.db
      .update(shiftsTable)
      .set({ startsAt: new Date(hourAgo.getTime() - 8 * 3_600_000), endsAt: hourAgo })
      .where(eq(shiftsTable.id, taken!.id));
    // And an open one-off shift that is already over.
    const past = await send(family.client, 'POST', `/api/care-plans/${id}/shifts`, {
      start: `${day(-63)}T09:00`,
      end: `${day(-63)}T11:00`,
    });
    const open = ((await past.json()) as { shift: { id: string; status: string } }).shift;
    expect(open.status).toBe('missed');

    const seen = await planShifts(family.client, id, day(-70), day(0));
    expect(seen.find((s) => s.id === taken!.id)?.status).toBe('missed');
    expect(seen.find((s) => s.id === open.id)?.status).toBe('missed');
    expect((await send(pro.client, 'POST', `/api/shifts/${open.id}/claim`)).status).toBe(409);
    // Nor is it offered on the professional's schedule as one to take.
    const schedule = (await (
      await pro.client.get(`/api/professional/schedule?from=${day(-63)}&to=${day(-63)}`)
    ).json()) as { shifts: Array<{ id: string }> };
    expect(schedule.shifts.some((s) => s.id === open.id)).toBe(false);
    expect((await send(pro.client, 'POST', `/api/shifts/${taken!.id}/check-in`)).status).toBe(409);
    expect((await send(family.client, 'POST', `/api/shifts/${open.id}/assign`, { userId: pro.id })).status).toBe(409);
    const detail = (await (await family.client.get(`/api/care-plans/${id}`)).json()) as {
      week: { gaps: unknown[] };
    };
    expect(detail.week.gaps).toEqual([]);
    // The feed says so too.
    const { url } = (await (await send(family.client, 'POST', '/api/calendar-feed')).json()) as { url: string };
    expect(await (await t.app.request(new URL(url).pathname)).text()).toContain(
      'SUMMARY:Care shift (missed): Missed plan',
    );
    // The family can still record that the caregiver came (they forgot to check in).
    const done = await send(family.client, 'POST', `/api/shifts/${taken!.id}/done`, { note: 'Came, forgot the app' });
    expect(done.status).toBe(200);
    expect(((await done.json()) as { shift: { status: string } }).shift.status).toBe('done');
  });

  it('an owner assigning a shift someone already has must reassign explicitly; a fresh claim is never overwritten', async () => {
    const id = await createPlan(family.client);
    await addProfessional(family.client, id, pro);
    await addProfessional(family.client, id, pro2);
    await send(family.client, 'POST', `/api/care-plans/${id}/shifts/generate`, { from: day(9), to: day(9) });
    const [shift] = await planShifts(family.client, id, day(9), day(9));
    // The caregiver claims while the family, who saw it open, assigns someone else.
    expect((await send(pro.client, 'POST', `/api/shifts/${shift!.id}/claim`)).status).toBe(200);
    const late = await send(family.client, 'POST', `/api/shifts/${shift!.id}/assign`, { userId: pro2.id });
    expect(late.status).toBe(409);
    const body = (await late.json()) as { error: { message: string; fields: Record<string, string> } };
    expect(body.error.message).toBe(alreadyAssignedMessage('Marcus Joseph'));
    expect(body.error.fields.userId).toBe(body.error.message);
    expect((await send(family.client, 'POST', `/api/shifts/${shift!.id}/assign`, { userId: null })).status).toBe(409);
    expect((await planShifts(family.client, id, day(9), day(9)))[0]).toMatchObject({ assigneeId: pro.id });
    // Choosing the same person again changes nothing and is fine; an explicit reassign wins.
    expect((await send(family.client, 'POST', `/api/shifts/${shift!.id}/assign`, { userId: pro.id })).status).toBe(200);
    const reassigned = await send(family.client, 'POST', `/api/shifts/${shift!.id}/assign`, {
      userId: pro2.id,
      reassign: true,
    });
    expect(reassigned.status).toBe(200);
    expect((await planShifts(family.client, id, day(9), day(9)))[0]).toMatchObject({ assigneeId: pro2.id });
  });

  it('stays inside the plan’s dates; refuses shifts outside them and end before start', async () => {
    const id = await createPlan(family.client, { startDate: day(-35), endDate: day(-29) });
    const res = (await (
      await send(family.client, 'POST', `/api/care-plans/${id}/shifts/generate`, {
        from: day(-59),
        to: day(30),
      })
    ).json()) as Record<string, unknown>;
    expect(res).toMatchObject({ from: day(-35), to: day(-29), created: 10 });
    // The listing of a day includes the night before, which ends that morning.
    const shifts = await planShifts(family.client, id, day(-31), day(-31));
    expect(shifts.map((s) => s.localDate)).toEqual([day(-32), day(-31), day(-31)]);
    expect(shifts.find((s) => s.shiftCode === 'weekday_6pm_8am' && s.localDate === day(-31))).toMatchObject({
      start: `${day(-31)}T18:00`,
      end: `${day(-30)}T08:00`,
    });

    const outside = await send(family.client, 'POST', `/api/care-plans/${id}/shifts`, {
      start: `${day(-27)}T09:00`,
      end: `${day(-27)}T12:00`,
    });
    expect(outside.status).toBe(422);
    expect(((await outside.json()) as { error: { fields: Record<string, string> } }).error.fields.start).toBe(
      M.shiftOutsidePlan,
    );
    const backwards = await send(family.client, 'POST', `/api/care-plans/${id}/shifts`, {
      start: `${day(-33)}T12:00`,
      end: `${day(-33)}T09:00`,
    });
    expect(((await backwards.json()) as { error: { fields: Record<string, string> } }).error.fields.end).toBe(
      M.shiftEndBeforeStart,
    );
    const oneOff = await send(family.client, 'POST', `/api/care-plans/${id}/shifts`, {
      start: `${day(-30)}T22:00`,
      end: `${day(-29)}T06:00`,
      note: 'Saturday night',
    });
    expect(oneOff.status).toBe(201);
    expect(((await oneOff.json()) as { shift: Record<string, unknown> }).shift).toMatchObject({
      shiftCode: null,
      start: `${day(-30)}T22:00`,
      end: `${day(-29)}T06:00`,
      status: 'open',
    });
  });

  it('claim, check in, check out: the family sees the shift done with its note', async () => {
    const id = await createPlan(family.client);
    await addProfessional(family.client, id, pro);
    await send(family.client, 'POST', `/api/care-plans/${id}/shifts/generate`, {
      from: day(1),
      to: day(1),
    });
    const [shift] = await planShifts(pro.client, id, day(1), day(1));
    expect((await send(pro.client, 'POST', `/api/shifts/${shift!.id}/check-in`)).status).toBe(403);
    expect((await send(pro.client, 'POST', `/api/shifts/${shift!.id}/claim`)).status).toBe(200);
    expect((await send(pro.client, 'POST', `/api/shifts/${shift!.id}/check-out`, {})).status).toBe(409);
    expect((await send(pro.client, 'POST', `/api/shifts/${shift!.id}/check-in`)).status).toBe(200);
    expect(
      (await send(pro.client, 'POST', `/api/shifts/${shift!.id}/check-out`, { note: 'Lunch eaten, walk done' })).status,
    ).toBe(200);
    const seen = (await planShifts(family.client, id, day(1), day(1))).find((s) => s.id === shift!.id);
    expect(seen).toMatchObject({ status: 'done', assigneeId: pro.id, doneNote: 'Lunch eaten, walk done' });

    const schedule = (await (
      await pro.client.get(`/api/professional/schedule?from=${day(0)}&to=${day(6)}`)
    ).json()) as {
      assignments: Array<{ planId: string; familyName: string }>;
      shifts: Array<{ id: string; mine: boolean; place: string | null }>;
    };
    expect(schedule.assignments).toContainEqual(expect.objectContaining({ planId: id, familyName: 'Keisha Ramdass' }));
    expect(schedule.shifts.find((s) => s.id === shift!.id)).toMatchObject({ mine: true, place: 'Arima' });
  });

  it('the professional’s schedule names every day of its range, the free ones too (the week grid, issue 31)', async () => {
    const daysOf = async (query: string) =>
      ((await (await pro.client.get(`/api/professional/schedule?${query}`)).json()) as { days: string[] }).days;
    expect(await daysOf('view=week&date=2027-03-03')).toEqual([
      '2027-03-01',
      '2027-03-02',
      '2027-03-03',
      '2027-03-04',
      '2027-03-05',
      '2027-03-06',
      '2027-03-07',
    ]);
    const february = await daysOf('view=month&date=2027-02-10');
    expect([february.length, february[0], february.at(-1)]).toEqual([28, '2027-02-01', '2027-02-28']);
    expect(await daysOf('view=day&date=2027-03-03')).toEqual(['2027-03-03']);
  });

  it('two professionals claiming one open shift at once: exactly one wins, the other is told plainly', async () => {
    const id = await createPlan(family.client);
    await addProfessional(family.client, id, pro);
    await addProfessional(family.client, id, pro2);
    await send(family.client, 'POST', `/api/care-plans/${id}/shifts/generate`, {
      from: day(2),
      to: day(2),
    });
    const [shift] = await planShifts(family.client, id, day(2), day(2));
    const answers = await Promise.all(
      [pro, pro2, pro, pro2].map((p) => send(p.client, 'POST', `/api/shifts/${shift!.id}/claim`)),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const lost = answers.find((r) => r.status === 409)!;
    expect(((await lost.json()) as { error: { message: string } }).error.message).toMatch(
      new RegExp(`${M.claimLost}|${M.notClaimable}`),
    );
  });

  it('the database refuses overlapping assigned shifts for one caregiver, also under concurrent requests', async () => {
    const a = await createPlan(family.client, { title: 'Plan A' });
    const b = await createPlan(otherFamily.client, { title: 'Plan B', weekdayCoverage: ['weekday_8am_6pm'] });
    await addProfessional(family.client, a, pro2);
    await addProfessional(otherFamily.client, b, pro2);
    await send(family.client, 'POST', `/api/care-plans/${a}/shifts/generate`, { from: day(3), to: day(3) });
    await send(otherFamily.client, 'POST', `/api/care-plans/${b}/shifts/generate`, {
      from: day(3),
      to: day(3),
    });
    const shiftA = (await planShifts(family.client, a, day(3), day(3))).find((s) => s.shiftCode === 'weekday_8am_4pm')!;
    const shiftB = (await planShifts(otherFamily.client, b, day(3), day(3)))[0]!;
    const [ra, rb] = await Promise.all([
      send(family.client, 'POST', `/api/shifts/${shiftA.id}/assign`, { userId: pro2.id }),
      send(otherFamily.client, 'POST', `/api/shifts/${shiftB.id}/assign`, { userId: pro2.id }),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    const refused = ra.status === 409 ? ra : rb;
    const message = ((await refused.json()) as { error: { message: string } }).error.message;
    // The clash is named by time; another family's plan title is not revealed.
    // Worded as the schedule shows shifts, in the plan's zone.
    expect(message).toContain(`${formatPlanShortDay(`${day(3)}T08:00`)}, 8 AM–`);
    expect(message).toContain('another care plan');

    // Within one plan the clashing shift is named; the caregiver claiming it is refused too.
    const night = (await planShifts(family.client, a, day(3), day(3))).find((s) => s.shiftCode === 'weekday_6pm_8am')!;
    expect((await send(family.client, 'POST', `/api/shifts/${night.id}/assign`, { userId: pro2.id })).status).toBe(200);
    const overlapping = await send(family.client, 'POST', `/api/care-plans/${a}/shifts`, {
      start: `${day(3)}T20:00`,
      end: `${day(3)}T23:00`,
    });
    const extra = ((await overlapping.json()) as { shift: { id: string } }).shift;
    const clash = await send(family.client, 'POST', `/api/shifts/${extra.id}/assign`, { userId: pro2.id });
    expect(clash.status).toBe(409);
    const expected = `This caregiver already has a shift at that time: Plan A, ${formatPlanShortDay(`${day(3)}T18:00`)}, 6 PM–8 AM.`;
    const clashBody = (await clash.json()) as { error: { message: string; fields: Record<string, string> } };
    expect(clashBody.error.message).toBe(expected);
    // Beside the assign field, where the family chose the caregiver.
    expect(clashBody.error.fields.userId).toBe(expected);
    // Claiming an overlapping open shift is refused the same way.
    const other = await send(family.client, 'POST', `/api/care-plans/${a}/shifts`, {
      start: `${day(3)}T21:00`,
      end: `${day(3)}T22:00`,
    });
    const otherShift = ((await other.json()) as { shift: { id: string } }).shift;
    const claimed = await send(pro2.client, 'POST', `/api/shifts/${otherShift.id}/claim`);
    expect(claimed.status).toBe(409);
    expect(((await claimed.json()) as { error: { message: string } }).error.message).toBe(expected);
  });

  it('only the owner assigns, edits and cancels; offered shifts are claimed by the person offered', async () => {
    const id = await createPlan(family.client);
    await addProfessional(family.client, id, pro);
    await addProfessional(family.client, id, pro2);
    await send(family.client, 'POST', `/api/care-plans/${id}/shifts/generate`, {
      from: day(4),
      to: day(4),
    });
    const [shift] = await planShifts(family.client, id, day(4), day(4));
    expect((await send(pro.client, 'POST', `/api/shifts/${shift!.id}/assign`, { userId: pro.id })).status).toBe(403);
    expect((await send(pro.client, 'POST', `/api/shifts/${shift!.id}/cancel`, { reason: 'x' })).status).toBe(403);
    expect((await send(otherFamily.client, 'POST', `/api/shifts/${shift!.id}/cancel`, { reason: 'x' })).status).toBe(
      404,
    );
    expect(
      (await send(family.client, 'POST', `/api/shifts/${shift!.id}/assign`, { userId: pro.id, mode: 'offer' })).status,
    ).toBe(200);
    expect((await send(pro2.client, 'POST', `/api/shifts/${shift!.id}/claim`)).status).toBe(409);
    expect((await send(pro.client, 'POST', `/api/shifts/${shift!.id}/claim`)).status).toBe(200);
    // Assigning someone who is not on the team is refused beside the field.
    const outsider = await send(family.client, 'POST', `/api/shifts/${shift!.id}/assign`, { userId: otherFamily.id });
    expect(outsider.status).toBe(422);
  });
});

describe('calendar feed', () => {
  it('a private, revocable .ics of the person’s own shifts', async () => {
    const id = await createPlan(family.client, { title: 'Feed plan' });
    await addProfessional(family.client, id, pro);
    await send(family.client, 'POST', `/api/care-plans/${id}/shifts/generate`, {
      from: day(7),
      to: day(7),
    });
    const [shift] = await planShifts(pro.client, id, day(7), day(7));
    await send(pro.client, 'POST', `/api/shifts/${shift!.id}/claim`);

    expect(await (await pro.client.get('/api/calendar-feed')).json()).toMatchObject({ active: false });
    const { url } = (await (await send(pro.client, 'POST', '/api/calendar-feed')).json()) as { url: string };
    const path = new URL(url).pathname;
    const ics = await t.app.request(path);
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toContain('text/calendar');
    const text = await ics.text();
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain(`UID:${shift!.id}@tavara`);
    expect(text).toContain('SUMMARY:Care shift: Feed plan');

    // A new link revokes the old one; revoking leaves none.
    const { url: second } = (await (await send(pro.client, 'POST', '/api/calendar-feed')).json()) as { url: string };
    expect((await t.app.request(path)).status).toBe(404);
    await send(pro.client, 'DELETE', '/api/calendar-feed');
    expect((await t.app.request(new URL(second).pathname)).status).toBe(404);
    expect((await t.app.request('/api/calendar/guess.ics')).status).toBe(404);
  });
});
