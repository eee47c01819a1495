import { DrizzleQueryError } from 'drizzle-orm';
import pino from 'pino';

/** Fields of a PostgreSQL error (pg's DatabaseError, PGlite's) that name things, never values. */
const PG_NAME_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine'] as const;

/** Quoted text in a database message ('invalid input syntax for type uuid: "…"') is input: hide it. */
function scrubValues(message: string): string {
  return message.replace(/"[^"]*"/g, '"…"').replace(/'[^']*'/g, "'…'");
}

function isDatabaseError(error: Error): error is Error & Record<(typeof PG_NAME_FIELDS)[number], unknown> {
  return typeof (error as { code?: unknown }).code === 'string' && 'severity' in error;
}

/**
 * An error made fit for the log (issue 13, item 2): never the request's data. A failed query is
 * reduced to its SQL text and the database's error code and names — Drizzle's own message lists
 * the query parameters (names, e-mails, messages), and PostgreSQL's `detail` quotes row values.
 * Other errors keep their message and stack; causes are made safe the same way.
 */
export function safeErrorForLog(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error, message: scrubValues(String(error)).slice(0, 200) };
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  if (error instanceof DrizzleQueryError) {
    return {
      type: 'DrizzleQueryError',
      message: 'database query failed',
      query: error.query,
      ...(error.cause && depth < 3 ? { cause: safeErrorForLog(error.cause, depth + 1) } : {}),
      stack: frames.join('\n'),
    };
  }
  if (isDatabaseError(error)) {
    const names: Record<string, unknown> = {};
    for (const field of PG_NAME_FIELDS) if (error[field] !== undefined) names[field] = error[field];
    return { type: error.name, message: scrubValues(error.message), ...names, stack: frames.join('\n') };
  }
  const serialized = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  const { raw: _raw, ...rest } = serialized;
  return {
    ...rest,
    ...(error.cause !== undefined && depth < 3 ? { cause: safeErrorForLog(error.cause, depth + 1) } : {}),
  };
}
