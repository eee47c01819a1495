import { Toaster as SonnerToaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_GAP_PX, TOAST_VISIBLE_MAX } from '@/config/ui';

/**
 * Spec §9 toast settings: 4 s, at most 3 visible, 14 px apart; 356 px is sonner's own width.
 * Sonner's swipe threshold is fixed at 45 px (a quick flick of any length also dismisses); the
 * spec's 20 px cannot be set — see docs/decisions/006-web-shell.md.
 */
export default function Toaster() {
  return (
    <SonnerToaster
      duration={TOAST_DURATION_MS}
      visibleToasts={TOAST_VISIBLE_MAX}
      gap={TOAST_GAP_PX}
      closeButton
      richColors
      position="top-center"
      toastOptions={{ className: 'text-base' }}
    />
  );
}
