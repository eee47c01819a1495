import { Hono } from 'hono';
import { allow } from '../../auth/allow';
import type { BackendStatusResponse } from '@tavara/shared/backend-status';
import type { AppBindings } from '../../app-types';
import type { DatabaseHealth } from '../../db/health';

/**
 * `GET /api/health` for load balancers and operators (503 when the database is unreachable), and
 * `GET /api/status` for the web app's banner (always 200; the body says available or issues so
 * the banner can tell "the service has issues" apart from "I am offline").
 */
export function healthRoutes(health: DatabaseHealth) {
  return new Hono<AppBindings>()
    .get('/health', allow('anyone'), async (c) => {
      c.header('Cache-Control', 'no-store');
      const reachable = await health.isReachable();
      return reachable
        ? c.json({ status: 'ok' as const, checks: { database: 'ok' as const } }, 200)
        : c.json({ status: 'unavailable' as const, checks: { database: 'unreachable' as const } }, 503);
    })
    .get('/status', allow('anyone'), async (c) => {
      c.header('Cache-Control', 'no-store');
      const body: BackendStatusResponse = {
        status: (await health.isReachable()) ? 'available' : 'issues',
        checkedAt: new Date().toISOString(),
      };
      return c.json(body, 200);
    });
}
