import type { Role } from '@tavara/shared/roles';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppBindings, AuthVariables } from '../app-types';
import { AppError } from '../lib/app-error';
import type { AuthSessionData } from './auth';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF guard for our own cookie-authenticated routes, the same rule Better Auth applies to its
 * own: a state-changing request that carries cookies must come from a trusted origin (the
 * `Origin` header, or the `Referer`'s origin). SameSite=Lax cookies already stop most cross-site
 * posts; this is the second lock.
 */
export function isFromTrustedOrigin(c: Context<AppBindings>): boolean {
  if (SAFE_METHODS.has(c.req.method) || !c.req.header('cookie')) return true;
  const origin = c.req.header('origin') ?? originOf(c.req.header('referer'));
  if (!origin || origin === 'null') return false;
  const trusted = c.get('auth').options.trustedOrigins;
  return trusted.includes(origin);
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The signed-in user's session and user, or null. Throws only when the session store fails. */
export async function readSession(c: Context<AppBindings>): Promise<AuthSessionData | null> {
  return c.get('auth').api.getSession({ headers: c.req.raw.headers });
}

/**
 * Lets the request through only with a valid session, and puts `user` and `session` in the
 * context (`c.get('user')`). Answers 401 `unauthorized` without one, 403 `forbidden` for a
 * cookie-carrying write from a foreign origin. Use before any handler that needs a user.
 */
export function requireUser() {
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const ctx = c as unknown as Context<AppBindings>;
    if (!isFromTrustedOrigin(ctx)) {
      throw new AppError('forbidden', 'This request did not come from the app. Please reload the page and try again.');
    }
    const data = await readSession(ctx);
    if (!data) throw new AppError('unauthorized', 'Please sign in to continue.');
    c.set('user', data.user);
    c.set('session', data.session);
    await next();
  });
}

/**
 * Like `requireUser`, and then only for users holding one of `roles` (the server-side role,
 * never anything the client sends): 401 signed out, 403 signed in with another role.
 */
export function requireRole(...roles: [Role, ...Role[]]) {
  const userCheck = requireUser();
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    await userCheck(c, async () => {
      const role = c.get('user').role;
      if (!role || !(roles as string[]).includes(role)) {
        throw new AppError('forbidden', 'You do not have permission to do this.');
      }
      await next();
    });
  });
}
