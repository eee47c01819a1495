import { CARE_PLAN_MESSAGES } from '@tavara/shared/care-plans/care-plans';
import { MEDICATION_MESSAGES } from '@tavara/shared/medications/medications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlan, send } from '../testing/care-plan-requests';
import { createVerifiedUser, type TestUser } from '../testing/factories';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { PlanThing } from './allow';
import { listApiRoutes } from './route-access';

/**
 * Routes keyed by a thing inside a plan (`plan.memberVia(kind)` / `plan.ownerVia(kind)`, decision
 * 040) find the plan through the thing before the handler: an id that is not a uuid must answer
 * exactly as an unknown one — 404 with the thing's message — never reach the database as a 500.
 * Asked as a family that owns a plan, so nothing but the id can refuse it.
 */
const NOT_FOUND: Record<PlanThing, string> = {
  shift: CARE_PLAN_MESSAGES.shiftNotFound,
  medication: MEDICATION_MESSAGES.notFound,
  doseRecord: MEDICATION_MESSAGES.recordNotFound,
};
const IDS = {
  malformed: 'not-a-uuid',
  'malformed (sql-ish)': "1' or '1'='1",
  unknown: '00000000-0000-4000-8000-000000000000',
};

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createVerifiedUser(t, { role: 'family' });
  await createPlan(owner.client);
});
afterAll(() => t.close());

describe('routes declared through a shift, medication or dose record', () => {
  it('are the twelve routes keyed by one of them', async () => {
    const probe = await createTestApp();
    try {
      const via = listApiRoutes(probe.app, probe.auth)
        .filter((r) => r.access?.via)
        .map((r) => `${r.method} ${r.path} ${r.access!.who} ${r.access!.via}`)
        .sort();
      expect(via).toEqual([
        'GET /api/dose-records/:recordId/history plan-member doseRecord',
        'PATCH /api/shifts/:shiftId plan-owner shift',
        'POST /api/dose-records/:recordId/correct plan-member doseRecord',
        'POST /api/medications/:medicationId/stop plan-owner medication',
        'POST /api/shifts/:shiftId/assign plan-owner shift',
        'POST /api/shifts/:shiftId/cancel plan-owner shift',
        'POST /api/shifts/:shiftId/check-in plan-member shift',
        'POST /api/shifts/:shiftId/check-out plan-member shift',
        'POST /api/shifts/:shiftId/claim plan-member shift',
        'POST /api/shifts/:shiftId/done plan-member shift',
        'PUT /api/medications/:medicationId plan-member medication',
        'PUT /api/medications/:medicationId/supply plan-member medication',
      ]);
    } finally {
      await probe.close();
    }
  });

  it('answer a malformed or unknown id as not found, with the thing’s message', async () => {
    const routes = listApiRoutes(t.app, t.auth).filter((r) => r.access?.via);
    const heard: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const route of routes) {
      for (const [label, id] of Object.entries(IDS)) {
        const key = `${route.method} ${route.path} (${label})`;
        const res = await send(
          owner.client,
          route.method,
          route.path.replace(/:\w+/, encodeURIComponent(id)),
          route.method === 'GET' ? undefined : {},
        );
        const body = (await res.json()) as { error?: { message?: string } };
        heard[key] = `${res.status} ${body.error?.message}`;
        expected[key] = `404 ${NOT_FOUND[route.access!.via!]}`;
      }
    }
    expect(heard).toEqual(expected);
  });
});
