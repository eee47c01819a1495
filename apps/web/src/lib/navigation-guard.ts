import { useCallback } from 'react';
import { useLocation, useNavigate, type NavigateOptions } from 'react-router';

/** Spec §9 "navigation lock 500 ms". */
export const NAVIGATION_LOCK_MS = 500;

// Module-level, not per component: the lock is about the whole app navigating twice, e.g. the
// post-login redirect and a page's own redirect answering the same sign-in.
let lastGuardedNavigationAt = Number.NEGATIVE_INFINITY;

/**
 * Spec §4 "Navigation guard": a second navigation within 500 ms is ignored, as is navigating to
 * the path already shown. Returns whether it navigated. Used for automatic navigations (redirects
 * after sign-in, require-auth); links and buttons the user presses navigate normally.
 */
export function useGuardedNavigate() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (to: string, options?: NavigateOptions): boolean => {
      const target = new URL(to, window.location.origin).pathname;
      if (target === pathname) return false;
      const now = performance.now();
      if (now - lastGuardedNavigationAt < NAVIGATION_LOCK_MS) return false;
      lastGuardedNavigationAt = now;
      void navigate(to, options);
      return true;
    },
    [navigate, pathname],
  );
}
