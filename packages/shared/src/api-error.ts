import { z } from 'zod';

/**
 * The one JSON shape every API error takes (`{ error: { code, message, fields? } }`). The server
 * produces it in one `onError`; the client parses it in one place (`lib/api-client.ts`).
 */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Field name → message, for forms that show the message beside the field. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** Error codes the API uses, each with the HTTP status it maps to. */
export const API_ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 422,
  unauthorized: 401,
  forbidden: 403,
  /** Issue 22: an admin without two-factor sign-in asked for the admin area; or a sensitive action without a recent password. */
  two_factor_required: 403,
  reauth_required: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  service_unavailable: 503,
  /** The chat AI (decision 010): no provider configured. */
  ai_unavailable: 503,
  /** The AI provider answered with an HTTP error or could not be reached. */
  ai_provider_error: 502,
  /** The AI provider's answer could not be read. */
  ai_invalid_response: 502,
  /** The AI provider's answer had no text. */
  ai_empty_message: 502,
  /** The AI provider did not answer within OPENAI_TIMEOUT_MS. */
  ai_timeout: 504,
  internal: 500,
} as const;
export type ApiErrorCode = keyof typeof API_ERROR_STATUS;
