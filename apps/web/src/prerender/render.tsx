// Built by Vite in SSR mode and run once at build time (vite.config.ts `prerender()`); never part
// of the browser's bundle. docs/decisions/028-prerendered-public-pages.md.
import '@/lib/zod-jitless';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@tavara/shared/product';
import { ROUTES } from '@tavara/shared/routes';
import { AppRoutes } from '@/app/router';

/**
 * The app's HTML for `path` as a signed-out visitor's first render shows it: the same tree the
 * browser hydrates (main.tsx), with every lazy page and layout resolved — `prerender` waits for
 * them, where renderToString would leave their loading fallbacks.
 */
export async function render(path: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
    // One piece, in order: React would otherwise move a large boundary's HTML to the end with an
    // inline <script> to put it in place, which our Content-Security-Policy (script-src 'self')
    // refuses — the page would stay hidden until the app rendered it again in the browser.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

/** The document title RootLayout sets once the app runs, so the HTML already has it. */
export function pageTitle(path: string): string {
  if (path === '/') return `${PRODUCT_NAME} — ${PRODUCT_TAGLINE}`;
  const title = ROUTES.find((route) => route.path === path)?.title;
  if (!title) throw new Error(`prerender: ${path} is not in the route table`);
  return `${title} · ${PRODUCT_NAME}`;
}
