import { ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import type { Role } from '@tavara/shared/roles';
import { ROLE_NAV_PAGES } from '@tavara/shared/navigation';

const itemClass =
  'flex min-h-11 items-center rounded-lg px-3 py-2 data-[disabled]:text-ink-muted data-[highlighted]:bg-brand-soft';

/**
 * The spec's "Navigation" dropdown (Radix menu: arrow keys, Escape, focus return), listing the
 * signed-in user's pages from the role's route table (@tavara/shared/navigation, which the phone
 * menu is built from too). Signed out it has no destinations; it says so rather than opening an
 * empty box. Loaded on first use — see navigation-menu.tsx.
 */
export default function NavigationDropdown({ defaultOpen, role }: { defaultOpen: boolean; role: Role | null }) {
  const items = role ? ROLE_NAV_PAGES[role] : [];
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen} modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost">
          Navigation
          <ChevronDown aria-hidden="true" className="size-4" />
        </Button>
      </DropdownMenu.Trigger>
      {/* Not portalled: inside the Main navigation landmark, the menu is part of a region (axe
          `region`, issue 31); it is positioned fixed, so the bar's layout does not clip it. */}
      <DropdownMenu.Content
        align="end"
        sideOffset={6}
        className="z-50 min-w-56 rounded-xl border border-line bg-surface p-2 shadow-lg"
      >
        {items.length === 0 ? (
          <DropdownMenu.Item disabled className={itemClass}>
            Sign in to see your pages
          </DropdownMenu.Item>
        ) : (
          items.map((item) => (
            <DropdownMenu.Item key={item.to} asChild className={itemClass}>
              <Link to={item.to}>{item.label}</Link>
            </DropdownMenu.Item>
          ))
        )}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
