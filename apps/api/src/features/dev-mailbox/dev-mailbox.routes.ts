import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import { validate } from '../../lib/validate';
import { listDevMail } from './dev-mailbox.service';

/**
 * `GET /api/dev/mailbox[?to=address]` → `{ messages: [...] }`, newest first: the e-mails the
 * server would have sent, for development and the browser tests. Answers 404 in production,
 * where mail always goes over SMTP.
 */
export function devMailboxRoutes(env: Env, db: Database) {
  return new Hono<AppBindings>().get(
    '/dev/mailbox',
    validate('query', z.object({ to: z.string().optional() })),
    async (c) => {
      if (env.NODE_ENV === 'production') {
        throw new AppError('not_found', `No API route matches ${c.req.method} ${c.req.path}.`);
      }
      c.header('Cache-Control', 'no-store');
      return c.json({ messages: await listDevMail(db, c.req.valid('query').to) });
    },
  );
}
