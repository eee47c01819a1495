import { medicationAddedOnStartDate } from '../features/test-hooks/test-hooks.service';
import type { Database } from '../db/client';
import { DEFAULT_TIME_ZONE } from '@tavara/shared/care-plans/care-plans';
import { localOf } from '../features/medications/medication-doses';
import { addLocalDays } from '../domain/plan-time';
import { send } from './care-plan-requests';
import type { TestClient } from './test-client';

/** Medication requests as the web app makes them (issue 17), for the medication tests and matrix. */

/** Today in Trinidad and Tobago, and `n` days from it (plan-local dates). */
export function localToday(offsetDays = 0): string {
  const today = localOf(new Date(), DEFAULT_TIME_ZONE).slice(0, 10);
  return offsetDays === 0 ? today : addLocalDays(today, offsetDays, DEFAULT_TIME_ZONE);
}

export function medicationInput(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Metformin',
    dosage: '500 mg',
    medicationType: 'prescription',
    instructions: 'Swallow whole.',
    startDate: localToday(-6),
    endDate: null,
    schedule: { kind: 'times', times: [{ time: '08:00', withFood: true }, { time: '20:00' }], repeat: 'daily' },
    ...overrides,
  };
}

export async function addMedication(client: TestClient, planId: string, overrides: Record<string, unknown> = {}) {
  const res = await send(client, 'POST', `/api/care-plans/${planId}/medications`, medicationInput(overrides));
  if (res.status !== 201) throw new Error(`add medication answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { medication: { id: string } }).medication.id;
}

export interface RecordAnswer {
  outcome: 'recorded' | 'ask';
  record?: {
    id: string;
    status: string;
    linkedToId: string | null;
    supersedesId: string | null;
    givenAt: string | null;
  };
  conflict?: { record: { id: string }; message: string } | null;
  warnings?: string[];
}

export function recordDose(client: TestClient, planId: string, body: Record<string, unknown>) {
  return send(client, 'POST', `/api/care-plans/${planId}/doses`, body);
}

/** Records and expects a 201: returns the record's id. */
export async function recorded(client: TestClient, planId: string, body: Record<string, unknown>): Promise<string> {
  const res = await recordDose(client, planId, body);
  if (res.status !== 201) throw new Error(`record answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as RecordAnswer).record!.id;
}

/**
 * Makes a medication look as if it had been on Tavara since the first minute of its start date
 * (issue 28: nothing before the instant a medication was added is expected of it). Tests of past
 * days' records and reports set this up, as a family that has used the app for a week would have;
 * the e2e suite does the same through its test hook.
 */
export const addedOnStartDate = (db: Database, medicationId: string) => medicationAddedOnStartDate(db, medicationId);
