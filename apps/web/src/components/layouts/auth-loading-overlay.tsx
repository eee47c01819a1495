import { LoaderCircleIcon } from '@/components/ui/icons';
import { useLocation } from 'react-router';
import { RESET_CONFIRM_PATH } from '@/config/paths';
import { showsAuthLoading, useAuth } from '@/lib/auth';

/**
 * Spec §2: 'Loading your account... (operation)' over the whole page while auth state loads,
 * except on the reset confirmation page (which shows its own 'Validating reset link...'). It
 * fades in only after 300 ms (styles.css `animate-overlay-in`), so the quick check on every page
 * load does not flash a veil over the page; until then it is hidden from sight and from screen
 * readers and lets clicks through.
 */
export function AuthLoadingOverlay() {
  const auth = useAuth();
  const { pathname } = useLocation();
  if (!showsAuthLoading(auth) || pathname === RESET_CONFIRM_PATH) return null;
  const { operation } = auth;
  return (
    <div className="fixed inset-0 z-40 flex animate-overlay-in items-center justify-center bg-canvas/80 px-4 backdrop-blur-sm">
      <div
        role="status"
        className="flex items-center gap-3 rounded-card border border-line bg-surface px-6 py-4 font-semibold shadow-lg"
      >
        <LoaderCircleIcon aria-hidden="true" className="size-6 shrink-0 animate-spin text-brand" />
        Loading your account...{operation ? ` (${operation})` : ''}
      </div>
    </div>
  );
}
