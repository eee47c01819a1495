import { useSyncExternalStore } from 'react';
import type * as Sonner from 'sonner';

/**
 * Toasts through sonner, loaded on the first toast rather than with the first page: most visits
 * never show one, and the landing page's first load must stay under 100 kB gzip. Sonner replays
 * toasts created before its Toaster subscribed, so nothing is lost while it loads.
 */
let sonner: Promise<typeof Sonner> | undefined;
let hostWanted = false;
const listeners = new Set<() => void>();

function loadSonner() {
  if (!sonner) {
    sonner = import('sonner');
    // A failed download is forgotten, so the next toast tries again (preloadToasts makes this rare).
    sonner.catch(() => (sonner = undefined));
    hostWanted = true;
    listeners.forEach((listener) => listener());
  }
  return sonner;
}

/** After the page has loaded, how long to leave the connection to the page's own requests. */
const PRELOAD_AFTER_LOAD_MS = 1_000;

/**
 * Downloads the toast code (and the Toaster's chunk, via `preloadHost`) soon after the first
 * load — a second after the page's `load` event, never competing with it — or on the visitor's
 * first tap or key press if that comes sooner. So "you are offline" or a failed sign-in can
 * still show when the connection drops right after the page arrived (issue 14). A page a
 * service worker controls has every chunk in its precache already (decision 014) and
 * downloads nothing.
 */
export function preloadToasts(preloadHost: () => Promise<unknown>) {
  // Not when the build prerenders the pages in Node (decision 028).
  if (typeof window === 'undefined') return;
  const events = ['pointerdown', 'keydown'] as const;
  let timer = 0;
  const run = () => {
    events.forEach((type) => window.removeEventListener(type, run, true));
    window.removeEventListener('load', afterLoad);
    window.clearTimeout(timer);
    if (navigator.serviceWorker?.controller) return markReady();
    // Both resolve once their chunks and every chunk they import are in (the Toaster's imports
    // arrive only after its own chunk: waiting for that one download is not enough).
    Promise.all([import('sonner'), preloadHost()]).then(markReady, () => undefined);
  };
  const afterLoad = () => {
    timer = window.setTimeout(run, PRELOAD_AFTER_LOAD_MS);
  };
  events.forEach((type) => window.addEventListener(type, run, { capture: true, passive: true }));
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

/**
 * `<html data-toasts-ready>`: the toast code is on this device, so a toast can show even if the
 * connection drops now. Nothing in the app reads it; a browser journey that cuts the connection
 * waits for it instead of guessing which downloads the toast needs.
 */
const markReady = () => document.documentElement.setAttribute('data-toasts-ready', '');

type Kind = 'success' | 'error' | 'info' | 'warning' | 'message';
const show = (kind: Kind) => (message: string, options?: Sonner.ExternalToast) => {
  loadSonner().then(
    (module) => module.toast[kind](message, options),
    (error: unknown) => console.warn('Could not show a notification', message, error),
  );
};

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  message: show('message'),
};

/** True once a toast was requested, so the host mounts the Toaster. */
export function useToastHostWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => hostWanted,
    () => false,
  );
}
