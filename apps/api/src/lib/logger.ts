import pino, { type Logger } from 'pino';
import { safeErrorForLog } from './safe-error';

/**
 * Structured JSON logs (one line per event); request lines carry the request id. Every `err`
 * goes through `safeErrorForLog`: a failed query logs its SQL and error code, never its
 * parameters (issue 13).
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'tavara-api' },
      serializers: { err: safeErrorForLog, error: safeErrorForLog },
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

export type { Logger };
