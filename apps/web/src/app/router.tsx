import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { ROUTES, type RoutePath } from '@tavara/shared/routes';
import { RootLayout } from '@/components/layouts/root-layout';
import { LOCAL_KEYS, localStore } from '@/lib/browser-storage';
import { lazyWithRetry } from '@/lib/lazy-with-retry';
import { lazyPage } from './lazy-page';

type Page = ReturnType<typeof lazyPage>;

/** The data layer's layout route; with PAGES, preloaded before a daily page's first render (route-data.ts). */
export const QueryLayout = lazyPage(() => import('./query-layout'));
const BeingBuiltPage = lazyPage(() => import('./routes/being-built-page'));
const NotFoundPage = lazyPage(() => import('./routes/not-found-page'));
const DevMailboxPage = lazyPage(() => import('./routes/dev/dev-mailbox-page'));

const Nothing = () => null;

// The chat launcher loads once the page has loaded (useLoaded), never blocking it and never in the
// landing page's first load; if its code cannot load, the page has no chat button until the
// connection is back.
const ChatLauncher = lazyWithRetry(
  () => import('@/features/registration-chat/chat-launcher'),
  Nothing,
  'Chat launcher',
);

// Spec §2: the support button is on every page except / and /faq. Its code is not part of the
// landing page's first load; a failed download leaves the page without it until it is back online.
const SupportOverlay = lazyWithRetry(() => import('./support-overlay'), Nothing, 'Support button');
const PAGES_WITHOUT_SUPPORT_BUTTON = new Set(['/', '/faq']);

const afterLoad = (listener: () => void) => {
  window.addEventListener('load', listener);
  return () => window.removeEventListener('load', listener);
};

/**
 * False at build time, while a prerendered page hydrates and until the page's load event; true
 * from then on. The floating buttons render only then: their code is no part of the first load
 * (issue 23: the landing page's 100 kB), they read this browser's chat state, which the build
 * cannot know, and being fixed in place they shift nothing when they appear.
 */
function useLoaded() {
  return useSyncExternalStore(
    afterLoad,
    () => document.readyState === 'complete',
    () => false,
  );
}

function AppOverlays() {
  const { pathname } = useLocation();
  if (!useLoaded()) return null;
  // Two boundaries: the support button loading on a later page must not hide the chat launcher.
  // The page's own content is in the tab's first render (route-data.ts firstPageCode), so these
  // boundaries' reveals, held by React's 300 ms throttle, no longer hold it back (decision 046).
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

// The notification bell (issue 18) loads beside the page for signed-in people; a same-size
// placeholder holds its place so the bar does not shift when it arrives.
const NotificationBellSlot = lazyWithRetry(() => import('./notification-bell-slot'), Nothing, 'Notifications');
const NAV_EXTRAS = (
  <Suspense fallback={<span aria-hidden="true" className="inline-block size-11" />}>
    <NotificationBellSlot />
  </Suspense>
);

/**
 * Pages that exist so far. Every other path of the spec's route table loads
 * `routes/being-built-page`, which shows the "being built" panel — or, for the pages issue 19
 * built, that page (listed there: an entry here costs landing first-load bytes, at budget).
 */
const RegistrationRoute = lazyPage(() => import('./routes/registration/registration-route'));
const RoleDashboardRoute = lazyPage(() => import('./routes/dashboard/role-dashboard-route'));
const CarePlanFormRoute = lazyPage(() => import('./routes/care/care-plan-form-route'));
const ModuleRedirectRoute = lazyPage(() => import('./routes/training/module-redirect-route'));
const VerifyCertificateRoute = lazyPage(() => import('./routes/training/verify-certificate-route'));
const MatchingRoute = lazyPage(() => import('./routes/matching/matching-route'));
const BoardRoute = lazyPage(() => import('./routes/boards/board-route'));
const SupportAndProfileRoute = lazyPage(() => import('./routes/support-and-profile-route'));
export const PAGES: Partial<Record<RoutePath, Page>> = {
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
  '/family/care-management': lazyPage(() => import('./routes/care/care-plans-route')),
  '/family/care-management/create': CarePlanFormRoute,
  '/family/care-management/create/:id': CarePlanFormRoute,
  '/family/care-management/:id': lazyPage(() => import('./routes/care/care-plan-detail-route')),
  '/family/care-management/:carePlanId/medications': lazyPage(() => import('./routes/care/medications-route')),
  '/professional/schedule': lazyPage(() => import('./routes/care/professional-schedule-route')),
  '/settings/notifications': lazyPage(() => import('./routes/notifications/notification-settings-route')),
  '/notifications/unsubscribe': lazyPage(() => import('./routes/notifications/unsubscribe-route')),
  '/professional/assignments/:planId': lazyPage(() => import('./routes/care/assignment-route')),
  '/professional/training-resources': lazyPage(() => import('./routes/training/training-resources-page')),
  '/professional/module/:moduleId': ModuleRedirectRoute,
  '/professional/training-resources/module/:moduleId': ModuleRedirectRoute,
  '/professional/training-resources/module/:moduleId/lesson/:lessonId': lazyPage(
    () => import('./routes/training/lesson-route'),
  ),
  '/professional/training-resources/module/:moduleId/quiz': lazyPage(() => import('./routes/training/quiz-route')),
  '/verify-certificate': VerifyCertificateRoute,
  '/verify-certificate/:code': VerifyCertificateRoute,
  '/account': lazyPage(() => import('./routes/account-page')),
  '/caregiver-matching': MatchingRoute,
  '/family-matching': MatchingRoute,
  '/family/message-board': BoardRoute,
  '/professional/message-board': BoardRoute,
  '/professional/profile': SupportAndProfileRoute,
  '/caregiver/health': SupportAndProfileRoute,
  '/circles': lazyPage(() => import('./routes/circle/circles-route')),
  '/circle/:planId': lazyPage(() => import('./routes/circle/circle-route')),
};

/** Pages that render without the data cache (kept off TanStack Query for a light first load). */
const STATIC_PAGES: Partial<Record<RoutePath, Page>> = {
  '/': lazyPage(() => import('./routes/home-page')),
  '/auth': lazyPage(() => import('./routes/auth/sign-in-page')),
  '/auth/reset-password': lazyPage(() => import('./routes/auth/reset-password-page')),
  '/auth/reset-password/confirm': lazyPage(() => import('./routes/auth/reset-password-confirm-page')),
  '/terms': lazyPage(() => import('@/features/legal/terms-page')),
  '/privacy': lazyPage(() => import('@/features/legal/privacy-page')),
};

/**
 * Declarative routes (not the data router): the data router adds ~17 kB gzip to every first
 * load and the app loads its data with TanStack Query anyway. See docs/decisions/006-web-shell.md.
 * The build renders the same routes under a StaticRouter into the prerendered pages
 * (src/prerender/render.tsx, docs/decisions/028-prerendered-public-pages.md).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

/**
 * Starts a daily page's code and data as navigation to it starts (issue 35) rather than a level
 * of imports at a time under the data layer. Which pages those are is route-data.ts's to say
 * (packages/shared/src/daily-pages.ts): the entry holds no copy of the list (the landing page's
 * budget). Only for a browser last seen signed in: they are signed-in pages (a visitor's data
 * would be answered 401, and the page itself says "sign in"), so a visitor's pages never ask for
 * route-data's small chunk.
 */
function usePrefetchRouteData() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (localStore.get(LOCAL_KEYS.seenSignedIn) !== '1') return;
    import('./route-data').then(
      (module) => module.startRoute(pathname, search),
      // The page loads its own code and data as usual.
      () => undefined,
    );
  }, [pathname, search]);
}

export function AppRoutes() {
  usePrefetchRouteData();
  return (
    <Routes>
      <Route element={<RootLayout overlays={APP_OVERLAYS} navExtras={NAV_EXTRAS} />}>
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
  );
}
