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
    hostWanted = true;
    listeners.forEach((listener) => listener());
  }
  return sonner;
}

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
