import { ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Button } from '@/components/ui/button';

/**
 * The spec's "Navigation" dropdown (Radix menu: arrow keys, Escape, focus return). Signed out it
 * has no destinations; it says so rather than opening an empty box. The accounts work adds the
 * signed-in entries. Loaded on first use — see navigation-menu.tsx.
 */
export default function NavigationDropdown({ defaultOpen }: { defaultOpen: boolean }) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen} modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost">
          Navigation
          <ChevronDown aria-hidden="true" className="size-4" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-56 rounded-xl border border-line bg-surface p-2 shadow-lg"
        >
          <DropdownMenu.Item disabled className="rounded-lg px-3 py-2 text-ink-muted">
            Sign in to see your pages
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
