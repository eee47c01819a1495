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
