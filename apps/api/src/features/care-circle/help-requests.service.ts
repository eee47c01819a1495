import {
  CIRCLE_MESSAGES as C,
  HELP_KIND_LABELS,
  type HelpKind,
  type helpRequestInputSchema,
  type SignupStatus,
} from '@tavara/shared/care-circle/care-circle';
import { CARE_PLAN_MESSAGES as M } from '@tavara/shared/care-plans/care-plans';
import { formatDateTime } from '@tavara/shared/time/format';
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { carePlans } from '../../db/schema/care-plans';
import { helpRequests, helpSignups } from '../../db/schema/care-circle';
import { helpOffers } from '../../db/schema/community-help';
import { notifications } from '../../db/schema/notifications';
import { peopleByIds } from '../../domain/people';
import { loadVillagePlan, UUID, type VillageContext } from '../../domain/plan-access';
import { localToInstant } from '../../domain/plan-time';
import { type Viewer } from '../../domain/viewer';
import { AppError } from '../../lib/app-error';
import { notify, notifyAll, resolveNotifications, type NotificationEvent } from '../../lib/notifications/notify';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-error';
import { circlePath, helpTasksOf } from '../../domain/help-tasks';

/**
 * Help requests (issue 30): the family (and relatives on the team) ask for a meal, a ride, a
 * visit…; the village signs up, one helper per slot — the partial unique index on (request, slot)
 * decides between people signing up at once — cancels with a note, marks it done; the family
 * thanks them. The place is shown only to the family and to whoever signed up.
 */

type HelpRequestInput = z.output<typeof helpRequestInputSchema>;
type RequestRow = typeof helpRequests.$inferSelect;

const gone = () => new AppError('not_found', C.requestGone);

/**
 * What a request's asker may do: the village's access, or `helper` for a community member whose
 * offer on the shared request was accepted (item 3) — that request only, nothing else of the plan.
 */
export type RequestContext = VillageContext | { plan: VillageContext['plan']; access: 'helper'; membership: null };

/** Who may post and cancel requests: the owner and relatives on the team. */
export function canOrganise(ctx: RequestContext) {
  return ctx.access === 'owner' || (ctx.access === 'member' && ctx.membership?.kind === 'family');
}
/** Who may sign up: the circle and the team (the family asks; admins only look). */
function canHelp(ctx: RequestContext) {
  return ctx.access === 'circle' || ctx.access === 'member';
}

export async function loadRequest(
  db: Database,
  viewer: Viewer,
  requestId: string,
): Promise<{ request: RequestRow; ctx: RequestContext }> {
  if (!UUID.test(requestId)) throw gone();
  const [request] = await db.select().from(helpRequests).where(eq(helpRequests.id, requestId));
  if (!request) throw gone();
  // A request outside the viewer's village is "no access", the same as one that does not exist —
  // unless the family accepted the viewer's offer on it: then they are its helper.
  const ctx = await loadVillagePlan(db, viewer, request.planId).catch(async () => {
    const helper = await acceptedHelperPlan(db, viewer.id, request);
    if (!helper) throw gone();
    return helper;
  });
  return { request, ctx };
}

async function acceptedHelperPlan(db: Database, userId: string, request: RequestRow): Promise<RequestContext | null> {
  const [row] = await db
    .select({ plan: carePlans })
    .from(helpOffers)
    .innerJoin(carePlans, eq(carePlans.id, request.planId))
    .where(
      and(
        eq(helpOffers.requestId, request.id),
        eq(helpOffers.userId, userId),
        eq(helpOffers.status, 'accepted'),
        isNull(carePlans.archivedAt),
      ),
    )
    .limit(1);
  return row ? { plan: row.plan, access: 'helper', membership: null } : null;
}

export async function createHelpRequest(db: Database, viewer: Viewer, planId: string, input: HelpRequestInput) {
  const ctx = await loadVillagePlan(db, viewer, planId);
  if (!canOrganise(ctx)) throw new AppError('forbidden', M.ownerOnly);
  const zone = ctx.plan.timeZone;
  const startsAt = localToInstant(input.start, zone);
  const endsAt = localToInstant(input.end, zone);
  if (endsAt <= new Date()) {
    const message = 'Choose a time that has not passed yet.';
    throw new AppError('validation_failed', message, { end: message });
  }
  const [row] = await db
    .insert(helpRequests)
    .values({
      clientKey: input.clientKey ?? null,
      planId,
      kind: input.kind,
      title: input.title,
      startsAt,
      endsAt,
      place: input.place,
      notes: input.notes,
      helpersNeeded: input.helpersNeeded,
      createdById: viewer.id,
    })
    .onConflictDoNothing({ target: [helpRequests.planId, helpRequests.clientKey] })
    .returning();
  if (row) return { id: row.id, created: true };
  const [earlier] = await db
    .select({ id: helpRequests.id })
    .from(helpRequests)
    .where(and(eq(helpRequests.planId, planId), eq(helpRequests.clientKey, input.clientKey!)));
  return { id: earlier!.id, created: false };
}

/** The family (or the relative who posted it) calls a request off; its helpers are told. */
export async function cancelHelpRequest(db: Database, viewer: Viewer, requestId: string) {
  const { request, ctx } = await loadRequest(db, viewer, requestId);
  if (!canOrganise(ctx)) throw new AppError('forbidden', M.ownerOnly);
  return db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(helpRequests)
      .set({ status: 'cancelled' })
      .where(and(eq(helpRequests.id, requestId), eq(helpRequests.status, 'open')))
      .returning();
    if (!cancelled) throw gone();
    const coming = await tx
      .select({ id: helpSignups.id, userId: helpSignups.userId })
      .from(helpSignups)
      .where(and(eq(helpSignups.requestId, requestId), eq(helpSignups.status, 'coming')));
    await resolveNotifications(
      tx,
      coming.flatMap((s) => [`help_reminder:${s.id}`, `help_signed_up:${s.id}`]),
      () => 'The family called this request off.',
    );
    await notify(tx, {
      kind: 'help_cancelled',
      recipients: coming.map((s) => s.userId),
      actorId: viewer.id,
      title: (zone) => `${requestLabel(request)} on ${formatDateTime(request.startsAt, zone)} is no longer needed`,
      link: circlePath(request.planId),
    });
    return { id: requestId, status: 'cancelled' as const };
  });
}

export function requestLabel(r: Pick<RequestRow, 'kind' | 'title'>) {
  return r.title || HELP_KIND_LABELS[r.kind as HelpKind];
}

/**
 * Takes the lowest free slot for `userId` and runs `then` in the same transaction. Each attempt is
 * one INSERT the unique index accepts or refuses, so of N people after the last slot at once
 * exactly one gets it; a refused attempt reads the slots again (someone may have cancelled) until
 * none is left. Used by a sign-up and by the family accepting a community member's offer.
 */
export async function takeSlot<T>(
  db: Database,
  request: RequestRow,
  userId: string,
  then: (tx: Parameters<Parameters<Database['transaction']>[0]>[0], signup: { id: string; slot: number }) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; attempt <= request.helpersNeeded; attempt++) {
    const live = await db
      .select({ slot: helpSignups.slot, userId: helpSignups.userId })
      .from(helpSignups)
      .where(and(eq(helpSignups.requestId, request.id), inArray(helpSignups.status, ['coming', 'done'])));
    if (live.some((s) => s.userId === userId)) throw new AppError('conflict', C.alreadySignedUp);
    const taken = new Set(live.map((s) => s.slot));
    const slot = Array.from({ length: request.helpersNeeded }, (_, i) => i + 1).find((s) => !taken.has(s));
    if (slot === undefined) throw new AppError('conflict', C.slotsFull);
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx.insert(helpSignups).values({ requestId: request.id, userId, slot }).returning();
        return then(tx, { id: row!.id, slot });
      });
    } catch (error) {
      if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
      // Someone else took that slot (or this person signed up in another tab): read again.
    }
  }
  throw new AppError('conflict', C.slotsFull);
}

export async function signUp(db: Database, viewer: Viewer, requestId: string, now = new Date()) {
  const { request, ctx } = await loadRequest(db, viewer, requestId);
  if (!canHelp(ctx)) throw new AppError('forbidden', 'Only the care circle and the care team sign up to help.');
  if (request.status !== 'open') throw gone();
  if (request.endsAt <= now) throw new AppError('conflict', C.requestOver);
  const name = (await peopleByIds(db, [viewer.id])).get(viewer.id)?.name ?? 'Someone';
  return takeSlot(db, request, viewer.id, async (tx, row) => {
    await notify(tx, {
      kind: 'help_signed_up',
      recipients: [ctx.plan.familyId, request.createdById],
      actorId: viewer.id,
      title: (zone) => `${name} is coming for ${requestLabel(request)} on ${formatDateTime(request.startsAt, zone)}`,
      link: circlePath(request.planId),
      dedupeKey: `help_signed_up:${row.id}`,
    });
    return row;
  });
}

async function loadSignup(db: Database, viewer: Viewer, signupId: string) {
  if (!UUID.test(signupId)) throw new AppError('not_found', C.signupGone);
  const [signup] = await db.select().from(helpSignups).where(eq(helpSignups.id, signupId));
  if (!signup) throw new AppError('not_found', C.signupGone);
  const { request, ctx } = await loadRequest(db, viewer, signup.requestId).catch(() => {
    throw new AppError('not_found', C.signupGone);
  });
  return { signup, request, ctx };
}

/** The helper can no longer come: their slot is free again and the family is told why. */
export async function cancelSignup(db: Database, viewer: Viewer, signupId: string, note: string | null) {
  const { signup, request, ctx } = await loadSignup(db, viewer, signupId);
  if (signup.userId !== viewer.id) throw new AppError('forbidden', 'Only the helper can cancel their sign-up.');
  const name = (await peopleByIds(db, [viewer.id])).get(viewer.id)?.name ?? 'Someone';
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(helpSignups)
      .set({ status: 'cancelled', cancelNote: note, cancelledAt: new Date() })
      .where(and(eq(helpSignups.id, signupId), eq(helpSignups.status, 'coming')))
      .returning();
    if (!row) throw new AppError('not_found', C.signupGone);
    // A community helper who cancels is no longer the request's helper; they may offer again.
    await tx
      .update(helpOffers)
      .set({ status: 'withdrawn', decidedAt: new Date() })
      .where(and(eq(helpOffers.signupId, signupId), eq(helpOffers.status, 'accepted')));
    await resolveNotifications(
      tx,
      [`help_reminder:${signupId}`, `help_signed_up:${signupId}`],
      () => `${name} cancelled.`,
    );
    await notify(tx, {
      kind: 'help_cancelled',
      recipients: [ctx.plan.familyId, request.createdById],
      actorId: viewer.id,
      title: (zone) =>
        `${name} can no longer come for ${requestLabel(request)} on ${formatDateTime(request.startsAt, zone)}`,
      body: note ?? '',
      link: circlePath(request.planId),
    });
    return { id: row.id, status: row.status as SignupStatus };
  });
}

/** The helper, or the family, marks the help done. */
export async function markSignupDone(db: Database, viewer: Viewer, signupId: string) {
  const { signup, ctx } = await loadSignup(db, viewer, signupId);
  if (signup.userId !== viewer.id && !canOrganise(ctx))
    throw new AppError('forbidden', 'Only the helper or the family marks this done.');
  const [row] = await db
    .update(helpSignups)
    .set({ status: 'done', doneAt: new Date() })
    .where(and(eq(helpSignups.id, signupId), eq(helpSignups.status, 'coming')))
    .returning();
  if (!row) throw new AppError('not_found', C.signupGone);
  return { id: row.id, status: row.status as SignupStatus };
}

/** The family thanks a helper, once. */
export async function thankHelper(db: Database, viewer: Viewer, signupId: string, message: string | null) {
  const { signup, request, ctx } = await loadSignup(db, viewer, signupId);
  if (!canOrganise(ctx)) throw new AppError('forbidden', M.ownerOnly);
  const name = (await peopleByIds(db, [viewer.id])).get(viewer.id)?.name ?? 'The family';
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(helpSignups)
      .set({ thankedAt: new Date(), thanksMessage: message })
      .where(
        and(
          eq(helpSignups.id, signupId),
          inArray(helpSignups.status, ['coming', 'done']),
          isNull(helpSignups.thankedAt),
        ),
      )
      .returning();
    if (!row) throw new AppError('conflict', 'This helper has already been thanked.');
    await notify(tx, {
      kind: 'help_thanked',
      recipients: [signup.userId],
      actorId: viewer.id,
      title: `${name} thanked you for ${requestLabel(request)}`,
      body: message ?? '',
      link: circlePath(request.planId),
    });
    return { id: row.id, thankedAt: row.thankedAt!.toISOString() };
  });
}

/**
 * A plan's help requests, upcoming first (or the past ones, newest first). Each helper's name and
 * state; the place only for the family and for someone who signed up.
 */
export async function listHelpRequests(
  db: Database,
  viewer: Viewer,
  planId: string,
  when: 'upcoming' | 'past',
  now = new Date(),
) {
  const ctx = await loadVillagePlan(db, viewer, planId);
  const requests = await db
    .select()
    .from(helpRequests)
    .where(
      and(
        eq(helpRequests.planId, planId),
        when === 'upcoming' ? gt(helpRequests.endsAt, now) : lte(helpRequests.endsAt, now),
      ),
    )
    .orderBy(when === 'upcoming' ? asc(helpRequests.startsAt) : desc(helpRequests.startsAt))
    .limit(100);
  const signups =
    requests.length === 0
      ? []
      : await db
          .select()
          .from(helpSignups)
          .where(
            inArray(
              helpSignups.requestId,
              requests.map((r) => r.id),
            ),
          )
          .orderBy(asc(helpSignups.createdAt));
  const people = await peopleByIds(db, [
    ...signups.map((s) => s.userId),
    ...requests.flatMap((r) => (r.createdById ? [r.createdById] : [])),
  ]);
  const organiser = canOrganise(ctx);
  // Community members' offers on shared requests: the family's to answer, so only theirs to see.
  const offers = organiser
    ? await offersForRequests(
        db,
        requests.map((r) => r.id),
      )
    : [];
  return {
    canOrganise: organiser,
    canHelp: canHelp(ctx),
    timeZone: ctx.plan.timeZone,
    requests: requests.map((r) => {
      const own = signups.filter((s) => s.requestId === r.id);
      const mine = own.find((s) => s.userId === viewer.id && s.status !== 'cancelled') ?? null;
      const live = own.filter((s) => s.status !== 'cancelled');
      return {
        id: r.id,
        kind: r.kind as HelpKind,
        title: r.title,
        start: r.startsAt.toISOString(),
        end: r.endsAt.toISOString(),
        notes: r.notes,
        place: organiser || mine ? r.place : null,
        hasPlace: r.place !== null,
        helpersNeeded: r.helpersNeeded,
        status: r.status,
        publicRegion: organiser ? r.publicRegion : null,
        offers: offers.filter((o) => o.requestId === r.id).map(({ requestId: _requestId, ...o }) => o),
        postedBy: r.createdById ? (people.get(r.createdById)?.name ?? null) : null,
        filled: live.length,
        mySignupId: mine?.id ?? null,
        helpers: (organiser ? own : live).map((s) => ({
          id: s.id,
          userId: s.userId,
          name: people.get(s.userId)?.name ?? 'Former member',
          photoUrl: people.get(s.userId)?.photoUrl ?? null,
          status: s.status as SignupStatus,
          cancelNote: organiser || s.userId === viewer.id ? s.cancelNote : null,
          thankedAt: s.thankedAt?.toISOString() ?? null,
          thanksMessage: organiser || s.userId === viewer.id ? s.thanksMessage : null,
        })),
      };
    }),
  };
}

/** The offers on a plan's requests, for the family's circle page. */
async function offersForRequests(db: Database, requestIds: string[]) {
  if (requestIds.length === 0) return [];
  const rows = await db
    .select({
      id: helpOffers.id,
      requestId: helpOffers.requestId,
      userId: helpOffers.userId,
      createdAt: helpOffers.createdAt,
    })
    .from(helpOffers)
    .where(and(inArray(helpOffers.requestId, requestIds), eq(helpOffers.status, 'offered')))
    .orderBy(asc(helpOffers.createdAt));
  const people = await peopleByIds(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => ({
    id: r.id,
    requestId: r.requestId,
    name: people.get(r.userId)?.name ?? 'A community member',
    photoUrl: people.get(r.userId)?.photoUrl ?? null,
    offeredAt: r.createdAt.toISOString(),
  }));
}

/** The signed-in person's own upcoming help (their dashboard and circle pages). */
export async function myHelpTasks(db: Database, viewer: Viewer, now = new Date()) {
  return (await helpTasksOf(db, viewer.id, { from: now })).map(({ updatedAt: _updatedAt, ...task }) => task);
}

// ——— the day-before reminder (a scan, decision 032) ———

export const HELP_REMINDER_BEFORE_MS = 24 * 60 * 60_000;
const SCAN_LIMIT = 5_000;

/**
 * Helpers whose help starts within a day are reminded once (dedupe key per sign-up). Only a
 * sign-up made more than a day ahead is reminded: whoever signed up this morning for this
 * afternoon knows, and "tomorrow" would be untrue. A cancelled sign-up or request is never
 * reminded; their reminders are resolved by the cancel itself.
 */
export async function scanHelpReminders(db: Database, now = new Date()): Promise<number> {
  const horizon = new Date(now.getTime() + HELP_REMINDER_BEFORE_MS);
  const rows = await db
    .select({ signup: helpSignups, request: helpRequests, planTitle: carePlans.title })
    .from(helpSignups)
    .innerJoin(helpRequests, eq(helpRequests.id, helpSignups.requestId))
    .innerJoin(carePlans, eq(carePlans.id, helpRequests.planId))
    .where(
      and(
        eq(helpSignups.status, 'coming'),
        eq(helpRequests.status, 'open'),
        gt(helpRequests.startsAt, now),
        lte(helpRequests.startsAt, horizon),
        sql`${helpSignups.createdAt} < ${helpRequests.startsAt} - interval '24 hours'`,
        isNull(carePlans.archivedAt),
        sql`not exists (select 1 from ${notifications} n where n.user_id = ${helpSignups.userId} and n.dedupe_key = 'help_reminder:' || ${helpSignups.id})`,
      ),
    )
    .limit(SCAN_LIMIT);
  if (rows.length === 0) return 0;
  const events: NotificationEvent[] = rows.map((r) => ({
    kind: 'help_reminder',
    recipients: [r.signup.userId],
    title: (zone: string) =>
      `Reminder: ${requestLabel(r.request)} for ${r.planTitle}, ${formatDateTime(r.request.startsAt, zone)}`,
    link: circlePath(r.request.planId),
    dedupeKey: `help_reminder:${r.signup.id}`,
    eventAt: r.request.startsAt,
  }));
  return db.transaction((tx) => notifyAll(tx, events, now));
}
