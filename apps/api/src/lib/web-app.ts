import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppBindings } from '../app-types';
import type { Logger } from './logger';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Sets Cache-Control on a successful file response produced further down the chain. */
function cacheControl(value: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status === 200 && !c.res.headers.get('content-type')?.startsWith('text/html')) {
      c.res.headers.set('Cache-Control', value);
    }
  };
}

/**
 * Serves the built web app. Vite puts content-hashed files under /assets, so they are cached
 * for a year (a new build gets new names); the build also writes .br/.gz siblings, served when
 * the browser accepts them. Any other GET answers index.html (no-cache, so a deploy is picked
 * up at once) and React Router shows the page — or its not-found page; `/` gets landing.html,
 * the same page with the landing route's chunks preloaded.
 */
export function webAppRoutes(webDir: string, logger: Logger) {
  const indexPath = join(webDir, 'index.html');
  const app = new Hono<AppBindings>();
  if (!existsSync(indexPath)) {
    logger.warn({ webDir }, 'web app not built: run `npm run build` to serve the pages');
    return app;
  }
  const indexHtml = readFileSync(indexPath, 'utf8');
  // The landing page's copy preloads its lazily loaded chunks (apps/web/vite.config.ts).
  const landingPath = join(webDir, 'landing.html');
  const landingHtml = existsSync(landingPath) ? readFileSync(landingPath, 'utf8') : indexHtml;

  app.use('/assets/*', cacheControl(IMMUTABLE), serveStatic({ root: webDir, precompressed: true }));
  // A missing hashed asset is a 404, never index.html: a stale page must see its chunk fail.
  app.get('/assets/*', (c) => c.text('Not found', 404));
  app.use(
    '*',
    cacheControl('public, max-age=3600'),
    serveStatic({
      root: webDir,
      precompressed: true,
      // index.html is answered below (uncached), for "/" as for every client-side route.
      rewriteRequestPath: (path) => (path === '/' || path === '/index.html' ? '/__no_such_file__' : path),
    }),
  );
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(c.req.path === '/' ? landingHtml : indexHtml);
  });
  return app;
}
