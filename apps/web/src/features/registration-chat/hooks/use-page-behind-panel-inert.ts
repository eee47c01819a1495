import { useEffect } from 'react';
import { CHAT_PANEL_ID } from '../chat-ui-store';

/** What can take focus: what Tab could land on. */
const FOCUSABLE =
  'a[href], button, input, select, textarea, summary, iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/** The parts of the page the panel can sit over (it is fixed: any of them, depending on scroll). */
const BEHIND = ['main', 'site-footer'] as const;

/** Marks the controls this hook made inert, so it only ever undoes its own. */
const MARK = 'data-behind-chat-panel';

/**
 * Tab never lands on a control the open chat panel hides (issue 14; WCAG 2.4.11).
 *
 * On a phone the panel covers most of the screen: the page behind it (main and footer) becomes
 * inert; the navigation bar above it stays usable. On a wider screen the panel covers a corner
 * and the rest of the page must stay usable, so only the controls under it become inert — those
 * whose centre lies within the panel — recomputed as the page scrolls, resizes or changes.
 */
export function usePageBehindPanelInert(panelOpen: boolean) {
  useEffect(() => {
    if (!panelOpen) return;
    const phone = window.matchMedia('(max-width: 767.98px)');
    // The navigation bar too: on a short window the panel reaches up to it.
    const areas = () => [...BEHIND.map((id) => document.getElementById(id)), document.querySelector('header')];
    let frame = 0;

    const clearCovered = () =>
      document.querySelectorAll(`[${MARK}]`).forEach((element) => {
        element.removeAttribute(MARK);
        element.removeAttribute('inert');
      });

    const markCovered = () => {
      const panel = document.getElementById(CHAT_PANEL_ID)?.getBoundingClientRect();
      const covered = new Set<Element>();
      if (panel) {
        for (const area of areas()) {
          area?.querySelectorAll(FOCUSABLE).forEach((element) => {
            const box = element.getBoundingClientRect();
            if (box.width === 0 && box.height === 0) return;
            const x = box.left + box.width / 2;
            const y = box.top + box.height / 2;
            if (x >= panel.left && x <= panel.right && y >= panel.top && y <= panel.bottom) covered.add(element);
          });
        }
      }
      document.querySelectorAll(`[${MARK}]`).forEach((element) => {
        if (covered.has(element)) return;
        element.removeAttribute(MARK);
        element.removeAttribute('inert');
      });
      covered.forEach((element) => {
        // The focused control is never taken away under the keyboard: it is scrolled clear instead.
        if (element === document.activeElement) return;
        // A control the page itself made inert stays the page's: not marked, so not undone later.
        if (element.hasAttribute('inert') && !element.hasAttribute(MARK)) return;
        element.setAttribute(MARK, '');
        element.setAttribute('inert', '');
      });
    };

    const apply = () => {
      frame = 0;
      const whole = BEHIND.map((id) => document.getElementById(id));
      if (phone.matches) {
        clearCovered();
        whole.forEach((element) => element?.setAttribute('inert', ''));
      } else {
        whole.forEach((element) => element?.removeAttribute('inert'));
        markCovered();
      }
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(apply);
    };

    // Tab to a control below the screen: the browser scrolls it into view, possibly under the
    // panel. Then it is moved to just below the panel, in full view (after the browser's scroll).
    const onFocusIn = (event: FocusEvent) => {
      if (phone.matches || !(event.target instanceof Element)) return;
      const target = event.target;
      window.requestAnimationFrame(() => {
        const panelElement = document.getElementById(CHAT_PANEL_ID);
        if (!panelElement || panelElement.contains(target) || document.activeElement !== target) return;
        const panel = panelElement.getBoundingClientRect();
        const box = target.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        if (x < panel.left || x > panel.right || y < panel.top || y > panel.bottom) return;
        window.scrollBy({ top: box.top - (panel.bottom + 8), behavior: 'instant' });
      });
    };

    apply();
    // Once more after the panel's opening animation has settled where it covers.
    const settled = window.setTimeout(schedule, 400);
    phone.addEventListener('change', schedule);
    document.addEventListener('focusin', onFocusIn);
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    window.addEventListener('resize', schedule);
    // A page that changes under the panel (a list loading, an FAQ answer opening).
    const observer = new MutationObserver(schedule);
    for (const area of areas()) {
      if (area) observer.observe(area, { childList: true, subtree: true });
    }
    return () => {
      if (frame) window.cancelAnimationFrame(frame);
      window.clearTimeout(settled);
      phone.removeEventListener('change', schedule);
      document.removeEventListener('focusin', onFocusIn);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      observer.disconnect();
      clearCovered();
      BEHIND.forEach((id) => document.getElementById(id)?.removeAttribute('inert'));
    };
  }, [panelOpen]);
}
