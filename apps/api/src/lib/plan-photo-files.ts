import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { carePlans } from '../db/schema/care-plans';
import { planUpdatePhotos, planUpdates } from '../db/schema/plan-updates';
import { planUpdatePhotoDir } from './upload-dirs';

/**
 * The files of the updates' photos on plans about to be deleted (decision 042). The rows go with
 * the plan (cascade), the files do not: so the paths are read before the deletion, and removed
 * after its commit — a failed removal leaves an orphan file, never a half-deleted plan.
 */
export async function photoFilesOfPlans(
  db: Database,
  dataDir: string,
  plans: { planIds: readonly string[] } | { ownerId: string },
): Promise<string[]> {
  if ('planIds' in plans && plans.planIds.length === 0) return [];
  const onPlans =
    'ownerId' in plans
      ? inArray(
          planUpdates.planId,
          db.select({ id: carePlans.id }).from(carePlans).where(eq(carePlans.familyId, plans.ownerId)),
        )
      : inArray(planUpdates.planId, [...plans.planIds]);
  const rows = await db
    .select({ id: planUpdatePhotos.id })
    .from(planUpdatePhotos)
    .innerJoin(planUpdates, eq(planUpdates.id, planUpdatePhotos.updateId))
    .where(onPlans);
  const dir = planUpdatePhotoDir(dataDir);
  return rows.map((r) => join(dir, `${r.id}.jpg`));
}
