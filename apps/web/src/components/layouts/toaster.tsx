import type { FocusEvent } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_GAP_PX, TOAST_VISIBLE_MAX } from '@/config/ui';

/**
 * Sonner remembers the element focused before focus entered its list and sends focus back there
 * when it leaves — meant for its Alt+T hotkey, but with Tab it traps the visitor between a toast
 * and the control before it (issue 14). Only the hotkey, which focuses the list itself, keeps
 * that behaviour: focus arriving on a toast's own button by Tab is not reported to sonner.
 */
function keepTabOrder(event: FocusEvent<HTMLDivElement>) {
  if (!(event.target instanceof HTMLElement && event.target.hasAttribute('data-sonner-toaster'))) {
    event.stopPropagation();
  }
}

/**
 * Spec §9 toast settings: 4 s, at most 3 visible, 14 px apart; 356 px is sonner's own width.
 * Sonner's swipe threshold is fixed at 45 px (a quick flick of any length also dismisses); the
 * spec's 20 px cannot be set — see docs/decisions/006-web-shell.md.
 *
 * Where (issue 14): bottom left, clear of the page's headings at the top and of the chat and
 * support buttons at the bottom right. Up to 600 px (sonner's phone layout) a toast runs from
 * 16 px to 88 px short of the right edge — the buttons' 56 px column, its 16 px margin and 16 px
 * of air — so it never lies under them and they never need to fade aside for it. `mobileOffset`
 * alone does not do that: sonner's phone rules ignore the right offset and make each toast the
 * full width less twice the left one; styles.css sets the widths that honour it. Text
 * 16 px (sonner's own 13 px is too small for older eyes; its styles are unlayered, hence `!`),
 * and the close and action buttons 44 px targets on touch screens, at least 24 px with a mouse
 * (the action's text 15 px).
 */
export default function Toaster() {
  return (
    <div onFocusCapture={keepTabOrder}>
      <SonnerToaster
        duration={TOAST_DURATION_MS}
        visibleToasts={TOAST_VISIBLE_MAX}
        gap={TOAST_GAP_PX}
        closeButton
        richColors
        position="bottom-left"
        offset={24}
        mobileOffset={{ bottom: 16, left: 16, right: 88 }}
        toastOptions={{
          classNames: {
            toast: '!text-base !pr-12',
            title: '!text-base',
            description: '!text-base',
            closeButton:
              '!left-auto !right-1 !top-1/2 !size-6 ![transform:translateY(-50%)] !border-0 !bg-transparent pointer-coarse:!size-11',
            // An action such as the update toast's Reload: sonner's own is 24 px tall with 12 px text.
            actionButton:
              '!h-auto !min-h-8 !px-3 !text-[15px] !font-semibold pointer-coarse:!min-h-11 pointer-coarse:!min-w-11',
            cancelButton: '!h-auto !min-h-8 !px-3 !text-[15px] pointer-coarse:!min-h-11 pointer-coarse:!min-w-11',
          },
        }}
      />
    </div>
  );
}
