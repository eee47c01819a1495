import { createHmac } from 'node:crypto';
import { PUBLIC_ROLES } from '@tavara/shared/roles';
import { createEmailVerificationToken } from 'better-auth/api';
import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import type { Database } from '../../db/client';
import type { DatabaseHealth } from '../../db/health';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import { validate } from '../../lib/validate';
import { markSessionAsSecondFactor, medicationAddedOnStartDate } from './test-hooks.service';

/** The whole app, for the hooks that replay a person's requests in-process (`app.request`). */
type InProcessApp = { request: (path: string, init: RequestInit, env?: unknown) => Response | Promise<Response> };

const newUser = z.object({
  email: z.email(),
  password: z.string().min(1),
  role: z.enum(PUBLIC_ROLES).default('family'),
  firstName: z.string().min(1).default('Test'),
  lastName: z.string().min(1).default('User'),
});

/**
 * Hooks for the end-to-end suite, mounted only when E2E_TEST_HOOKS is on (refused in
 * production by env.ts). They simulate conditions a browser test cannot cause from outside, and
 * set up what a journey starts from in one request (issue 34) — journeys about signing up,
 * confirming and signing in drive those screens instead.
 */
export function testHookRoutes(deps: { health: DatabaseHealth; db: Database; env: Env; app: () => InProcessApp }) {
  const { health, db, env } = deps;

  /** The request a browser would send, through the whole app (auth mount, hooks, limits). */
  const asBrowser = (bindings: unknown, path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('origin', env.APP_URL);
    return deps.app().request(path, { ...init, headers }, bindings);
  };

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
      /**
       * A confirmed account, signed in on the caller: the real sign-up request, then the real
       * verification link (so ADMIN_EMAILS, the profile and every sign-up hook run as for a person),
       * answered with the session cookie the link sets. Replaces sign-up + reading the outbox +
       * opening the link: three requests and a mailbox poll per user.
       */
      .post('/users', validate('json', newUser), async (c) => {
        const body = c.req.valid('json');
        const ctx = await c.get('auth').$context;
        if (await ctx.internalAdapter.findUserByEmail(body.email.toLowerCase())) {
          throw new AppError('conflict', `${body.email} already has an account.`);
        }
        const signedUp = await asBrowser(c.env, '/api/auth/sign-up/email', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...body, name: `${body.firstName} ${body.lastName}` }),
        });
        if (!signedUp.ok) throw new Error(`test hook sign-up answered ${signedUp.status}: ${await signedUp.text()}`);
        const { user: created } = (await signedUp.json()) as { user: { id: string } };
        // The token the verification e-mail carries (Better Auth's own function and secret).
        const token = await createEmailVerificationToken(ctx.secret, body.email, undefined, 3600, {
          userId: created.id,
        });
        const verified = await asBrowser(c.env, `/api/auth/verify-email?token=${token}&callbackURL=%2F`);
        if (verified.status !== 302) {
          throw new Error(`test hook verification answered ${verified.status}: ${await verified.text()}`);
        }
        for (const cookie of verified.headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
        return c.json({ id: created.id, email: body.email }, 201);
      })
      /**
       * A new session for a confirmed account, as after a complete sign-in (second step
       * included), set as the session cookie on the caller. For journeys that start signed in —
       * an admin's included, without spending the account's one-time codes.
       */
      .post('/sessions', validate('json', z.object({ email: z.email() })), async (c) => {
        const { email } = c.req.valid('json');
        const ctx = await c.get('auth').$context;
        const found = await ctx.internalAdapter.findUserByEmail(email.toLowerCase());
        if (!found?.user.emailVerified) throw new AppError('not_found', `No confirmed account for ${email}.`);
        const session = await ctx.internalAdapter.createSession(found.user.id);
        await markSessionAsSecondFactor(db, session.id);
        // Better Auth's signed cookie: `token.base64(HMAC-SHA256(token, secret))` (session-lookup.ts).
        const signature = createHmac('sha256', ctx.secret).update(session.token).digest('base64');
        const cookie = ctx.authCookies.sessionToken;
        setCookie(c, cookie.name, `${session.token}.${signature}`, {
          path: '/',
          httpOnly: true,
          sameSite: 'Lax',
          secure: cookie.attributes.secure ?? false,
          maxAge: ctx.sessionConfig.expiresIn,
        });
        return c.json({ userId: found.user.id }, 201);
      })
  );
}
