/**
 * Registers the service worker (apps/web/sw/, built by vite.config.ts; decision 014) once the page has
 * loaded, so it never competes with the first load. A new deploy's worker installs beside the
 * running app and waits, so the open tab keeps its own build's chunks; the visitor is offered the
 * update (service-worker-update.ts, downloaded only then). Kept tiny: it is in every first load.
 */
export function registerServiceWorker() {
  const container = navigator.serviceWorker;
  if (!container) return;
  const register = () =>
    container.register('/sw.js').then(
      (registration?: ServiceWorkerRegistration) => {
        // Undefined where service workers are switched off (an automated browser told to block them).
        if (!registration) return;
        // The very first worker activates at once (no controller yet): only an update is offered.
        const offer = () =>
          container.controller &&
          import('./service-worker-update').then(
            (module) => module.offerUpdate(registration),
            () => undefined,
          );
        if (registration.waiting) void offer();
        registration.addEventListener('updatefound', () =>
          registration.installing?.addEventListener('statechange', (event) => {
            if ((event.target as ServiceWorker).state === 'installed') void offer();
          }),
        );
        // An app left open for days still learns of a deploy (hourly).
        setInterval(() => void registration.update().catch(() => undefined), 3_600_000);
      },
      (error: unknown) => console.warn('The offline copy of the app could not be set up', error),
    );
  // A prerendered page requests this code after its first paint (decision 028): its load event
  // may already be over.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', register, { once: true });
}
