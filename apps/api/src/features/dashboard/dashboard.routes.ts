import { Hono } from 'hono';
import type { AppBindings } from '../../app-types';
import { requireUser } from '../../auth/require-user';
import type { Database } from '../../db/client';
import { getDashboard } from './dashboard.service';

/**
 * The role dashboards (issue 8):
 *
 * - `GET /dashboard/me` — signed in (401 otherwise): the user's own profile summary, next-steps
 *   checklist and feature votes in one answer → `DashboardData` (shared/dashboard). There is no
 *   way to ask for someone else's: the user comes from the session only.
 */
export function dashboardRoutes(db: Database) {
  return new Hono<AppBindings>().get('/dashboard/me', requireUser(), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await getDashboard(db, c.get('user')));
  });
}
