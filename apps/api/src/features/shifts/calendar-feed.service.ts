import { createHash, randomBytes } from 'node:crypto';
import { effectiveShiftStatus } from '@tavara/shared/shifts/shifts';
import { and, asc, eq, gte, inArray, lt, or } from 'drizzle-orm';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { Database } from '../../db/client';
import { calendarFeeds, carePlans, shifts } from '../../db/schema/care-plans';
import { circlePath, helpTasksOf } from '../../domain/help-tasks';
import { HELP_KIND_LABELS } from '@tavara/shared/care-circle/care-circle';

/**
 * A private, revocable iCalendar feed per person (issue 16 §6). The URL carries a random secret;
 * only its SHA-256 is stored, so a database leak does not leak feeds. Making a new link revokes
 * the old one; revoking deletes it.
 */
const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function feedUrl(appUrl: string, token: string) {
  return `${appUrl}/api/calendar/${token}.ics`;
}

export async function getFeedStatus(db: Database, userId: string) {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return { active: Boolean(row), createdAt: row?.createdAt.toISOString() ?? null };
}

export async function createFeed(db: Database, appUrl: string, userId: string) {
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: hash(token) })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hash(token), createdAt: new Date() } });
  return { url: feedUrl(appUrl, token) };
}

export async function revokeFeed(db: Database, userId: string) {
  const rows = await db
    .delete(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .returning({ userId: calendarFeeds.userId });
  return { revoked: rows.length > 0 };
}

/** The feed's text, or null for an unknown or revoked token. Shifts from 30 days back to 180 ahead. */
export async function renderFeed(db: Database, appUrl: string, token: string): Promise<string | null> {
  if (!TOKEN.test(token)) return null;
  const [feed] = await db
    .select()
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, hash(token)));
  if (!feed) return null;
  const now = Date.now();
  const rows = await db
    .select({ shift: shifts, title: carePlans.title, familyId: carePlans.familyId })
    .from(shifts)
    .innerJoin(carePlans, eq(carePlans.id, shifts.planId))
    .where(
      and(
        or(eq(shifts.assigneeId, feed.userId), eq(carePlans.familyId, feed.userId)),
        inArray(shifts.status, ['open', 'offered', 'assigned', 'in_progress', 'done', 'missed']),
        gte(shifts.endsAt, new Date(now - 30 * 86_400_000)),
        lt(shifts.startsAt, new Date(now + 180 * 86_400_000)),
      ),
    )
    .orderBy(asc(shifts.startsAt))
    .limit(2000);
  const calendar = ical({
    name: 'Tavara care shifts',
    method: ICalCalendarMethod.PUBLISH,
    prodId: '//Tavara//Care shifts//EN',
  });
  for (const { shift, title, familyId } of rows) {
    // The same status the pages show: an unattended shift whose end has passed is missed.
    const status = effectiveShiftStatus(shift);
    const open = status === 'open' || status === 'offered';
    const label = status === 'missed' ? ' (missed)' : familyId === feed.userId && open ? ' (nobody assigned)' : '';
    calendar.createEvent({
      id: `${shift.id}@tavara`,
      start: shift.startsAt,
      end: shift.endsAt,
      summary: `Care shift${label}: ${title}`,
      url:
        familyId === feed.userId
          ? `${appUrl}/family/care-management/${shift.planId}?tab=schedule`
          : `${appUrl}/professional/assignments/${shift.planId}`,
      stamp: shift.updatedAt,
    });
  }
  // Issue 30: the help they signed up for. The place is theirs to see (they signed up for it).
  const help = await helpTasksOf(db, feed.userId, {
    from: new Date(now - 30 * 86_400_000),
    to: new Date(now + 180 * 86_400_000),
    limit: 500,
  });
  for (const task of help) {
    calendar.createEvent({
      id: `help-${task.signupId}@tavara`,
      start: new Date(task.start),
      end: new Date(task.end),
      summary: `Helping: ${task.title || HELP_KIND_LABELS[task.kind]}${task.planTitle ? ` (${task.planTitle})` : ''}`,
      ...(task.place ? { location: task.place } : {}),
      url: `${appUrl}${task.fromCommunity ? '/dashboard/community' : circlePath(task.planId)}`,
      stamp: task.updatedAt,
    });
  }
  return calendar.toString();
}
