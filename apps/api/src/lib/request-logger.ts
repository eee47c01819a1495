import type { MiddlewareHandler } from 'hono';
import type { AppBindings } from '../app-types';

/**
 * One log line per request with its id (from hono's requestId middleware, which must run
 * first), method, path (or the redacted `logPath` a route set), status and duration. Static
 * assets log at debug to keep logs readable.
 */
export function requestLogger(): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const isApi = c.req.path.startsWith('/api/');
    const path = c.get('logPath') ?? c.req.path;
    const line = { reqId: c.get('requestId'), method: c.req.method, path, status: c.res.status, ms };
    const logger = c.get('logger');
    if (c.res.status >= 500) logger.error(line, 'request failed');
    else if (isApi) logger.info(line, 'request');
    else logger.debug(line, 'request');
  };
}
