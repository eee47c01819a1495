/**
 * The floating chat and support buttons never sit on a control of the page (issue 14, item 6).
 * Padding at the page's end only clears the end; mid-page they used to cover the right edge of
 * cards, FAQ toggles and form fields on a phone. So while a control of the page lies under a
 * floating button, that button steps aside (`data-over-control`, styles.css) and comes back as
 * soon as the page is clear there — at the page's end at the latest, which keeps room for it.
 * It steps aside for a toast the same way — a fallback: toasts are laid out clear of the buttons'
 * column at every width (styles.css, toaster.tsx), so none should ever lie under a button.
 * A button that has focus, or whose menu or panel is open, always stays.
 *
 * The browser reports what lies under each button (an IntersectionObserver whose root is the
 * viewport cut down to the button's place), from the layout it makes for the next frame anyway.
 * Measuring every control with getBoundingClientRect instead forced that layout early, in the
 * watcher's own task — on a long page a 40 ms one on a fast machine (issue 23) — and laid out the
 * cards the browser skips while they are off screen (`content-visibility`, styles.css).
 *
 * Loaded after the first paint (root-layout.tsx): it is not needed to show the page, and the
 * landing page's first load must stay under 100 kB.
 */

// Labels too: a choice card is a label around a visually hidden radio (issue 31: the buttons sat
// on quiz answers and plan types, whose own inputs are 1 px and never under them).
const FOCUSABLE =
  'a[href], button, input, select, textarea, summary, label, iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';
const PAGE_AREAS = ['main', 'site-footer'];
const TOAST = '[data-sonner-toast]';
/** A little air around a floating button: a control touching its edge is still too close to tap. */
const MARGIN_PX = 4;

interface FloatingControl {
  /** Where the button is (and whether it shows): reported once, and again when it hides or shows. */
  place: IntersectionObserver;
  /** The page's controls and toasts under the button's place; null while it does not show. */
  region: IntersectionObserver | null;
  rootMargin: string;
  under: Set<Element>;
}

const floating = new Map<HTMLElement, FloatingControl>();
/** The page's controls and the toasts, each observed by every button's region. */
let targets = new Set<Element>();

function findTargets(): Set<Element> {
  const found = new Set<Element>();
  for (const id of PAGE_AREAS)
    document
      .getElementById(id)
      ?.querySelectorAll(FOCUSABLE)
      .forEach((e) => found.add(e));
  // A toast over a floating button (none should be: see styles.css): the button steps aside until
  // the toast has gone, so the toast covers no control either (issue 14).
  document.querySelectorAll(TOAST).forEach((toast) => found.add(toast));
  return found;
}

function render(control: HTMLElement, watched: FloatingControl) {
  const engaged =
    control.matches(':focus-within') ||
    control.querySelector('[aria-expanded="true"]') !== null ||
    control.getAttribute('aria-expanded') === 'true';
  control.toggleAttribute('data-over-control', !engaged && watched.region !== null && watched.under.size > 0);
}

/** The viewport cut down to `box` and MARGIN_PX around it, as an IntersectionObserver rootMargin. */
function rootMarginAround(box: DOMRectReadOnly, viewport: DOMRectReadOnly): string {
  const inset = [
    box.top - viewport.top,
    viewport.right - box.right,
    viewport.bottom - box.bottom,
    box.left - viewport.left,
  ];
  return inset.map((px) => `${Math.round(MARGIN_PX - px)}px`).join(' ');
}

function placeRegion(control: HTMLElement, watched: FloatingControl, entry: IntersectionObserverEntry) {
  const box = entry.boundingClientRect;
  // Hidden (display: none while a field has focus on a phone, or the chat's panel is open): it
  // covers nothing, and is placed again when it shows.
  const rootMargin = box.width > 0 && entry.rootBounds ? rootMarginAround(box, entry.rootBounds) : '';
  if (rootMargin === watched.rootMargin) return;
  watched.region?.disconnect();
  watched.region = null;
  watched.under.clear();
  watched.rootMargin = rootMargin;
  if (rootMargin) {
    const region = new IntersectionObserver(
      (entries) => {
        for (const { target, isIntersecting, boundingClientRect: hit } of entries) {
          if (isIntersecting && hit.width > 0 && hit.height > 0) watched.under.add(target);
          else watched.under.delete(target);
        }
        render(control, watched);
      },
      // This document's viewport (the implicit root is the top window's, even in a frame).
      { root: document, rootMargin },
    );
    targets.forEach((target) => region.observe(target));
    watched.region = region;
  }
  render(control, watched);
}

function watch(control: HTMLElement) {
  const under = new Set<Element>();
  const place = new IntersectionObserver(
    (entries) => {
      const latest = entries.at(-1);
      if (latest) placeRegion(control, watched, latest);
    },
    { root: document },
  );
  const watched: FloatingControl = { place, region: null, rootMargin: '', under };
  place.observe(control);
  floating.set(control, watched);
}

function unwatch(control: HTMLElement) {
  const watched = floating.get(control);
  watched?.place.disconnect();
  watched?.region?.disconnect();
  floating.delete(control);
}

/** Brings the observers up to date with the page: new and removed controls, toasts and buttons. */
function sync() {
  const next = findTargets();
  for (const target of targets) {
    if (next.has(target)) continue;
    floating.forEach((watched) => {
      watched.region?.unobserve(target);
      watched.under.delete(target);
    });
  }
  for (const target of next) {
    if (!targets.has(target)) floating.forEach((watched) => watched.region?.observe(target));
  }
  targets = next;

  const controls = new Set(document.querySelectorAll<HTMLElement>('.floating-control'));
  floating.forEach((_, control) => {
    if (!controls.has(control)) unwatch(control);
  });
  controls.forEach((control) => {
    if (!floating.has(control)) watch(control);
  });
  // Focus, or a menu opening, changed whether a button may step aside.
  floating.forEach((watched, control) => render(control, watched));
}

let started = false;

/** Starts watching (once): the page's controls, and on resize the buttons' places. */
export function watchFloatingControls(): void {
  if (started) return;
  started = true;
  let frame = 0;
  const schedule = () => {
    if (!frame)
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        sync();
      });
  };
  // A resize may move a button without hiding it: each is placed again (observing anew reports
  // where it is). So may a scrollbar appearing or going on a desktop, which narrows the viewport
  // without a resize event, but changes the root element's width.
  const placeAgain = () =>
    floating.forEach((watched, control) => {
      watched.place.unobserve(control);
      watched.place.observe(control);
    });
  window.addEventListener('resize', placeAgain);
  // (The first report only says the width it starts from; taller content alone changes nothing.)
  let rootWidth: number | undefined;
  new ResizeObserver(([entry]) => {
    const width = entry?.contentRect.width;
    if (width === rootWidth) return;
    if (rootWidth !== undefined) placeAgain();
    rootWidth = width;
  }).observe(document.documentElement);
  document.addEventListener('focusin', schedule);
  document.addEventListener('focusout', schedule);
  new MutationObserver(schedule).observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-expanded', 'class', 'open', 'href', 'tabindex'],
  });
  sync();
  // Says the buttons now step aside (they start late, after the load event): what a check of the
  // page's floating buttons waits for, rather than for the network to fall quiet.
  document.documentElement.dataset.floatingWatch = 'on';
}
