/**
 * The floating chat and support buttons never sit on a control of the page (issue 14, item 6).
 * Padding at the page's end only clears the end; mid-page they used to cover the right edge of
 * cards, FAQ toggles and form fields on a phone. So while a control of the page lies under a
 * floating button, that button steps aside (`data-over-control`, styles.css) and comes back as
 * soon as the page is clear there — at the page's end at the latest, which keeps room for it.
 * It steps aside for a toast the same way.
 * A button that has focus, or whose menu or panel is open, always stays.
 *
 * Loaded after the first paint (root-layout.tsx): it is not needed to show the page, and the
 * landing page's first load must stay under 100 kB.
 */

const FOCUSABLE =
  'a[href], button, input, select, textarea, summary, iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';
const PAGE_AREAS = ['main', 'site-footer'];
/** A little air around a floating button: a control touching its edge is still too close to tap. */
const MARGIN_PX = 4;

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return (
    a.left - MARGIN_PX < b.right &&
    b.left < a.right + MARGIN_PX &&
    a.top - MARGIN_PX < b.bottom &&
    b.top < a.bottom + MARGIN_PX
  );
}

function update() {
  const controls = document.querySelectorAll<HTMLElement>('.floating-control');
  if (controls.length === 0) return;
  const pageControls: DOMRect[] = [];
  for (const id of PAGE_AREAS) {
    document
      .getElementById(id)
      ?.querySelectorAll(FOCUSABLE)
      .forEach((element) => {
        const box = element.getBoundingClientRect();
        if (box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight) pageControls.push(box);
      });
  }
  // A toast over a floating button: the button steps aside until the toast has gone, so the
  // toast covers no control either (issue 14).
  document.querySelectorAll('[data-sonner-toast]').forEach((toast) => pageControls.push(toast.getBoundingClientRect()));
  controls.forEach((control) => {
    const engaged =
      control.matches(':focus-within') ||
      control.querySelector('[aria-expanded="true"]') !== null ||
      control.getAttribute('aria-expanded') === 'true';
    const box = control.getBoundingClientRect();
    const covering = !engaged && box.width > 0 && pageControls.some((page) => overlaps(box, page));
    control.toggleAttribute('data-over-control', covering);
  });
}

let started = false;

/** Starts watching (once): on scroll, resize and changes to the page. */
export function watchFloatingControls(): void {
  if (started) return;
  started = true;
  let frame = 0;
  const schedule = () => {
    if (!frame)
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        update();
      });
  };
  window.addEventListener('scroll', schedule, { passive: true, capture: true });
  window.addEventListener('resize', schedule);
  document.addEventListener('focusin', schedule);
  document.addEventListener('focusout', schedule);
  // A toast slides into place (a CSS transition, no change to the DOM): where it covers is known
  // only once it has arrived.
  document.addEventListener('transitionend', schedule, true);
  document.addEventListener('animationend', schedule, true);
  new MutationObserver(schedule).observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-expanded', 'class', 'open'],
  });
  update();
}
