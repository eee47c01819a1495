import { ChevronDownIcon, RefreshCwIcon } from '@/components/ui/icons';
import { Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Role } from '@tavara/shared/roles';
import { Button } from '@/components/ui/button';
import { WidgetErrorBoundary } from '@/components/errors/widget-error-boundary';
import { lazyWithRetry, retryImport, type LoadFailedProps } from '@/lib/lazy-with-retry';

const load = () => import('./navigation-dropdown');

type DropdownProps = {
  defaultOpen: boolean;
  role: Role | null;
  /** The download failed: the next load shows the menu closed unless the visitor asks again. */
  onLoadFailed: () => void;
  /** The visitor pressed the retry button: open the menu once it has loaded. */
  onRetry: () => void;
};

/**
 * The menu's code could not be downloaded (offline on a first visit, before the service worker
 * holds it): a button that tries again, with focus kept on it, instead of a white page (issue 14).
 * Back online it loads again by itself (lazyWithRetry), closed, so nothing pops open unasked.
 */
function NavigationLoadFailed({ retry, onLoadFailed, onRetry }: LoadFailedProps & DropdownProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // The button replaces the one that had focus: keep keyboard users where they were.
    if (document.activeElement === document.body) ref.current?.focus();
    onLoadFailed();
  }, [onLoadFailed]);
  return (
    <Button
      ref={ref}
      variant="ghost"
      onClick={() => {
        onRetry();
        retry();
      }}
    >
      <RefreshCwIcon aria-hidden="true" className="size-4" />
      Navigation
      <span className="sr-only">could not load. Try again.</span>
    </Button>
  );
}

const NavigationDropdown = lazyWithRetry<DropdownProps>(
  async () => {
    const { default: Dropdown } = await load();
    return { default: ({ defaultOpen, role }: DropdownProps) => <Dropdown defaultOpen={defaultOpen} role={role} /> };
  },
  NavigationLoadFailed,
  'The navigation menu',
);

/**
 * Stands in for the Radix dropdown until the visitor reaches for it (hover, focus or click), so
 * the menu library is not part of the landing page's first load. A click or an opening key
 * press opens the real menu as soon as it has loaded.
 */
/** `role`: the signed-in user's role, whose pages the menu lists; null when signed out. */
export function NavigationMenu({ role }: { role: Role | null }) {
  const [state, setState] = useState<'idle' | 'ready' | 'open'>('idle');
  const prepare = () => {
    // Warming the cache only: a failure here is shown when the menu is actually opened.
    retryImport(load).catch(() => undefined);
  };
  const open = () => setState('open');
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };
  // After a failed download, coming back online loads the menu closed (nothing pops open
  // unasked); pressing the retry button opens it once loaded.
  const [onLoadFailed] = useState(() => () => setState((current) => (current === 'open' ? 'ready' : current)));

  const placeholder = (
    <Button
      variant="ghost"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={prepare}
      onFocus={prepare}
      onClick={open}
      onKeyDown={onKeyDown}
    >
      Navigation
      <ChevronDownIcon aria-hidden="true" className="size-4" />
    </Button>
  );
  if (state === 'idle') return placeholder;
  return (
    <WidgetErrorBoundary fallback={placeholder} what="The navigation menu">
      <Suspense fallback={placeholder}>
        <NavigationDropdown defaultOpen={state === 'open'} role={role} onLoadFailed={onLoadFailed} onRetry={open} />
      </Suspense>
    </WidgetErrorBoundary>
  );
}
