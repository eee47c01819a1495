import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { ROUTES, type RoutePath } from '@tavara/shared/routes';
import { RootLayout } from '@/components/layouts/root-layout';
import { lazyPage } from './lazy-page';

type Page = LazyExoticComponent<ComponentType>;

const QueryLayout = lazyPage(() => import('./query-layout'));
const BeingBuiltPage = lazyPage(() => import('./routes/being-built-page'));
const NotFoundPage = lazyPage(() => import('./routes/not-found-page'));
const DevMailboxPage = lazyPage(() => import('./routes/dev/dev-mailbox-page'));

// The chat launcher loads beside the page, never blocking it and never in the landing page's
// first load; if its code cannot load, the page simply has no chat button.
const ChatLauncher = lazy<ComponentType>(() =>
  import('@/features/registration-chat/chat-launcher').catch(() => ({ default: () => null })),
);

// Spec §2: the support button is on every page except / and /faq. Its code is not part of the
// landing page's first load; a failed download leaves the page without it.
const SupportOverlay = lazy<ComponentType>(() => import('./support-overlay').catch(() => ({ default: () => null })));
const PAGES_WITHOUT_SUPPORT_BUTTON = new Set(['/', '/faq']);

function AppOverlays() {
  const { pathname } = useLocation();
  // Two boundaries: the support button loading on a later page must not hide the chat launcher.
  return (
    <>
      <Suspense fallback={null}>
        <ChatLauncher />
      </Suspense>
      {!PAGES_WITHOUT_SUPPORT_BUTTON.has(pathname) && (
        <Suspense fallback={null}>
          <SupportOverlay />
        </Suspense>
      )}
    </>
  );
}

const APP_OVERLAYS = <AppOverlays />;

/**
 * Pages that exist so far. Every other path of the spec's route table shows the "being built"
 * page inside the layout until its issue adds its page here.
 */
const RegistrationRoute = lazyPage(() => import('./routes/registration/registration-route'));
const RoleDashboardRoute = lazyPage(() => import('./routes/dashboard/role-dashboard-route'));
const PAGES: Partial<Record<RoutePath, Page>> = {
  '/features': lazyPage(() => import('./routes/features-page')),
  '/admin/user-journey': lazyPage(() => import('./routes/admin/user-journey-route')),
  '/about': lazyPage(() => import('./routes/about-page')),
  '/faq': lazyPage(() => import('./routes/faq-page')),
  '/family/features-overview': lazyPage(() => import('./routes/family-features-overview-page')),
  '/professional/features-overview': lazyPage(() => import('./routes/professional-features-overview-page')),
  '/community/features-overview': lazyPage(() => import('./routes/community-features-overview-page')),
  '/dashboard/admin': lazyPage(() => import('./routes/dashboard/admin-dashboard-route')),
  '/registration/family': RegistrationRoute,
  '/registration/professional': RegistrationRoute,
  '/registration/professional-fix': RegistrationRoute,
  '/registration/community': RegistrationRoute,
  '/dashboard/family': RoleDashboardRoute,
  '/dashboard/professional': RoleDashboardRoute,
  '/dashboard/community': RoleDashboardRoute,
};

/** Pages that render without the data cache (kept off TanStack Query for a light first load). */
const STATIC_PAGES: Partial<Record<RoutePath, Page>> = {
  '/': lazyPage(() => import('./routes/home-page')),
  '/auth': lazyPage(() => import('./routes/auth/sign-in-page')),
  '/auth/reset-password': lazyPage(() => import('./routes/auth/reset-password-page')),
  '/auth/reset-password/confirm': lazyPage(() => import('./routes/auth/reset-password-confirm-page')),
};

/**
 * Declarative routes (not the data router): the data router adds ~17 kB gzip to every first
 * load and the app loads its data with TanStack Query anyway. See docs/decisions/006-web-shell.md.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<RootLayout overlays={APP_OVERLAYS} />}>
          {Object.entries(STATIC_PAGES).map(([path, Page]) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route element={<QueryLayout />}>
            {ROUTES.filter(({ path }) => !(path in STATIC_PAGES)).map(({ path }) => {
              const Page = PAGES[path] ?? BeingBuiltPage;
              return <Route key={path} path={path} element={<Page />} />;
            })}
            <Route path="/dev/mailbox" element={<DevMailboxPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
