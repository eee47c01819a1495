import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppBindings } from '../app-types';
import type { Logger } from './logger';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The service worker and the web app manifest are always revalidated: a stale service worker
 * would keep serving the previous deploy's app shell (decision 014).
 */
const ALWAYS_REVALIDATE = new Set(['/sw.js', '/manifest.webmanifest']);

/** Sets Cache-Control on a successful file response produced further down the chain. */
function cacheControl(value: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status === 200 && !c.res.headers.get('content-type')?.startsWith('text/html')) {
      c.res.headers.set('Cache-Control', ALWAYS_REVALIDATE.has(c.req.path) ? 'no-cache' : value);
    }
  };
}

/**
 * The prerendered public pages (issue 23, decision 028): dist/pages/about.html answers `/about`,
 * dist/pages/index.html answers `/`. Read once at start, as index.html is.
 */
interface PrerenderedPage {
  html: string;
  /** The build's brotli copy (quality 11, smaller than gzip on the fly), when it wrote one. */
  brotli: Buffer | null;
}

function readPrerenderedPages(webDir: string): Map<string, PrerenderedPage> {
  const pagesDir = join(webDir, 'pages');
  const pages = new Map<string, PrerenderedPage>();
  if (!existsSync(pagesDir)) return pages;
  for (const file of readdirSync(pagesDir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.html')) continue;
    const path = `/${file.replaceAll('\\', '/').replace(/\.html$/, '')}`.replace(/^\/index$/, '/');
    const brotliPath = join(pagesDir, `${file}.br`);
    pages.set(path, {
      html: readFileSync(join(pagesDir, file), 'utf8'),
      brotli: existsSync(brotliPath) ? readFileSync(brotliPath) : null,
    });
  }
  return pages;
}

/**
 * Serves the built web app. Vite puts content-hashed files under /assets, so they are cached
 * for a year (a new build gets new names); the build also writes .br/.gz siblings, served when
 * the browser accepts them. A public page the build prerendered is answered with its HTML
 * (the app hydrates it) when asked for without a query — a query (`/auth?tab=signup`) changes
 * what the page shows, so it gets the shell, as the service worker does. Any other GET answers
 * index.html, the empty shell, and React Router shows the page — or its not-found page. Both
 * are no-cache, so a deploy is picked up at once.
 */
export function webAppRoutes(webDir: string, logger: Logger) {
  const indexPath = join(webDir, 'index.html');
  const app = new Hono<AppBindings>();
  if (!existsSync(indexPath)) {
    logger.warn({ webDir }, 'web app not built: run `npm run build` to serve the pages');
    return app;
  }
  const indexHtml = readFileSync(indexPath, 'utf8');
  const pages = readPrerenderedPages(webDir);

  app.use('/assets/*', cacheControl(IMMUTABLE), serveStatic({ root: webDir, precompressed: true }));
  // A missing hashed asset is a 404, never index.html: a stale page must see its chunk fail.
  app.get('/assets/*', (c) => c.text('Not found', 404));
  app.use(
    '*',
    cacheControl('public, max-age=3600'),
    serveStatic({
      root: webDir,
      precompressed: true,
      // index.html is answered below (uncached), for "/" as for every client-side route. The
      // files under /pages/ are served as they are: the service worker precaches them by URL.
      rewriteRequestPath: (path) => (path === '/' || path === '/index.html' ? '/__no_such_file__' : path),
    }),
  );
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    const path = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, '') : c.req.path;
    const page = new URL(c.req.url).search === '' ? pages.get(path) : undefined;
    if (!page) return c.html(indexHtml);
    c.header('Vary', 'Accept-Encoding');
    if (page.brotli && /\bbr\b/.test(c.req.header('accept-encoding') ?? '')) {
      // Already compressed: the compress middleware leaves a response with Content-Encoding alone.
      c.header('Content-Encoding', 'br');
      return c.body(new Uint8Array(page.brotli), 200, { 'Content-Type': 'text/html; charset=UTF-8' });
    }
    return c.html(page.html);
  });
  return app;
}
