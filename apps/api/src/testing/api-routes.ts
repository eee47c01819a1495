import type { Hono } from 'hono';
import type { Auth } from '../auth/auth';
import { AUTH_BASE_PATH, CLOSED_AUTH_PATHS } from '../auth/auth';

export interface ApiRoute {
  method: string;
  /** The full Hono pattern, e.g. `/api/admin/users/:userId/role`. */
  path: string;
}

export const routeKey = (route: ApiRoute) => `${route.method} ${route.path}`;

/**
 * Every API route the server answers, read from the router itself (`app.routes`) rather than a
 * list kept by hand, so a new route shows up in the authorization matrix and the fuzz test the
 * moment it is added (issue 13, item 8). Middleware entries (`*` patterns) are left out; the
 * Better Auth mount (`/api/auth/*`) is expanded into Better Auth's own endpoints, read from the
 * auth instance the app mounts.
 */
export function listApiRoutes(app: Pick<Hono, 'routes'>, auth: Auth): ApiRoute[] {
  const seen = new Map<string, ApiRoute>();
  const add = (route: ApiRoute) => seen.set(routeKey(route), route);
  for (const { method, path } of app.routes) {
    if (!path.startsWith('/api/')) continue;
    if (path === `${AUTH_BASE_PATH}/*`) continue;
    if (path.endsWith('/*') && method === 'ALL' && path !== `${AUTH_BASE_PATH}/admin/*`) continue;
    add({ method, path });
  }
  for (const endpoint of Object.values(auth.api as Record<string, { path?: string; options?: { method?: unknown } }>)) {
    const path = endpoint.path;
    if (!path || path.startsWith('/admin/')) continue; // answered by the 404 at /api/auth/admin/*
    if ((CLOSED_AUTH_PATHS as readonly string[]).includes(path)) continue; // the app's own 404 route is listed
    const methods = endpoint.options?.method;
    for (const method of Array.isArray(methods) ? methods : [methods]) {
      if (method === 'GET' || method === 'POST') add({ method, path: `${AUTH_BASE_PATH}${path}` });
    }
  }
  return [...seen.values()].sort((a, b) => routeKey(a).localeCompare(routeKey(b)));
}
