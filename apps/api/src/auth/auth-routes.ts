import { getConnInfo } from '@hono/node-server/conninfo';
import { AUTH_MESSAGES, tooManyRequestsMessage } from '@tavara/shared/auth/auth-messages';
import type { Context } from 'hono';
import type { AppBindings } from '../app-types';
import type { Env } from '../env';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../db/unavailable';
import { AppError, DATABASE_RETRY_AFTER_SECONDS, RATE_LIMITED_CODE, retryAfterHeader } from '../lib/app-error';
import { createClientAddressResolver } from '../lib/client-address';
import { type Auth, CLIENT_IP_HEADER } from './auth';
import { type AuthRequestState, runWithAuthRequestState } from './auth-request-state';

/** The socket's peer address, or undefined when there is no socket (in-process test requests). */
function socketAddress(c: Context<AppBindings>): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * Handles /api/auth/* with Better Auth. Around it:
 * - the client address Better Auth rate-limits by is set here, from the socket (and, behind
 *   TRUSTED_PROXIES, the X-Forwarded-For chain they appended) — a client-sent value is dropped;
 * - Better Auth's per-IP 429 gets a code, a message saying how long to wait, and Retry-After;
 * - a sign-up whose e-mail could not be sent says so (`emailSent: false`) — the account is kept;
 * - the session token never appears in a JSON body (`token: null`; sign-up says `signedIn`), so
 *   only the HttpOnly cookie carries it.
 */
export function authRoutes(auth: Auth, env: Env) {
  const clientAddress = createClientAddressResolver(env.TRUSTED_PROXIES);
  return async (c: Context<AppBindings>) => {
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const peer = socketAddress(c);
    if (peer) {
      const forwarded = env.TRUSTED_PROXIES.length > 0 ? c.req.header('x-forwarded-for') : undefined;
      headers.set(CLIENT_IP_HEADER, forwarded ? `${forwarded}, ${peer}` : peer);
    }
    const request = new Request(c.req.raw, { headers });
    const path = new URL(request.url).pathname;
    const state: AuthRequestState = {
      awaitEmail: path.endsWith('/sign-up/email'),
      emailFailed: false,
      clientIp: clientAddress(c),
    };
    const response = await runWithAuthRequestState(state, () => auth.handler(request));
    const finished = await finishResponse(response, state, path);
    if (state.afterSignIn && finished.ok) {
      // Only a sign-in that ended with a session (not one now waiting for its second factor).
      const body = (await finished
        .clone()
        .json()
        .catch(() => null)) as { twoFactorRedirect?: unknown } | null;
      if (!body?.twoFactorRedirect) {
        await state.afterSignIn().catch((error: unknown) => {
          c.get('logger').error({ err: error }, 'could not record the sign-in device');
        });
      }
    }
    return finished;
  };
}

/** Paths whose answers list sessions: their tokens are removed (only the HttpOnly cookie carries one). */
const SESSION_READING_PATHS = ['/get-session', '/list-sessions'];

/** Paths that return the new session's token in their body (only the cookie may carry it). */
const TOKEN_RETURNING_PATHS = [
  '/sign-in/email',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/change-password',
];

/** A session object without its bearer token. */
function withoutToken(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const { token: _token, ...rest } = value as Record<string, unknown>;
  return rest;
}

async function finishResponse(response: Response, state: AuthRequestState, path: string): Promise<Response> {
  // A step Better Auth answers itself (422 "failed to create user") failed on an unreachable
  // database: the caller may simply retry, as for every other route (app.ts onError).
  const finished =
    state.databaseUnavailable && response.status >= 400
      ? rewriteJson(
          response,
          new AppError('service_unavailable', DATABASE_UNAVAILABLE_MESSAGE).toBody(),
          retryAfterHeader(DATABASE_RETRY_AFTER_SECONDS),
          503,
        )
      : await rewriteBody(response, state, path);
  // Account answers (sessions, users, errors) are personal: never kept by a browser or proxy cache.
  const headers = new Headers(finished.headers);
  headers.set('Cache-Control', 'no-store');
  return new Response(finished.body, { status: finished.status, statusText: finished.statusText, headers });
}

async function rewriteBody(response: Response, state: AuthRequestState, path: string): Promise<Response> {
  if (response.ok && SESSION_READING_PATHS.some((p) => path.endsWith(p))) {
    const body = (await response
      .clone()
      .json()
      .catch(() => undefined)) as unknown;
    if (Array.isArray(body)) return rewriteJson(response, body.map(withoutToken));
    if (body && typeof body === 'object' && 'session' in body) {
      const { session, ...rest } = body as { session: unknown };
      return rewriteJson(response, { ...rest, session: withoutToken(session) });
    }
    return response;
  }
  if (response.status === 429) {
    const body = (await response
      .clone()
      .json()
      .catch(() => ({}))) as { code?: string };
    // Our per-account answers already carry a code and message; Better Auth's per-IP one does not.
    if (body.code) return response;
    const retryAfter = Number(response.headers.get('x-retry-after') ?? '60') || 60;
    return rewriteJson(
      response,
      { code: RATE_LIMITED_CODE, message: tooManyRequestsMessage(retryAfter) },
      retryAfterHeader(retryAfter),
    );
  }
  if (path.endsWith('/sign-up/email') && response.ok) {
    const body = (await response.clone().json()) as Record<string, unknown>;
    return rewriteJson(response, {
      ...body,
      token: null,
      signedIn: typeof body.token === 'string',
      emailSent: !state.emailFailed,
      ...(state.emailFailed ? { message: AUTH_MESSAGES.emailNotSent } : {}),
    });
  }
  // Sign-in, the second step and a password change answer with the (new) session's token; only the cookie carries it.
  if (TOKEN_RETURNING_PATHS.some((p) => path.endsWith(p)) && response.ok) {
    const body = (await response.clone().json()) as Record<string, unknown>;
    return rewriteJson(response, { ...body, token: null });
  }
  if (path.endsWith('/update-session') && response.ok) {
    const body = (await response.clone().json()) as { session?: unknown };
    if (body && typeof body === 'object' && 'session' in body) {
      return rewriteJson(response, { ...body, session: withoutToken(body.session) });
    }
  }
  return response;
}

/** The same response (status, cookies, headers) with a new JSON body. */
function rewriteJson(
  response: Response,
  body: unknown,
  extraHeaders: Record<string, string> = {},
  status = response.status,
): Response {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  return new Response(JSON.stringify(body), {
    status,
    statusText: status === response.status ? response.statusText : '',
    headers,
  });
}
