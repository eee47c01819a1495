/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * The app's service worker (decision 014), on Workbox's runtime modules. The build
 * (vite.config.ts, `serviceWorker()`) bundles this file to dist/sw.js and fills in
 * `self.__WB_MANIFEST` with every built chunk, style, icon and HTML shell.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  /** Path → its prerendered page (`/about` → `/pages/about.html`), from the same build. */
  __PRERENDERED_PAGES: Record<string, string>;
};

// The visitor accepts an update (lib/service-worker-update.ts): only then does a waiting worker
// take over, so an open tab never has its code swapped underneath it.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The very first worker takes the page at once, so the first visit's later chunk loads already
// come from the precache.
clientsClaim();
// No directory index or clean URLs: `/` is the prerendered landing page, not index.html (the
// shell); the navigation route below decides which page a path gets.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

const PRERENDERED_PAGES = self.__PRERENDERED_PAGES;

/**
 * The page the server would answer (apps/api/src/lib/web-app.ts), from the precache: a
 * prerendered public page for its path without a query (`?tab=signup` and the like change what
 * the page shows, so they get the shell), the shell for every other path. The two agree, so the
 * prerendered HTML and the app that hydrates it come from the same build.
 */
async function navigationPage({ request }: { request: Request }): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const page = (url.search === '' && !offlineDashboard(path) && PRERENDERED_PAGES[path]) || '/index.html';
  return (await matchPrecache(page)) ?? fetch(request);
}

/**
 * A dashboard opened with no connection (issue 29) gets the shell, not its prerendered signed-out
 * view: offline, the person opening it is almost always someone this device saw signed in, and
 * the app shows their own dashboard from what was saved. Hydrating the signed-out welcome first,
 * only to replace it, was work the phone did before the day's doses (decision 037's profile).
 * Online, the prerendered page stays (the server answers the same, and it is what most visitors
 * see first).
 */
const offlineDashboard = (path: string) => !self.navigator.onLine && path.startsWith('/dashboard/');

// /api/* navigations (sign-in, verification and reset links) always reach the server. Nothing
// else is routed: an API request is never answered from a cache.
registerRoute(new NavigationRoute(navigationPage, { denylist: [/^\/api\//] }));

/**
 * Web Push (issue 28, decision 032). The server's payload is `{ title, body, url, tag }`; the body
 * is lock-screen safe unless the person chose detail. Every push shows a notification (browsers
 * require it); a newer one with the same tag replaces the older.
 */
interface PushMessage {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
}

self.addEventListener('push', (event) => {
  let message: PushMessage = {};
  try {
    message = (event.data?.json() ?? {}) as PushMessage;
  } catch {
    // Not JSON: still tell the person something arrived.
  }
  // Only paths inside the app: a click never leaves for another site.
  const url =
    typeof message.url === 'string' && message.url.startsWith('/') && !message.url.startsWith('//') ? message.url : '/';
  event.waitUntil(
    self.registration.showNotification(message.title || 'Tavara', {
      body: message.body || 'You have a new update — open Tavara',
      tag: message.tag,
      icon: '/pwa-192.png',
      badge: '/pwa-192.png',
      data: { url },
    }),
  );
});

/**
 * A click opens the notification's page (the plan's Doses tab, the shift's schedule…): in a Tavara
 * tab already open if there is one — the one already on that page, else the one the person looked
 * at last — raised and moved there; else in a new window.
 */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | null)?.url ?? '/';
  const target = new URL(path, self.location.origin).href;
  const opened = openPage(target);
  event.waitUntil(opened);
});

async function openPage(target: string): Promise<void> {
  const windows = (await self.clients.matchAll({ type: 'window', includeUncontrolled: true })).filter(
    (w) => new URL(w.url).origin === self.location.origin,
  ) as WindowClient[];
  // matchAll lists the most recently focused first.
  const open = windows.find((w) => w.url === target) ?? windows[0];
  if (open) {
    // Raised first: the click's permission to bring a window forward is short-lived. A refusal
    // (that permission already spent) still leaves the tab to move to the page.
    const raised = await open.focus().catch(() => open);
    if (raised.url === target) return;
    try {
      // navigate() works only on a tab this worker controls; otherwise a new window opens.
      await raised.navigate(target);
      return;
    } catch {
      // fall through
    }
  }
  await self.clients.openWindow(target);
}
