import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import { allow } from '../../auth/allow';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { socketAddress } from '../../lib/client-address';
import { validate } from '../../lib/validate';
import { listDevMail } from './dev-mailbox.service';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.replace(/^::ffff:/i, '');
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1';
}

/**
 * `GET /api/dev/mailbox[?to=address]` → `{ messages: [...] }`, newest first: the e-mails the
 * server would have sent, for development and the browser tests. Its links reset passwords and
 * verify addresses, so it is served only when DEV_MAILBOX=true (refused in production by env.ts)
 * *and* to a request whose socket comes from the loopback address — X-Forwarded-For is not
 * believed here, so a reverse proxy on the same machine does not open it to the world. Anything
 * else gets the same 404 as an unknown route (issue 13, item 6).
 */
export function devMailboxRoutes(env: Env, db: Database) {
  return new Hono<AppBindings>().get(
    '/dev/mailbox',
    allow.thisMachine((c) => {
      const fromThisMachine = isLoopbackAddress(socketAddress(c)) && !c.req.header('x-forwarded-for');
      return env.DEV_MAILBOX && env.NODE_ENV !== 'production' && fromThisMachine;
    }),
    validate('query', z.object({ to: z.string().optional() })),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ messages: await listDevMail(db, c.req.valid('query').to) });
    },
  );
}
