import { formatTimeIn } from '@tavara/shared/time/relative';
import { and, eq, gt, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { carePlans, shifts } from '../../db/schema/care-plans';
import { notifications } from '../../db/schema/notifications';
import { notifyAll, type NotificationEvent } from './notify';

/**
 * Reminders found by looking, not caused by a request: run by every worker instance on a timer.
 * Each finding carries a dedupe key, so two instances scanning at once, or one scanning again,
 * notify each person once (the unique (user, key) index decides).
 */

/**
 * A shift still "assigned" this long after its start: nobody checked in. Only a shift that was
 * assigned BEFORE its start is a missed check-in (issue 28): one taken after it started was never
 * expected to be checked in at its start, so it is not alerted.
 */
export const NOT_CHECKED_IN_AFTER_MS = 15 * 60_000;
/** Older shifts are history, not reminders (a server that was down for a day does not send a flood). */
const LOOK_BACK_MS = 12 * 60 * 60_000;
const SCAN_LIMIT = 5_000;

export async function scanShiftsNotCheckedIn(db: Database, now = new Date()): Promise<number> {
  const due = new Date(now.getTime() - NOT_CHECKED_IN_AFTER_MS);
  const since = new Date(now.getTime() - LOOK_BACK_MS);
  const rows = await db
    .select({
      shiftId: shifts.id,
      planId: shifts.planId,
      assigneeId: shifts.assigneeId,
      startsAt: shifts.startsAt,
      familyId: carePlans.familyId,
      title: carePlans.title,
      recipientName: carePlans.recipientName,
    })
    .from(shifts)
    .innerJoin(carePlans, eq(carePlans.id, shifts.planId))
    .where(
      and(
        eq(shifts.status, 'assigned'),
        isNotNull(shifts.assigneeId),
        lte(shifts.startsAt, due),
        gt(shifts.startsAt, since),
        // Assigned before it started (a shift made or taken after its start is not "missed").
        lt(shifts.assignedAt, shifts.startsAt),
        lt(shifts.createdAt, shifts.startsAt),
        isNull(carePlans.archivedAt),
        sql`not exists (select 1 from ${notifications} n where n.user_id = ${carePlans.familyId} and n.dedupe_key = 'shift_not_checked_in:' || ${shifts.id})`,
      ),
    )
    .limit(SCAN_LIMIT);
  if (rows.length === 0) return 0;
  // Worded per recipient in their zone; "started N minutes ago" is worded when read or sent.
  const events: NotificationEvent[] = rows.flatMap((r) => [
    {
      kind: 'shift_not_checked_in' as const,
      recipients: [r.familyId],
      title: (zone: string) => `Nobody has checked in for the ${formatTimeIn(r.startsAt, zone)} shift on ${r.title}`,
      body: 'You may want to call your caregiver or find cover.',
      link: `/family/care-management/${r.planId}?tab=schedule`,
      dedupeKey: `shift_not_checked_in:${r.shiftId}`,
      eventAt: r.startsAt,
      about: r.recipientName,
    },
    {
      kind: 'shift_not_checked_in' as const,
      recipients: [r.assigneeId],
      title: (zone: string) => `Your shift on ${r.title} started at ${formatTimeIn(r.startsAt, zone)}: please check in`,
      body: 'Check in on your schedule, or tell the family if you cannot come.',
      link: '/professional/schedule',
      dedupeKey: `shift_not_checked_in:${r.shiftId}`,
      eventAt: r.startsAt,
      about: r.recipientName,
    },
  ]);
  return db.transaction((tx) => notifyAll(tx, events, now));
}
