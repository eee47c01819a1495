import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React hydrates a prerendered page (and in the prerender itself), true from the
 * render after. Before hydration a button has no handler, so a tap would be lost — or, in a
 * form, submit it natively as a GET with the fields in the address (a password in a URL). Controls
 * use this to stay disabled until the page's code runs them (decision 028).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
