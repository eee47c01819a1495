import { API_ERROR_STATUS, type ApiErrorBody, type ApiErrorCode } from '@tavara/shared/api-error';

/**
 * The one error type route and service code throws. `onError` in app.ts turns it into
 * `{ error: { code, message, fields? } }` with the status of API_ERROR_STATUS[code]; anything
 * else becomes a logged 500 with a generic message (internals never reach the client).
 */
export class AppError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): (typeof API_ERROR_STATUS)[ApiErrorCode] {
    return API_ERROR_STATUS[this.code];
  }

  toBody(): ApiErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

/** The code of every 429 our routes and the auth routes answer without a more specific one. */
export const RATE_LIMITED_CODE = 'rate_limited';

/** The Retry-After header of a 429 or 503, in whole seconds (at least 1): the one place it is written. */
export function retryAfterHeader(seconds: number): { 'Retry-After': string } {
  return { 'Retry-After': retryAfterValue(seconds) };
}

/** Retry-After's value: whole seconds, at least 1. */
export function retryAfterValue(seconds: number): string {
  return String(Math.max(1, Math.ceil(seconds)));
}

/** How long a client waits after the database dropped a request (503): it reconnects by itself. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * A 429 `rate_limited`. The one `onError` (app.ts) sends `retryAfterSeconds` (at least 1) as
 * Retry-After, so no route has to remember to; each domain subclasses it for its own words.
 */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super(RATE_LIMITED_CODE, message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}
