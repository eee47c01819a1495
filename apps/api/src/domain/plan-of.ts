import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { shifts } from '../db/schema/care-plans';
import { doseRecords, medications } from '../db/schema/medications';
import { UUID } from './plan-access';

/**
 * The plan a thing inside a plan belongs to, for routes keyed by that thing (`/shifts/:shiftId`,
 * `/medications/:medicationId`, `/dose-records/:recordId`): `plan.memberVia(kind)` /
 * `plan.ownerVia(kind)` (auth/allow.ts) resolve the plan with these, then check it as
 * `plan.member()` / `plan.owner()` do. One small query each; null for an id that is not a uuid
 * (never sent to the database, where it would be a 500) as for one that does not exist.
 */
type Resolver = (db: Database, id: string) => Promise<string | null>;

const resolver =
  (lookup: (db: Database, id: string) => Promise<{ planId: string }[]>): Resolver =>
  async (db, id) => {
    if (!UUID.test(id)) return null;
    const [row] = await lookup(db, id);
    return row?.planId ?? null;
  };

export const planIdOfShift = resolver((db, id) =>
  db.select({ planId: shifts.planId }).from(shifts).where(eq(shifts.id, id)).limit(1),
);

export const planIdOfMedication = resolver((db, id) =>
  db.select({ planId: medications.planId }).from(medications).where(eq(medications.id, id)).limit(1),
);

export const planIdOfDoseRecord = resolver((db, id) =>
  db.select({ planId: doseRecords.planId }).from(doseRecords).where(eq(doseRecords.id, id)).limit(1),
);
