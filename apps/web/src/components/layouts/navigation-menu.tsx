import { ChevronDownIcon } from '@/components/ui/icons';
import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import type { Role } from '@tavara/shared/roles';
import { Button } from '@/components/ui/button';

const load = () => import('./navigation-dropdown');
const NavigationDropdown = lazy(load);

/**
 * Stands in for the Radix dropdown until the visitor reaches for it (hover, focus or click), so
 * the menu library is not part of the landing page's first load. A click or an opening key
 * press opens the real menu as soon as it has loaded.
 */
/** `role`: the signed-in user's role, whose pages the menu lists; null when signed out. */
export function NavigationMenu({ role }: { role: Role | null }) {
  const [state, setState] = useState<'idle' | 'ready' | 'open'>('idle');
  const prepare = () => {
    void load();
  };
  const open = () => setState('open');
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };

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
    <Suspense fallback={placeholder}>
      <NavigationDropdown defaultOpen={state === 'open'} role={role} />
    </Suspense>
  );
}
