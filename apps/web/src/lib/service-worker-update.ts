import { toast } from './toast';

let reloading = false;

/**
 * A new deploy's service worker has installed and waits. Offers it; on Reload it takes over
 * (sw/service-worker.ts calls skipWaiting() on this message) and the page reloads once,
 * on the new build.
 */
export function offerUpdate(registration: ServiceWorkerRegistration) {
  toast.info('A new version of Tavara is ready.', {
    duration: Number.POSITIVE_INFINITY,
    action: {
      label: 'Reload',
      onClick: () => {
        navigator.serviceWorker.addEventListener('controllerchange', () => {
          if (reloading) return;
          reloading = true;
          window.location.reload();
        });
        registration.waiting?.postMessage({ type: 'SKIP_WAITING' });
      },
    },
  });
}
