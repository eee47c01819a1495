// First: before any zod schema is parsed (lib/zod-jitless.ts).
import '@/lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRouter, PAGES, QueryLayout } from '@/app/router';
import { loadFailures } from '@/lib/lazy-with-retry';
import { registerServiceWorker } from '@/lib/service-worker';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page is missing its #root element.');

const app = (
  <StrictMode>
    <AppRouter />
  </StrictMode>
);
// In a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole tree (on a mid-range phone, several 100+ ms tasks). A
// prerendered public page (issue 23, decision 028) arrives with its HTML: React takes it over as
// it is, and a tap on a part not yet hydrated makes React hydrate that part first. Every other
// path gets the empty shell and renders from scratch — a signed-in page's loading state, then
// the page (issue 35).
if (container.firstElementChild)
  startTransition(() => {
    hydrateRoot(container, app, {
      // A page whose code could not download shows its error screen instead of the HTML: a mismatch
      // React recovers from and that was expected. Any other is reported as React would.
      onRecoverableError: (error) =>
        loadFailures.count > 0 ? console.warn('The page was rendered again', error) : reportError(error),
    });
  });
else {
  const render = () => startTransition(() => createRoot(container).render(app));
  // A daily page whose chunks the boot script is preloading renders once they are here
  // (app/route-data.ts `firstPageCode`); if even that chunk cannot load, at once.
  if ((window as { __tavaraPagePreload?: number }).__tavaraPagePreload)
    import('@/app/route-data')
      .then((m) => m.firstPageCode(window.location.pathname, { layout: QueryLayout, pages: PAGES }))
      .then(render, render);
  else render();
}

// Production builds only: in development Vite serves modules one by one and a worker would cache them.
if (import.meta.env.PROD) registerServiceWorker();
