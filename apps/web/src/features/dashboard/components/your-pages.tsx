import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { ROLE_NAV_PAGES } from '@tavara/shared/navigation';
import type { PublicRole } from '@tavara/shared/roles';
import { PAGE_DESCRIPTIONS } from '../dashboard-content';

/** Pages the dashboard does not repeat: itself, and the settings every menu ends with. */
const NOT_LISTED = new Set(['/account', '/settings/notifications']);

/**
 * The role's pages as cards, each saying what the person finds there and leading to it (issue 31,
 * item 3: it replaces the "Not built yet" cards). Built from the same route table as the menus.
 */
export function YourPages({ role }: { role: PublicRole }) {
  const pages = ROLE_NAV_PAGES[role].slice(1).filter((page) => !NOT_LISTED.has(page.to));
  return (
    <section aria-labelledby="your-pages-heading">
      <h2 id="your-pages-heading" className="text-2xl font-bold">
        Your pages
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {pages.map((page) => (
          <li key={page.to} className="relative flex flex-col rounded-card border border-line bg-surface p-5 shadow-sm">
            <h3 className="text-lg font-semibold">
              {/* The whole card is the link's target (its ::after), the title its name. */}
              <Link
                to={page.to}
                className="inline-flex min-h-11 items-center gap-2 text-brand underline-offset-4 after:absolute after:inset-0 after:rounded-card hover:underline"
              >
                {page.label}
                <ArrowRight aria-hidden="true" className="size-5" />
              </Link>
            </h3>
            <p className="text-ink-muted">{PAGE_DESCRIPTIONS[page.to] ?? ''}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
