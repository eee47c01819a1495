import pino, { type Logger } from 'pino';

/** Structured JSON logs (one line per event); request lines carry the request id. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'tavara-api' },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
      censor: '[redacted]',
    },
  });
}

export type { Logger };
