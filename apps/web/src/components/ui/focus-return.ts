import { useRef } from 'react';

/** Where focus should go when a dialog closes and the control that opened it is gone. */
export type FocusFallback = () => HTMLElement | null | undefined;

const usable = (element: Element | null): element is HTMLElement =>
  element instanceof HTMLElement &&
  element !== document.body &&
  element.isConnected &&
  element.getClientRects().length > 0;

/**
 * Radix's Dialog returns focus only to its own Trigger; our dialogs open from state (menus, rows,
 * buttons elsewhere), so focus fell to <body> on close and a keyboard or screen-reader user lost
 * their place (issue 14). This returns it to the element focused when the dialog opened; when that
 * is gone by then — a closed menu's item, a deleted row — to `fallback`, or the page's main
 * region: never nowhere.
 */
export function useFocusReturn(fallback?: FocusFallback) {
  const opener = useRef<Element | null>(null);
  return {
    onOpenAutoFocus: () => {
      // Radix fires this before moving focus in, so the opener still has it.
      opener.current = document.activeElement;
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      // Something has already taken focus on purpose (the chat panel that replaces full screen).
      if (usable(document.activeElement)) return;
      const target = usable(opener.current) ? opener.current : fallback?.();
      (usable(target ?? null) ? target : document.getElementById('main'))?.focus();
    },
  };
}
