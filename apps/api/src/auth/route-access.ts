import type { Hono } from 'hono';
import { accessOf, type Access } from './allow';
import type { Auth } from './auth';
import { AUTH_BASE_PATH, CLOSED_AUTH_PATHS } from './auth';
import { BETTER_AUTH_ACCESS } from './better-auth-access';

export interface ApiRoute {
  method: string;
  /** The full Hono pattern, e.g. `/api/admin/users/:userId/role`. */
  path: string;
  /** Who may call it, as the route declares it (auth/allow.ts); undefined: nothing declared. */
  access: Access | undefined;
  /** More than one declaration on this route (the matrix refuses that too). */
  declarations: number;
}

export const routeKey = (route: Pick<ApiRoute, 'method' | 'path'>) => `${route.method} ${route.path}`;

/**
 * Every API route the server answers and who may call it, read from the router itself
 * (`app.routes` lists every handler, middleware included, per method and path) rather than a
 * list kept by hand, so a new route shows up in the authorization matrix and the fuzz test the
 * moment it is added (issue 13, item 8; issue 33, decision 040). Path-wide middleware (`*`
 * patterns without a declaration) is left out; the Better Auth mount (`/api/auth/*`) is expanded
 * into Better Auth's own endpoints, read from the auth instance the app mounts, with what
 * better-auth-access.ts says they enforce.
 */
export function listApiRoutes(app: Pick<Hono, 'routes'>, auth: Auth): ApiRoute[] {
  const seen = new Map<string, ApiRoute>();
  for (const { method, path, handler } of app.routes) {
    if (!path.startsWith('/api/')) continue;
    if (path === `${AUTH_BASE_PATH}/*`) continue;
    const access = accessOf(handler);
    if (path.endsWith('/*') && method === 'ALL' && !access) continue;
    const key = routeKey({ method, path });
    const route = seen.get(key) ?? { method, path, access: undefined, declarations: 0 };
    if (access) {
      route.access ??= access;
      route.declarations += 1;
    }
    seen.set(key, route);
  }
  for (const endpoint of Object.values(auth.api as Record<string, { path?: string; options?: { method?: unknown } }>)) {
    const path = endpoint.path;
    if (!path || path.startsWith('/admin/')) continue; // answered by the 404 at /api/auth/admin/*
    if ((CLOSED_AUTH_PATHS as readonly string[]).includes(path)) continue; // the app's own 404 route is listed
    const methods = endpoint.options?.method;
    for (const method of Array.isArray(methods) ? methods : [methods]) {
      if (method !== 'GET' && method !== 'POST') continue;
      const access = BETTER_AUTH_ACCESS[`${method} ${path}`];
      const route = { method, path: `${AUTH_BASE_PATH}${path}`, access, declarations: access ? 1 : 0 };
      seen.set(routeKey(route), route);
    }
  }
  return [...seen.values()].sort((a, b) => routeKey(a).localeCompare(routeKey(b)));
}
