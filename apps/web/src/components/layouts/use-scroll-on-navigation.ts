import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long a page that is still loading its code or data may take to grow tall enough. */
const SETTLE_LIMIT_MS = 3_000;
const STORAGE_KEY = 'tavara:scroll-positions';
/** Enough for a long Back trail; the oldest go first. */
const MAX_POSITIONS = 50;

/**
 * Where the person was on a page: its scroll offset and, when they left by a link, that link
 * (its `href`) and where it was on screen. Back puts the link where it was: a section above it
 * that fills in later (a list, a figure) would move a pixel offset away from what they tapped —
 * 410 px on the family dashboard in a loaded run (issue 31, item 2).
 */
interface Position {
  y: number;
  href?: string;
  /** Which of the page's links to `href` it was (a card and a menu may both link to a page). */
  nth?: number;
  top?: number;
}

const linksTo = (href: string) =>
  [...document.querySelectorAll('a[href]')].filter((a) => a.getAttribute('href') === href);

function readPositions(): Map<string, Position> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, Position][];
    return new Map(saved.filter(([, position]) => typeof position?.y === 'number'));
  } catch {
    return new Map();
  }
}

function writePositions(positions: Map<string, Position>) {
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
  const positions = useRef<Map<string, Position> | null>(null);
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
        // Scrolling on: the link tapped earlier (if any) is no longer where the person is.
        positions.current?.set(currentKey.current, { y: window.scrollY });
      });
    };
    // Capture phase: the router's own click handler navigates before a bubbling listener runs.
    const rememberLink = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      const href = link?.getAttribute('href');
      if (!link || !href) return;
      window.cancelAnimationFrame(frame);
      frame = 0;
      positions.current?.set(currentKey.current, {
        y: window.scrollY,
        href,
        nth: linksTo(href).indexOf(link),
        top: link.getBoundingClientRect().top,
      });
    };
    const persist = () => {
      if (!positions.current?.get(currentKey.current)?.href) {
        positions.current?.set(currentKey.current, { y: window.scrollY });
      }
      if (positions.current) writePositions(positions.current);
    };
    window.addEventListener('scroll', save, { passive: true });
    document.addEventListener('click', rememberLink, { capture: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', save);
      document.removeEventListener('click', rememberLink, { capture: true });
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
      const saved = positions.current?.get(location.key);
      if (saved === undefined) {
        if (!samePage) window.scrollTo(0, 0);
        return undefined;
      }
      const { href, nth = 0, top } = saved;
      if (href !== undefined && top !== undefined) {
        // The link back where it was on screen, kept there while the page fills in above it
        // (never "done": sections may arrive until the limit, or until the person scrolls).
        return untilSettled(() => {
          const link = linksTo(href)[nth];
          if (link) window.scrollBy(0, link.getBoundingClientRect().top - top);
          else window.scrollTo(0, saved.y);
          return false;
        });
      }
      return untilSettled(() => {
        const reachable = document.documentElement.scrollHeight - window.innerHeight >= saved.y;
        window.scrollTo(0, reachable ? saved.y : document.documentElement.scrollHeight);
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
