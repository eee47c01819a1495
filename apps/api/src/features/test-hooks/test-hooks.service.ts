import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * A medication that has been on Tavara since its start date (issue 28: nothing before the instant
 * it was added is expected), so a journey can record and report past days.
 */
export async function medicationAddedOnStartDate(db: Database, medicationId: string) {
  await db.execute(sql`
    update medications m
       set created_at = (m.start_date::timestamp at time zone p.time_zone)
      from care_plans p
     where p.id = m.plan_id and m.id = ${medicationId}`);
}
