import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import type { DatabaseHealth } from '../../db/health';
import { validate } from '../../lib/validate';

/**
 * Hooks for the end-to-end suite, mounted only when E2E_TEST_HOOKS is on (refused in
 * production by env.ts). They simulate conditions a browser test cannot cause from outside.
 */
export function testHookRoutes(health: DatabaseHealth) {
  return new Hono<AppBindings>().post('/database-outage', validate('json', z.object({ on: z.boolean() })), (c) => {
    const { on } = c.req.valid('json');
    health.setSimulatedOutage(on);
    return c.json({ simulatedOutage: on });
  });
}
