import { Hono } from 'hono';
import { allow } from '../../auth/allow';
import type { AppBindings } from '../../app-types';
import type { Database } from '../../db/client';
import { getDashboard } from './dashboard.service';

/** Own rows only: the test that shows another user's are out of reach (auth/allow.ts). */
const OWN_EACH_ROLE_SEES = {
  file: 'dashboard.test.ts',
  test: 'each role sees its own role and data, never another user’s',
};

/**
 * The role dashboards (issue 8):
 *
 * - `GET /dashboard/me` — signed in (401 otherwise): the user's own profile summary, next-steps
 *   checklist and feature votes in one answer → `DashboardData` (shared/dashboard). There is no
 *   way to ask for someone else's: the user comes from the session only.
 */
export function dashboardRoutes(db: Database) {
  return new Hono<AppBindings>().get('/dashboard/me', allow.own(OWN_EACH_ROLE_SEES), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await getDashboard(db, c.get('user')));
  });
}
