import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long a page that is still loading its code or data may take to grow tall enough. */
const SETTLE_LIMIT_MS = 3_000;
const STORAGE_KEY = 'tavara:scroll-positions';
/** Enough for a long Back trail; the oldest go first. */
const MAX_POSITIONS = 50;

function readPositions(): Map<string, number> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][];
    return new Map(saved);
  } catch {
    return new Map();
  }
}

function writePositions(positions: Map<string, number>) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-MAX_POSITIONS)));
  } catch {
    // Private mode or full storage: Back still works, it just opens at the top after a reload.
  }
}

/**
 * Keeps trying `attempt` on each frame until it says it is done, the person scrolls themselves
 * (their wish wins) or the page has had SETTLE_LIMIT_MS to load its code and data.
 */
function untilSettled(attempt: () => boolean): () => void {
  const started = performance.now();
  let frame = 0;
  const stop = () => {
    window.cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) window.removeEventListener(type, stop);
  };
  const step = () => {
    if (attempt() || performance.now() - started > SETTLE_LIMIT_MS) stop();
    else frame = window.requestAnimationFrame(step);
  };
  for (const type of ['wheel', 'touchstart', 'keydown'] as const)
    window.addEventListener(type, stop, { passive: true });
  step();
  return stop;
}

/**
 * Where a page opens (issue 31, item 2). Moving to another page starts at its top — or at its
 * `#anchor` once that exists; Back and Forward return to where the person was on that page,
 * once the page is tall enough again. A change of the query string alone (a tab, a filter) is
 * the same page: it stays where it is. The declarative router has no <ScrollRestoration> (that
 * is the data router's; decision 006), hence this.
 */
export function useScrollOnNavigation() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number> | null>(null);
  const currentKey = useRef(location.key);
  const previousPath = useRef(location.pathname);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    positions.current = readPositions();
    let frame = 0;
    const save = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        positions.current?.set(currentKey.current, window.scrollY);
      });
    };
    const persist = () => {
      positions.current?.set(currentKey.current, window.scrollY);
      if (positions.current) writePositions(positions.current);
    };
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', persist);
      window.cancelAnimationFrame(frame);
    };
  }, []);

  useLayoutEffect(() => {
    if (currentKey.current === location.key) return;
    // The position on the page being left was saved by the scroll listener as the person scrolled.
    currentKey.current = location.key;
    const samePage = previousPath.current === location.pathname;
    previousPath.current = location.pathname;

    if (navigationType === 'POP') {
      const target = positions.current?.get(location.key);
      if (target === undefined) {
        if (!samePage) window.scrollTo(0, 0);
        return undefined;
      }
      return untilSettled(() => {
        const reachable = document.documentElement.scrollHeight - window.innerHeight >= target;
        window.scrollTo(0, reachable ? target : document.documentElement.scrollHeight);
        return reachable;
      });
    }
    const id = decodeURIComponent(location.hash.slice(1));
    if (id) {
      return untilSettled(() => {
        const element = document.getElementById(id);
        element?.scrollIntoView({ block: 'start' });
        return element !== null;
      });
    }
    if (!samePage) window.scrollTo(0, 0);
    return undefined;
  }, [location.key, location.pathname, location.hash, navigationType]);
}
