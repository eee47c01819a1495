import { and, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { carePlans, shifts } from '../../db/schema/care-plans';
import { notifications } from '../../db/schema/notifications';
import { notifyAll, type NotificationEvent } from './notify';

/**
 * Reminders found by looking, not caused by a request: run by every worker instance on a timer.
 * Each finding carries a dedupe key, so two instances scanning at once, or one scanning again,
 * notify each person once (the unique (user, key) index decides).
 */

/** A shift still "assigned" this long after its start: nobody checked in. */
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
      familyId: carePlans.familyId,
      title: carePlans.title,
    })
    .from(shifts)
    .innerJoin(carePlans, eq(carePlans.id, shifts.planId))
    .where(
      and(
        eq(shifts.status, 'assigned'),
        isNotNull(shifts.assigneeId),
        lte(shifts.startsAt, due),
        gt(shifts.startsAt, since),
        isNull(carePlans.archivedAt),
        sql`not exists (select 1 from ${notifications} n where n.user_id = ${carePlans.familyId} and n.dedupe_key = 'shift_not_checked_in:' || ${shifts.id})`,
      ),
    )
    .limit(SCAN_LIMIT);
  if (rows.length === 0) return 0;
  const events: NotificationEvent[] = rows.flatMap((r) => [
    {
      kind: 'shift_not_checked_in' as const,
      recipients: [r.familyId],
      title: `Nobody has checked in for a shift on ${r.title}`,
      body: 'The shift started 15 minutes ago. You may want to call your caregiver or find cover.',
      link: `/family/care-management/${r.planId}?tab=schedule`,
      dedupeKey: `shift_not_checked_in:${r.shiftId}`,
    },
    {
      kind: 'shift_not_checked_in' as const,
      recipients: [r.assigneeId],
      title: 'Your shift started 15 minutes ago: please check in',
      body: `Check in on your schedule for ${r.title}, or tell the family if you cannot come.`,
      link: '/professional/schedule',
      dedupeKey: `shift_not_checked_in:${r.shiftId}`,
    },
  ]);
  return db.transaction((tx) => notifyAll(tx, events, now));
}
