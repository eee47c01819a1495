import { createHash } from 'node:crypto';
import { DrizzleQueryError } from 'drizzle-orm';

/**
 * A chat session id is a bearer capability (whoever holds it can read an unlinked chat), so it
 * never appears in logs or in the rate-limit table: they get a hash of it instead.
 */
function digest(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

/** A short, stable tag of a session id for log lines (not enough to reach the session). */
export function sessionLogTag(sessionId: string): string {
  return digest(sessionId).slice(0, 12);
}

/** The key of a session's rate-limit counter (128 bits of its hash, so sessions do not share one). */
export function sessionCounterId(sessionId: string): string {
  return digest(sessionId).slice(0, 32);
}

/** The request path as logged: the segment after `/chat/sessions/` replaced by its tag. */
export function redactSessionPath(path: string): string {
  return path.replace(
    /(\/chat\/sessions\/)([^/]+)/,
    (_match, prefix: string, id: string) => `${prefix}~${sessionLogTag(id)}`,
  );
}

/**
 * An unexpected error made fit for the log: the session id replaced by its tag, and a failed
 * query reduced to its SQL and the driver's message — Drizzle's own message lists the query
 * parameters, which here are session ids and transcript text (names, phone numbers).
 */
export function redactError(error: unknown, sessionId: string | undefined): Error {
  const scrub = (text: string) => (sessionId ? text.split(sessionId).join(`~${sessionLogTag(sessionId)}`) : text);
  if (!(error instanceof Error)) return new Error(scrub(String(error)));
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const message =
    error instanceof DrizzleQueryError
      ? `database query failed: ${scrub(cause?.message ?? 'unknown error')} (query: ${scrub(error.query)})`
      : scrub(error.message);
  const redacted = new Error(message);
  redacted.name = error.name;
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  redacted.stack = [`${redacted.name}: ${message}`, ...frames.map(scrub)].join('\n');
  return redacted;
}
