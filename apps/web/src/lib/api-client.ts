import type { ApiType } from '@tavara/api/app';
import type { ApiErrorBody } from '@tavara/shared/api-error';
import { hc } from 'hono/client';
import { NETWORK_MESSAGE, RequestError } from './request-error';

/** The typed API client (types come from the server's routers; no server code is bundled). */
export const api = hc<ApiType>('/api');

/** How long after the page's start a request made by the app shell's boot script may be taken. */
const EARLY_FOR_MS = 15_000;

/**
 * The answer the app shell's boot script asked for as the HTML was read (ROUTE_BOOT_SCRIPT in
 * packages/shared/src/page-boot.ts, decision 043), taken once by the page's first query for that
 * exact address; otherwise — later, another address, or that request failed — `call()`, as always.
 * Taken once, so a refresh asks the server again; only in the page's first seconds, so an answer
 * nobody took (the person went elsewhere first) is never shown later as new.
 */
export function earlyOr<Answer>(path: string, call: () => Promise<Answer>): Promise<Answer> {
  const early = (globalThis as { __tavaraEarly?: Record<string, Promise<unknown>> }).__tavaraEarly;
  const answer = early?.[path];
  if (!answer) return call();
  delete early[path];
  if (performance.now() > EARLY_FOR_MS) return call();
  return (answer as Promise<Answer>).catch(call);
}

/** An API failure in the one error shape, or a network failure (`code: 'network'`). */
export { RequestError as ApiError };

// A hand-written check rather than the shared zod schema: zod would add ~24 kB gzip to every
// page's first load just to read three fields.
function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/**
 * Awaits a typed-client call and returns its JSON, or throws `ApiError` with the server's
 * message. The only place the client reads the error shape.
 */
export async function unwrap<T>(call: Promise<{ ok: boolean; status: number; json(): Promise<T> }>): Promise<T> {
  let response;
  try {
    response = await call;
  } catch {
    throw new RequestError('network', NETWORK_MESSAGE, 0);
  }
  if (response.ok) return response.json();
  const body: unknown = await response.json().catch(() => undefined);
  if (isApiErrorBody(body)) {
    const { code, message, fields } = body.error;
    throw new RequestError(code, message, response.status, fields);
  }
  throw new RequestError(
    'http',
    `The server answered with an error (${response.status}). Please try again.`,
    response.status,
  );
}
