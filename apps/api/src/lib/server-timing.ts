import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger as DrizzleLogger } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';

interface RequestStatements {
  count: number;
}

const requestStatements = new AsyncLocalStorage<RequestStatements>();

/**
 * drizzle's logger hook, on both drivers: counts each statement against the request it serves.
 * Outside a counted request (SERVER_TIMING off, the notification worker) it does nothing.
 */
export const statementCounter: DrizzleLogger = {
  logQuery() {
    const current = requestStatements.getStore();
    if (current) current.count++;
  },
};

/**
 * With SERVER_TIMING on (never in production: durations help timing attacks), each response says
 * how many database statements it took and how long the server spent, in the standard
 * Server-Timing header (`db;desc="3 statements", app;dur=4.2`): the bench prints the count per
 * request beside each budget (issue 35), and a browser's network panel shows it.
 */
export function serverTiming(): MiddlewareHandler {
  return async (c, next) => {
    const statements: RequestStatements = { count: 0 };
    const started = performance.now();
    await requestStatements.run(statements, next);
    c.header(
      'Server-Timing',
      `db;desc="${statements.count} statements", app;dur=${(performance.now() - started).toFixed(1)}`,
    );
  };
}

/** The statement count a Server-Timing header carries, for the bench and tests. */
export function statementsOf(header: string | null): number | null {
  const match = header?.match(/db;desc="(\d+) statements"/);
  return match ? Number(match[1]) : null;
}
