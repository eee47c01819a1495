import { NOTIFICATION_KIND_INFO, type NotificationItem } from '@tavara/shared/notifications/notifications';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from '../../auth/auth-secret';
import { shifts } from '../../db/schema/care-plans';
import { notificationJobs, notifications } from '../../db/schema/notifications';
import { supportRequests } from '../../db/schema/support';
import { createLogger } from '../../lib/logger';
import { createMailer, type Mailer } from '../../lib/mailer';
import { notify } from '../../lib/notifications/notify';
import { scanShiftsNotCheckedIn } from '../../lib/notifications/scans';
import { unsubscribeToken } from '../../lib/notifications/unsubscribe-token';
import { claimJobs, drainJobs, runDueJobs, type WorkerDeps } from '../../lib/notifications/worker';
import { addProfessional, createPlan, send } from '../../testing/care-plan-requests';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import { startSmtpCatcher, type SmtpCatcher } from '../../testing/smtp-catcher';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';

let t: TestApp;
let smtp: SmtpCatcher;
let mailer: Mailer;
let deps: WorkerDeps;
let family: TestUser;
let pro: TestUser;
let pro2: TestUser;
let stranger: TestUser;
let admin: TestUser;

async function inbox(client: TestClient) {
  const res = await client.get('/api/notifications');
  expect(res.status).toBe(200);
  return (await res.json()) as { items: NotificationItem[]; unread: number; hasMore: boolean };
}
async function unread(client: TestClient) {
  return ((await (await client.get('/api/notifications/unread-count')).json()) as { unread: number }).unread;
}
/** Quiet hours off, so the tests do not depend on the time of day they run at. */
async function noQuietHours(user: TestUser) {
  expect(
    (await send(user.client, 'PUT', '/api/notifications/preferences', { email: {}, quietHours: false })).status,
  ).toBe(200);
}
const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_DISABLED: 'true' });
  smtp = await startSmtpCatcher();
  const logger = createLogger('silent');
  // The app keeps its dev outbox (sign-up mail); the worker sends over SMTP to the catcher.
  mailer = createMailer({ ...t.env, SMTP_URL: smtp.url }, t.database.db, logger, { pool: true });
  deps = { db: t.database.db, mailer, appUrl: t.env.APP_URL, secret: resolveAuthSecret(t.env), logger };
  family = await createVerifiedUser(t, { role: 'family', firstName: 'Keisha', lastName: 'Ramdass' });
  pro = await createVerifiedUser(t, { role: 'professional', firstName: 'Marcus', lastName: 'Joseph' });
  pro2 = await createVerifiedUser(t, { role: 'professional', firstName: 'Anil', lastName: 'Mohammed' });
  stranger = await createVerifiedUser(t, { role: 'family' });
  admin = await createVerifiedUser(t, { role: 'admin' });
  for (const u of [family, pro, pro2, stranger, admin]) await noQuietHours(u);
});
afterAll(async () => {
  mailer.close?.();
  await t.close();
  await smtp.close();
});

describe('events → notifications for the right people', () => {
  let planId: string;
  let memberId: string;

  it('an invitation notifies the invitee in the app and by e-mail, with no plan or health detail in the mail', async () => {
    planId = await createPlan(family.client, { title: 'Dialysis care for Dad' });
    const res = await send(family.client, 'POST', `/api/care-plans/${planId}/invitations`, {
      kind: 'professional',
      professionalId: pro.id,
      teamRole: 'nurse',
    });
    expect(res.status).toBe(201);
    memberId = ((await res.json()) as { memberId: string }).memberId;
    const box = await inbox(pro.client);
    expect(box.unread).toBe(1);
    expect(await unread(pro.client)).toBe(1);
    expect(box.items[0]).toMatchObject({
      kind: 'invitation_received',
      title: 'Keisha Ramdass invites you to join their care team as nurse',
      link: '/professional/schedule',
      readAt: null,
    });
    // Nobody else was told.
    expect((await inbox(family.client)).items).toEqual([]);
    expect((await inbox(pro2.client)).items).toEqual([]);

    const sent = await drainJobs(deps);
    expect(sent.sent).toBe(1);
    const [mail] = mailsTo(pro.email);
    expect(mail?.subject).toBe(NOTIFICATION_KIND_INFO.invitation_received.subject);
    expect(mail?.raw).not.toMatch(/Dialysis|Dad/);
    expect(mail?.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail?.headers.get('list-unsubscribe')).toMatch(
      /^<http:\/\/localhost:\d+\/api\/notifications\/unsubscribe\?token=/,
    );
    expect(mail?.messageId).toMatch(/^<email:[0-9a-f-]{36}@localhost>$/);
    // Draining again sends nothing more.
    expect((await drainJobs(deps)).claimed).toBe(0);
  });

  it('accepting notifies the family owner (not the person who accepted)', async () => {
    expect((await send(pro.client, 'POST', `/api/invitations/${memberId}/accept`)).status).toBe(200);
    const box = await inbox(family.client);
    expect(box.items.map((i) => [i.kind, i.title, i.link])).toEqual([
      [
        'invitation_accepted',
        'Marcus Joseph accepted your invitation to Dialysis care for Dad',
        `/family/care-management/${planId}?tab=team`,
      ],
    ]);
    expect((await inbox(pro.client)).items.map((i) => i.kind)).toEqual(['invitation_received']);
  });

  it('declining notifies the owner too', async () => {
    const res = await send(family.client, 'POST', `/api/care-plans/${planId}/invitations`, {
      kind: 'professional',
      professionalId: pro2.id,
      teamRole: 'caregiver',
    });
    const { memberId: id } = (await res.json()) as { memberId: string };
    expect((await send(pro2.client, 'POST', `/api/invitations/${id}/decline`)).status).toBe(200);
    expect((await inbox(family.client)).items[0]).toMatchObject({
      kind: 'invitation_declined',
      title: 'Anil Mohammed declined your invitation to Dialysis care for Dad',
    });
  });

  it('shifts: offered, assigned, changed and cancelled tell the person on the shift; a claim tells the owner', async () => {
    await send(family.client, 'POST', `/api/care-plans/${planId}/shifts/generate`, {
      from: '2027-03-01',
      to: '2027-03-03',
    });
    const list = (await (
      await family.client.get(`/api/care-plans/${planId}/shifts?from=2027-03-01&to=2027-03-03`)
    ).json()) as {
      shifts: Array<{ id: string; shiftCode: string }>;
    };
    const [a, b, c] = list.shifts.filter((s) => s.shiftCode === 'weekday_8am_4pm');
    const kinds = async () => (await inbox(pro.client)).items.map((i) => i.kind);

    expect(
      (await send(family.client, 'POST', `/api/shifts/${a!.id}/assign`, { userId: pro.id, mode: 'offer' })).status,
    ).toBe(200);
    expect((await kinds())[0]).toBe('shift_offered');
    expect(
      (await send(family.client, 'POST', `/api/shifts/${b!.id}/assign`, { userId: pro.id, mode: 'assign' })).status,
    ).toBe(200);
    const assigned = (await inbox(pro.client)).items[0]!;
    expect(assigned).toMatchObject({ kind: 'shift_assigned', link: '/professional/schedule' });
    expect(assigned.title).toBe('You were assigned a shift on Dialysis care for Dad: Tue 2 Mar, 8:00 AM');

    expect(
      (
        await send(family.client, 'PATCH', `/api/shifts/${b!.id}`, {
          start: '2027-03-02T09:00',
          end: '2027-03-02T16:00',
          reason: 'Clinic visit',
        })
      ).status,
    ).toBe(200);
    expect((await inbox(pro.client)).items[0]).toMatchObject({
      kind: 'shift_changed',
      title: 'Your shift on Dialysis care for Dad now starts Tue 2 Mar, 9:00 AM',
      body: 'Reason: Clinic visit',
    });
    expect(
      (await send(family.client, 'POST', `/api/shifts/${b!.id}/cancel`, { reason: 'Dad is in hospital' })).status,
    ).toBe(200);
    expect((await kinds())[0]).toBe('shift_cancelled');

    // The professional claims an open shift: the owner hears of it, the professional does not.
    const before = (await inbox(pro.client)).items.length;
    expect((await send(pro.client, 'POST', `/api/shifts/${c!.id}/claim`)).status).toBe(200);
    expect((await inbox(family.client)).items[0]).toMatchObject({
      kind: 'shift_assigned',
      title: 'Marcus Joseph took a shift on Dialysis care for Dad: Wed 3 Mar, 8:00 AM',
      link: `/family/care-management/${planId}?tab=schedule`,
    });
    expect((await inbox(pro.client)).items.length).toBe(before);
    // A refused change (overlap) rolls its notification back with it.
    const other = await createPlan(stranger.client, { title: 'Other plan' });
    await addProfessional(stranger.client, other, pro);
    await send(stranger.client, 'POST', `/api/care-plans/${other}/shifts/generate`, {
      from: '2027-03-03',
      to: '2027-03-03',
    });
    const theirs = (await (
      await stranger.client.get(`/api/care-plans/${other}/shifts?from=2027-03-03&to=2027-03-03`)
    ).json()) as {
      shifts: Array<{ id: string; shiftCode: string }>;
    };
    const clash = theirs.shifts.find((s) => s.shiftCode === 'weekday_8am_4pm')!;
    const count = (await inbox(pro.client)).items.length;
    expect(
      (await send(stranger.client, 'POST', `/api/shifts/${clash.id}/assign`, { userId: pro.id, mode: 'assign' }))
        .status,
    ).toBe(409);
    expect((await inbox(pro.client)).items.length).toBe(count);
  });

  it('a shift nobody checked in to 15 minutes after its start tells the owner and the caregiver once, however often it is scanned', async () => {
    // The scan's clock is injected: it looks at the world as it will be 16 minutes after the start
    // of a shift booked earlier (no sleeping, no rewriting the shift).
    const [shift] = await t.database.db
      .select()
      .from(shifts)
      .where(sql`${shifts.planId} = ${planId} and ${shifts.status} = 'assigned'`)
      .limit(1);
    const late = new Date(shift!.startsAt.getTime() + 16 * 60_000);
    expect(await scanShiftsNotCheckedIn(t.database.db, late)).toBe(2);
    expect(await scanShiftsNotCheckedIn(t.database.db, late)).toBe(0);
    expect((await inbox(family.client)).items[0]).toMatchObject({
      kind: 'shift_not_checked_in',
      link: `/family/care-management/${planId}?tab=schedule`,
      eventAt: shift!.startsAt.toISOString(),
    });
    expect((await inbox(pro.client)).items[0]).toMatchObject({
      kind: 'shift_not_checked_in',
      title: expect.stringMatching(/^Your shift on .+ started at \d{1,2}(:\d\d)? [AP]M: please check in$/),
    });
    // 14 minutes after the start is not yet late.
    const [next] = await t.database.db
      .select()
      .from(shifts)
      .where(sql`${shifts.planId} = ${planId} and ${shifts.status} = 'assigned' and ${shifts.id} <> ${shift!.id}`)
      .limit(1);
    if (next) {
      expect(await scanShiftsNotCheckedIn(t.database.db, new Date(next.startsAt.getTime() + 14 * 60_000))).toBe(0);
    }
    // Made "in the future" by the scan's clock: removed so later tests' inboxes read newest first.
    await t.database.db.delete(notifications).where(eq(notifications.dedupeKey, `shift_not_checked_in:${shift!.id}`));
  });

  it('a support request marked resolved tells its signed-in sender', async () => {
    const [request] = await t.database.db
      .insert(supportRequests)
      .values({ userId: stranger.id, name: 'Asha', email: stranger.email, message: 'I cannot find my plan.' })
      .returning();
    const res = await send(admin.client, 'PATCH', `/api/support/requests/${request!.id}`, { status: 'resolved' });
    expect(res.status).toBe(200);
    expect((await inbox(stranger.client)).items[0]).toMatchObject({
      kind: 'support_answered',
      title: 'Our team has answered your support request',
      link: '/dashboard/family',
    });
    // Marking it resolved again does not tell them twice.
    await send(admin.client, 'PATCH', `/api/support/requests/${request!.id}`, { status: 'in_progress' });
    await send(admin.client, 'PATCH', `/api/support/requests/${request!.id}`, { status: 'resolved' });
    expect((await inbox(stranger.client)).items.filter((i) => i.kind === 'support_answered')).toHaveLength(2);
  });
});

describe('the inbox is the asker’s own', () => {
  it('lists newest first; read, all read; another person’s notification is not found', async () => {
    const box = await inbox(family.client);
    expect(box.items.length).toBeGreaterThan(2);
    const times = box.items.map((i) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const first = box.items[0]!;
    // Someone else cannot read, mark or even learn about it.
    expect((await send(pro.client, 'POST', `/api/notifications/${first.id}/read`)).status).toBe(404);
    expect((await inbox(pro.client)).items.some((i) => i.id === first.id)).toBe(false);
    expect((await send(pro.client, 'POST', '/api/notifications/not-a-uuid/read')).status).toBe(404);
    expect((await t.client().get('/api/notifications/unread-count')).status).toBe(401);

    const read = await send(family.client, 'POST', `/api/notifications/${first.id}/read`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { unread: number }).unread).toBe(box.unread - 1);
    const before = await unread(pro.client);
    expect((await send(family.client, 'POST', '/api/notifications/read-all')).status).toBe(200);
    expect(await unread(family.client)).toBe(0);
    expect(await unread(pro.client)).toBe(before);
  });
});

describe('quiet hours, digest and preferences', () => {
  it('holds non-urgent mail created at 22:00 in Port of Spain until 07:00 there; urgent mail goes now', async () => {
    const night = new Date('2027-03-02T02:00:00Z'); // 22:00 on 1 March in Port of Spain (UTC−4)
    await send(pro2.client, 'PUT', '/api/notifications/preferences', { email: {}, quietHours: true });
    await t.database.db.transaction(async (tx) => {
      await notify(
        tx,
        { kind: 'shift_offered', recipients: [pro2.id], title: 'Held', link: '/professional/schedule' },
        night,
      );
      await notify(
        tx,
        { kind: 'shift_not_checked_in', recipients: [pro2.id], title: 'Urgent', link: '/professional/schedule' },
        night,
      );
    });
    const jobs = await t.database.db
      .select({ runAt: notificationJobs.runAt, title: notifications.title })
      .from(notificationJobs)
      .innerJoin(notifications, eq(notifications.id, notificationJobs.notificationId))
      .where(sql`${notificationJobs.userId} = ${pro2.id} and ${notifications.title} in ('Held', 'Urgent')`);
    const at = Object.fromEntries(jobs.map((j) => [j.title, j.runAt.toISOString()]));
    expect(at).toEqual({ Held: '2027-03-02T11:00:00.000Z', Urgent: night.toISOString() });
    await send(pro2.client, 'PUT', '/api/notifications/preferences', { email: {}, quietHours: false });
  });

  it('digest: the day’s notifications go out as one mail at 07:00 local; off: none; in-app always', async () => {
    const res = await send(family.client, 'PUT', '/api/notifications/preferences', {
      email: { shift_assigned: 'digest', invitation_accepted: 'digest', invitation_declined: 'off' },
      quietHours: false,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { email: Record<string, string> }).email).toMatchObject({
      shift_assigned: 'digest',
      invitation_declined: 'off',
      shift_cancelled: 'now',
    });
    await drainJobs(deps);
    const sentBefore = mailsTo(family.email).length;
    await t.database.db.transaction(async (tx) => {
      await notify(tx, { kind: 'shift_assigned', recipients: [family.id], title: 'One', link: '/' });
      await notify(tx, { kind: 'invitation_accepted', recipients: [family.id], title: 'Two', link: '/' });
      await notify(tx, { kind: 'invitation_declined', recipients: [family.id], title: 'Three', link: '/' });
    });
    expect(await unread(family.client)).toBe(3);
    const digests = await t.database.db
      .select()
      .from(notificationJobs)
      .where(sql`${notificationJobs.userId} = ${family.id} and ${notificationJobs.kind} = 'digest'`);
    expect(digests).toHaveLength(1);
    // At 07:00 in Port of Spain (11:00 UTC), after now.
    expect(digests[0]!.runAt.getUTCHours()).toBe(11);
    expect(digests[0]!.runAt.getTime()).toBeGreaterThan(Date.now());
    expect((await drainJobs(deps)).sent).toBe(0);
    // The morning comes.
    await t.database.db
      .update(notificationJobs)
      .set({ runAt: new Date() })
      .where(eq(notificationJobs.id, digests[0]!.id));
    await t.database.db.execute(
      sql`update notifications set created_at = now() - interval '1 minute' where user_id = ${family.id}`,
    );
    expect((await drainJobs(deps)).sent).toBe(1);
    const mails = mailsTo(family.email).slice(sentBefore);
    expect(mails.map((m) => m.subject)).toEqual(['Your Tavara updates for today']);
    expect(mails[0]!.raw).toContain('You have 2 updates on Tavara.');
    expect((await drainJobs(deps)).claimed).toBe(0);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('works signed out, for its own kind and person only; a forged token does nothing', async () => {
    const token = unsubscribeToken(deps.secret, pro.id, 'shift_changed');
    const anonymous = t.client();
    const about = await anonymous.get(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await about.json()).toEqual({ topic: 'shift_changed', label: 'Changes to your shifts' });
    // The mail app's POST: form-encoded body, no cookies.
    const res = await anonymous.request(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    const prefs = (await (await pro.client.get('/api/notifications/preferences')).json()) as {
      email: Record<string, string>;
    };
    expect(prefs.email.shift_changed).toBe('off');
    expect(prefs.email.shift_cancelled).toBe('now');
    const others = (await (await pro2.client.get('/api/notifications/preferences')).json()) as {
      email: Record<string, string>;
    };
    expect(others.email.shift_changed).toBe('now');

    const [payload, mac] = token.split('.');
    const otherKind = Buffer.from(`${pro.id}\nshift_cancelled`).toString('base64url');
    // The MAC's first character changed (to one it is not), so the forgery never equals the real one.
    const flipped = `${mac!.startsWith('x') ? 'y' : 'x'}${mac!.slice(1)}`;
    for (const forged of [`${otherKind}.${mac}`, `${payload}.${flipped}`, 'nonsense']) {
      const r = await anonymous.request(`/api/notifications/unsubscribe?token=${encodeURIComponent(forged)}`, {
        method: 'POST',
      });
      expect(r.status).toBe(404);
    }
    expect(
      ((await (await pro.client.get('/api/notifications/preferences')).json()) as { email: Record<string, string> })
        .email.shift_cancelled,
    ).toBe('now');

    // An unsubscribed kind still reaches the inbox, and no mail is queued for it.
    await t.database.db.transaction((tx) =>
      notify(tx, { kind: 'shift_changed', recipients: [pro.id], title: 'Moved', link: '/professional/schedule' }),
    );
    const moved = (await inbox(pro.client)).items[0]!;
    expect(moved.title).toBe('Moved');
    expect(
      await t.database.db.select().from(notificationJobs).where(eq(notificationJobs.notificationId, moved.id)),
    ).toEqual([]);
  });
});

describe('delivery: retries, failure, admin retry, exactly once', () => {
  it('a refused mail is retried with backoff, ends failed for admins, and an audited retry sends it', async () => {
    smtp.refuseWith = { code: 451, message: 'Try again later' };
    await t.database.db.transaction((tx) =>
      notify(tx, { kind: 'shift_offered', recipients: [pro2.id], title: 'Offer', link: '/professional/schedule' }),
    );
    const first = await drainJobs(deps);
    expect(first.retry).toBe(1);
    const [job] = await t.database.db
      .select()
      .from(notificationJobs)
      .where(sql`${notificationJobs.userId} = ${pro2.id} and ${notificationJobs.lastError} is not null`);
    expect(job!.attempts).toBe(1);
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(job!.lastError).toMatch(/Try again later/);
    // Time passes until the last attempt.
    for (let attempt = 2; attempt <= job!.maxAttempts; attempt++) {
      await t.database.db.update(notificationJobs).set({ runAt: new Date() }).where(eq(notificationJobs.id, job!.id));
      await drainJobs(deps);
    }
    const [failed] = await t.database.db.select().from(notificationJobs).where(eq(notificationJobs.id, job!.id));
    expect(failed!.status).toBe('failed');

    const queue = await admin.client.get('/api/admin/notifications/queue');
    expect(queue.status).toBe(200);
    const overview = (await queue.json()) as {
      counts: Record<string, number>;
      failures: Array<{ id: number; lastError: string; label: string }>;
    };
    expect(overview.counts.failed).toBe(1);
    expect(overview.failures[0]).toMatchObject({ id: job!.id, label: 'Shifts offered to you' });
    expect(overview.failures[0]!.lastError).toMatch(/Try again later/);
    expect((await pro.client.get('/api/admin/notifications/queue')).status).toBe(403);
    expect((await send(pro.client, 'POST', `/api/admin/notifications/jobs/${job!.id}/retry`)).status).toBe(403);

    smtp.refuseWith = null;
    expect((await send(admin.client, 'POST', `/api/admin/notifications/jobs/${job!.id}/retry`)).status).toBe(200);
    expect((await send(admin.client, 'POST', `/api/admin/notifications/jobs/${job!.id}/retry`)).status).toBe(409);
    expect((await send(admin.client, 'POST', '/api/admin/notifications/jobs/999999/retry')).status).toBe(404);
    expect((await drainJobs(deps)).sent).toBe(1);
    const log = (await (await admin.client.get('/api/admin/audit-log')).json()) as {
      entries: Array<{ action: string; targetId: string }>;
    };
    expect(log.entries[0]).toMatchObject({ action: 'notification_job.retried', targetId: String(job!.id) });
  });

  it('two workers share the queue: each mail once; a lapsed claim (a killed worker) is taken over, and the old claim cannot mark it', async () => {
    const start = smtp.received.length;
    await t.database.db.transaction((tx) =>
      notify(tx, {
        kind: 'shift_offered',
        recipients: [pro2.id],
        title: 'Many',
        link: '/professional/schedule',
      }),
    );
    // 60 more, for two users, through the real API path of notify.
    for (let i = 0; i < 30; i++) {
      await t.database.db.transaction((tx) =>
        notify(tx, { kind: 'shift_changed', recipients: [pro2.id, family.id], title: `Change ${i}`, link: '/' }),
      );
    }
    // Worker "dead" claims a batch and is killed before sending (its lease is 1 ms).
    const dead = await claimJobs(t.database.db, 'dead-worker', 1, 10);
    expect(dead).toHaveLength(10);
    await new Promise((r) => setTimeout(r, 20));
    const [a, b] = await Promise.all([
      drainJobs(deps, { workerId: 'worker-a', batchSize: 7, concurrency: 3 }),
      drainJobs(deps, { workerId: 'worker-b', batchSize: 7, concurrency: 3 }),
    ]);
    expect(a.sent + b.sent).toBe(61);
    const ids = smtp.received.slice(start).map((m) => m.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(61);
    // The dead worker wakes up: its lease is gone, so it cannot mark or resend anything.
    const late = await runDueJobs(deps, { workerId: 'dead-worker' });
    expect(late.claimed).toBe(0);
  });
});
