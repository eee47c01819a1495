import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import type { Database } from '../../db/client';
import type { DatabaseHealth } from '../../db/health';
import { validate } from '../../lib/validate';
import { medicationAddedOnStartDate } from './test-hooks.service';

/**
 * Hooks for the end-to-end suite, mounted only when E2E_TEST_HOOKS is on (refused in
 * production by env.ts). They simulate conditions a browser test cannot cause from outside.
 */
export function testHookRoutes(health: DatabaseHealth, db: Database) {
  return (
    new Hono<AppBindings>()
      .post('/database-outage', validate('json', z.object({ on: z.boolean() })), (c) => {
        const { on } = c.req.valid('json');
        health.setSimulatedOutage(on);
        return c.json({ simulatedOutage: on });
      })
      // A medication that has been on Tavara since its start date (issue 28: nothing before the
      // instant it was added is expected), so a journey can record and report past days.
      .post(
        '/medications/:medicationId/added-on-start-date',
        validate('param', z.object({ medicationId: z.uuid() })),
        async (c) => {
          await medicationAddedOnStartDate(db, c.req.valid('param').medicationId);
          return c.json({ ok: true });
        },
      )
  );
}
