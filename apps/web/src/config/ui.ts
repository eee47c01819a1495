/** Spec §9 toast settings (sonner): default 4 s, up to 3 visible, 356 px wide, 14 px apart. */
export const TOAST_DURATION_MS = 4_000;
export const TOAST_VISIBLE_MAX = 3;
export const TOAST_WIDTH_PX = 356;
export const TOAST_GAP_PX = 14;
/** Spec §9 tooltip delay. */
export const TOOLTIP_DELAY_MS = 700;
/** Spec §9 mobile breakpoint; Tailwind's `md:` is set to the same width in styles.css. */
export const MOBILE_BREAKPOINT_PX = 768;
