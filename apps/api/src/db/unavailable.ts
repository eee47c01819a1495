/**
 * Whether an error means the database could not be reached or dropped the connection (a restart,
 * a failover, `pg_terminate_backend`) rather than refusing the query: such a request is answered
 * 503 `service_unavailable` (try again shortly), not 500. The pool replaces the lost connection,
 * so the next request works as soon as PostgreSQL is back (issue 13, item 1).
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up / shutting down)
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
  '53300', // too_many_connections
]);
const UNAVAILABLE_SYSCALL_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|Connection ended|terminating connection/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SYSCALL_CODES.has(code))) {
      return true;
    }
    if (UNAVAILABLE_MESSAGES.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/** The 503's message (the web app shows it in a toast). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a few seconds.';
