import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { trainingCertificates } from '../db/schema/training';

/**
 * "Tavara training completed" (issue 21) for anyone other than the professional: read from the
 * certificate record — a certificate that is not revoked — never from what a profile says.
 * Every page that shows the badge on someone else (the care-plan invite search today; the
 * profile hub and matching later) asks through here, so they cannot disagree. Lives in lib/
 * because api features do not import each other. The partial unique index on
 * (user_id) WHERE revoked_at IS NULL answers it from the index.
 */

/**
 * A boolean for a select — `trainingCompleted: trainingCompletedSql(user.id)` — or a filter
 * (`where(trainingCompletedSql(user.id))`) over rows whose user id is `userId`.
 */
export function trainingCompletedSql(userId: AnyColumn | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${trainingCertificates} where ${trainingCertificates.userId} = ${userId} and ${trainingCertificates.revokedAt} is null)`.mapWith(
    Boolean,
  );
}
