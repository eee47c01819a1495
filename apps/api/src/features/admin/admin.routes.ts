import { adminTwoFactorResetSchema } from '@tavara/shared/account/account';
import { allow } from '../../auth/allow';
import { ADMIN_USERS_PAGE_SIZE, adminRoleChangeSchema, adminUsersQuerySchema } from '@tavara/shared/admin/admin';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { listAdminActions } from '../../lib/audit-log';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';
import { createSecurityNotices } from '../../auth/security-notices';
import { validate } from '../../lib/validate';
import { createAdminUsers } from './admin-users.service';
import { getFeatureVoteStats } from './feature-vote-stats.service';

const userParam = z.object({ userId: z.string().min(1).max(100) });
const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).optional().default(1) });

/**
 * The admin area (issue 8). Every route is declared `allow.admin()`: 401 signed out, 403
 * for family, professional and community users — whatever the web app shows or hides.
 *
 * - `GET    /admin/users?search=&role=&page=` — `{ users, total, page, pageSize }`
 * - `PATCH  /admin/users/:userId/role` `{ role }` — `{ user }`; audited; not on oneself (409)
 * - `DELETE /admin/users/:userId` — `{ deleted }`; the account and all its data; audited; not oneself (409)
 * - `POST   /admin/users/:userId/two-factor-reset` `{ reason }` — turns off a user's two-factor
 *   sign-in after the admin checked who asked (issue 22); audited; the user is mailed
 * - `GET    /admin/audit-log?page=` — `{ entries, total, page, pageSize }`, newest first
 * - `GET    /admin/feature-votes` — votes per feature (and by voter role) and per status
 *
 * Support requests have their admin routes beside the contact form (support.routes.ts).
 */
export function adminRoutes(deps: { env: Env; db: Database; logger: Logger; mailer: Mailer }) {
  const users = createAdminUsers({ db: deps.db, dataDir: deps.env.DATA_DIR, logger: deps.logger });
  const notices = createSecurityNotices({
    db: deps.db,
    appUrl: deps.env.APP_URL,
    mailer: deps.mailer,
    logger: deps.logger,
  });
  // Per route rather than `.use('/admin/*')`: a path-wide middleware would also run (a second
  // time) in front of every other router's /admin/* routes mounted after this one.
  const noStore = createMiddleware(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  return new Hono<AppBindings>()
    .get('/admin/users', allow.admin(), noStore, validate('query', adminUsersQuerySchema), async (c) => {
      return c.json(await users.list(c.req.valid('query')));
    })
    .patch(
      '/admin/users/:userId/role',
      allow.admin(),
      validate('param', userParam),
      validate('json', adminRoleChangeSchema),
      async (c) => {
        const actor = c.get('user');
        const updated = await users.changeRole(actor, c.req.valid('param').userId, c.req.valid('json').role);
        return c.json({ user: updated });
      },
    )
    .delete('/admin/users/:userId', allow.admin(), validate('param', userParam), async (c) => {
      return c.json(await users.deleteUser(c.get('user'), c.req.valid('param').userId));
    })
    .post(
      '/admin/users/:userId/two-factor-reset',
      allow.admin(),
      validate('param', userParam),
      validate('json', adminTwoFactorResetSchema),
      async (c) => {
        const { userId } = c.req.valid('param');
        const result = await users.resetTwoFactor(c.get('user'), userId, c.req.valid('json').reason);
        void notices.notify(userId, { kind: 'two-factor-reset-by-admin' });
        return c.json(result);
      },
    )
    .get('/admin/audit-log', allow.admin(), noStore, validate('query', pageQuery), async (c) => {
      return c.json(await listAdminActions(deps.db, c.req.valid('query').page, ADMIN_USERS_PAGE_SIZE));
    })
    .get('/admin/feature-votes', allow.admin(), noStore, async (c) => c.json(await getFeatureVoteStats(deps.db)));
}
