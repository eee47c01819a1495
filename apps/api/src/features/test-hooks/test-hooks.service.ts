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

/**
 * A hook-made session stands for a complete sign-in: for an account with two-factor on, that
 * includes the second step (issue 32: the admin area asks that this session gave a code).
 */
export async function markSessionAsSecondFactor(db: Database, sessionId: string) {
  await db.execute(sql`
    update sessions s
       set two_factor_verified_at = now()
      from users u
     where u.id = s.user_id and u.two_factor_enabled and s.id = ${sessionId}`);
}
