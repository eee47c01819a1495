import type { ApiType } from '@tavara/api/app';
import type { ApiErrorBody } from '@tavara/shared/api-error';
import { hc } from 'hono/client';
import { NETWORK_MESSAGE, RequestError } from './request-error';

/** The typed API client (types come from the server's routers; no server code is bundled). */
export const api = hc<ApiType>('/api');

// The boot script's answers (lib/early-answers.ts): the page's first queries take them.
export { earlyOr } from './early-answers';

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
