import { getConnInfo } from '@hono/node-server/conninfo';
import { AUTH_MESSAGES, tooManyRequestsMessage } from '@tavara/shared/auth/auth-messages';
import type { Context } from 'hono';
import type { AppBindings } from '../app-types';
import type { Env } from '../env';
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
    const state: AuthRequestState = { awaitEmail: path.endsWith('/sign-up/email'), emailFailed: false };
    const response = await runWithAuthRequestState(state, () => auth.handler(request));
    return finishResponse(response, state, path);
  };
}

async function finishResponse(response: Response, state: AuthRequestState, path: string): Promise<Response> {
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
      { code: 'RATE_LIMITED', message: tooManyRequestsMessage(retryAfter) },
      { 'Retry-After': String(retryAfter) },
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
  if (path.endsWith('/sign-in/email') && response.ok) {
    const body = (await response.clone().json()) as Record<string, unknown>;
    return rewriteJson(response, { ...body, token: null });
  }
  return response;
}

/** The same response (status, cookies, headers) with a new JSON body. */
function rewriteJson(response: Response, body: unknown, extraHeaders: Record<string, string> = {}): Response {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  return new Response(JSON.stringify(body), { status: response.status, statusText: response.statusText, headers });
}
