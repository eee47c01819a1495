import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { user } from '../db/schema/auth';
import { notify, type NotificationEvent, type NotifyWriter } from '../lib/notifications/notify';

// ——— notifications (issue 18): written in the transaction of the change ———

export const ownerPlanLink = (planId: string, tab: 'team' | 'schedule') =>
  `/family/care-management/${planId}?tab=${tab}`;
export const PRO_SCHEDULE = '/professional/schedule';

/** Where a team member finds a plan's shifts: professionals on their schedule, relatives on the plan. */
export async function memberLink(db: Database, planId: string, userId: string) {
  const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, userId));
  return row?.role === 'professional' ? PRO_SCHEDULE : `/family/care-management/${planId}?tab=schedule`;
}

export async function notifyEach(tx: NotifyWriter, events: Array<NotificationEvent | null>) {
  for (const event of events) if (event) await notify(tx, event);
}
