import { Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@tavara/shared/product';
import { legacyRedirectTarget } from '@tavara/shared/routes';
import { useRouteTitle } from '@/lib/route-title';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { AuthLoadingOverlay } from './auth-loading-overlay';
import { Footer } from './footer';
import { NavBar } from './nav-bar';
import { PageSkeleton } from './page-skeleton';
import { StatusBanner } from './status-banner';
import { ToastHost } from './toast-host';
import { useScrollOnNavigation } from './use-scroll-on-navigation';

/**
 * The frame of every page: skip link, status banner, navigation, the page, footer.
 * `overlays` are app-wide widgets (the chat launcher) and `navExtras` the navigation bar's
 * signed-in extras (the notification bell) that `app/` supplies, so this shared layout never
 * imports a feature.
 */
export function RootLayout({ overlays, navExtras }: { overlays?: ReactNode; navExtras?: ReactNode }) {
  const location = useLocation();
  const redirect = legacyRedirectTarget(location);
  const title = useRouteTitle();
  useScrollOnNavigation();

  useEffect(() => {
    document.title =
      location.pathname === '/'
        ? `${PRODUCT_NAME} — ${PRODUCT_TAGLINE}`
        : `${title ?? 'Page not found'} · ${PRODUCT_NAME}`;
  }, [title, location.pathname]);

  // The floating buttons step aside from controls under them: loaded once the page has loaded,
  // so it is no part of the first load (and the buttons start where nothing covers the page's top).
  useEffect(() => {
    let handle = 0;
    const start = () => {
      handle = window.setTimeout(() => {
        import('./floating-clearance').then(
          (module) => module.watchFloatingControls(),
          (error: unknown) => console.warn('The floating buttons cannot step aside', error),
        );
      }, 300);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      window.clearTimeout(handle);
    };
  }, []);

  if (redirect) return <Navigate to={redirect} replace />;

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-surface px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <StatusBanner />
      <NavBar accountSlot={navExtras} />
      {/* At least a screen tall (issue 31): while a page loads (skeleton, then a shorter loading
          state) the footer stays below the fold, so the page's arrival does not shove it down
          in view — the largest layout shift of the signed-in pages as they loaded. */}
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 focus:outline-none">
        <RouteErrorBoundary key={location.pathname}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
      <AuthLoadingOverlay />
      {overlays}
      <ToastHost />
    </div>
  );
}
