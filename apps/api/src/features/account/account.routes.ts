import { confirmPasswordSchema, deleteAccountSchema } from '@tavara/shared/account/account';
import { allow } from '../../auth/allow';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import type { Logger } from '../../lib/logger';
import { validate } from '../../lib/validate';
import { createAccountLimiter, createAccountService } from './account.service';

/** Own rows only: the test that shows another user's are out of reach (auth/allow.ts). */
const OWN_LISTS_THE_SIGNED = {
  file: 'account.test.ts',
  test: 'lists the signed-in devices with browser, OS, IP and "this device"; signs one out, then all others',
};

/** Own rows only: the test that shows another user's are out of reach (auth/allow.ts). */
const OWN_COUNTS_WRONG_PASSWORDS = {
  file: 'account.test.ts',
  test: 'counts wrong passwords on the re-check and refuses after 10 in 15 minutes',
};

/** Own rows only: the test that shows another user's are out of reach (auth/allow.ts). */
const OWN_EXPORTS_EVERYTHING_ABOUT = {
  file: 'account.test.ts',
  test: 'exports everything about the person as JSON, only after a recent password, without secrets',
};

/** Own rows only: the test that shows another user's are out of reach (auth/allow.ts). */
const OWN_DELETES_THE_ACCOUNT = {
  file: 'account.test.ts',
  test: 'deletes the account after the password: own plans go, records on others’ plans stay as "former team member"',
};

const sessionParam = z.object({ sessionId: z.string().min(1).max(200) });
/** Exports per account per hour: each one reads every table about the person. */
export const EXPORT_LIMIT = { max: 5, windowSeconds: 3600 };
/** Device sign-outs per account per 10 minutes. */
export const REVOKE_LIMIT = { max: 30, windowSeconds: 600 };

/**
 * The person's own account (issue 22). Every route needs a session (401 without) and acts on the
 * session's own user only; answers are never cached.
 *
 * - `GET    /account/security` — two-factor on/off, until when sensitive actions are open
 * - `POST   /account/confirm-password` `{ password }` — opens sensitive actions for 5 minutes
 * - `GET    /account/sessions` — the signed-in devices (browser, OS, IP, first/last seen, this one)
 * - `DELETE /account/sessions/:sessionId` — signs one other device out (another user's: 404)
 * - `POST   /account/sessions/sign-out-others` — every device but this one
 * - `GET    /account/export` — everything about the person as a JSON download (password ≤ 5 min ago)
 * - `POST   /account/delete` `{ password, confirmation: 'DELETE' }` — the complete deletion
 *
 * Name, e-mail, password and two-factor go through Better Auth's endpoints (auth/auth.ts hooks).
 */
export function accountRoutes(deps: { env: Env; db: Database; logger: Logger }) {
  const { env, db, logger } = deps;
  const limit = createAccountLimiter(db);
  const noStore = createMiddleware(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  const service = (c: { get: (key: 'auth') => AppBindings['Variables']['auth'] }) =>
    createAccountService({ db, auth: c.get('auth'), dataDir: env.DATA_DIR, logger });

  return new Hono<AppBindings>()
    .get('/account/security', allow.own(OWN_LISTS_THE_SIGNED), noStore, async (c) => {
      return c.json(await service(c).security(c.get('user'), c.get('session').id));
    })
    .post(
      '/account/confirm-password',
      allow.own(OWN_COUNTS_WRONG_PASSWORDS),
      noStore,
      validate('json', confirmPasswordSchema),
      async (c) => {
        const u = c.get('user');
        return c.json(await service(c).confirmPassword(u.id, c.get('session').id, c.req.valid('json').password));
      },
    )
    .get('/account/sessions', allow.own(OWN_LISTS_THE_SIGNED), noStore, async (c) => {
      return c.json({ sessions: await service(c).listSessions(c.get('user').id, c.get('session').id) });
    })
    .delete(
      '/account/sessions/:sessionId',
      allow.own(OWN_LISTS_THE_SIGNED),
      noStore,
      validate('param', sessionParam),
      async (c) => {
        const u = c.get('user');
        await limit(`account-revoke:${u.id}`, REVOKE_LIMIT);
        await service(c).revokeSession(u.id, c.get('session').id, c.req.valid('param').sessionId);
        return c.json({ signedOut: 1 });
      },
    )
    .post('/account/sessions/sign-out-others', allow.own(OWN_LISTS_THE_SIGNED), noStore, async (c) => {
      const u = c.get('user');
      await limit(`account-revoke:${u.id}`, REVOKE_LIMIT);
      return c.json(await service(c).revokeOtherSessions(u.id, c.get('session').id));
    })
    .get('/account/export', allow.own(OWN_EXPORTS_EVERYTHING_ABOUT), noStore, async (c) => {
      const u = c.get('user');
      const account = service(c);
      await account.requireRecentPassword(c.get('session').id);
      await limit(`account-export:${u.id}`, EXPORT_LIMIT);
      const data = await account.exportData(u.id);
      const day = data.exportedAt.slice(0, 10);
      c.header('Content-Disposition', `attachment; filename="tavara-account-${day}.json"`);
      return c.json(data);
    })
    .post(
      '/account/delete',
      allow.own(OWN_DELETES_THE_ACCOUNT),
      noStore,
      validate('json', deleteAccountSchema),
      async (c) => {
        return c.json(await service(c).deleteOwnAccount(c.get('user'), c.req.valid('json').password));
      },
    );
}
