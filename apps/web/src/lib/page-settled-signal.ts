import { startTransition, useEffect, useState } from 'react';

let settled = false;
const listeners = new Set<() => void>();

/**
 * Says that the signed-in page this tab opened on is on screen with its data (app/page-settled.ts
 * decides when; app/offline-layer.tsx says so). A module of the shell with no imports beyond
 * React, for what the shell itself starts after the page: the floating buttons (router.tsx),
 * which on a phone otherwise downloaded and rendered while the page was still drawing.
 */
export function markPageSettled(): void {
  if (settled) return;
  settled = true;
  listeners.forEach((listener) => listener());
}

/**
 * Whether markPageSettled has been called in this tab (false while prerendering and hydrating).
 * It turns true in a transition, not as a store update would (synchronously): what waits for the
 * page then renders in slices that yield to the person, not in one long task.
 */
export function usePageSettledSignal(): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (seen) return;
    const listener = () => startTransition(() => setSeen(true));
    if (settled) listener();
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, [seen]);
  return seen;
}
