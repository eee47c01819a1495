/**
 * The one error a request to our server fails with, from either client (`api-client.ts` for the
 * typed API, `auth-client.ts` for accounts): the server's `code`, its words, the HTTP status
 * (0 when the server could not be reached, `code: 'network'`) and, for a 422, a message per
 * field for the form layer's `applyFieldErrors`. Its own small module (no zod, no client code)
 * because the first page load needs it.
 */
export class RequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/** What a request says when the server could not be reached at all. */
export const NETWORK_MESSAGE = 'We could not reach the server. Please check your connection and try again.';
