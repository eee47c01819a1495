import { HeartHandshakeIcon, MenuIcon, XIcon } from '@/components/ui/icons';
import { useId, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { PRODUCT_NAME } from '@tavara/shared/product';
import { PUBLIC_NAV_PAGES, ROLE_NAV_PAGES, type NavPage } from '@tavara/shared/navigation';
import { ROLE_DASHBOARD_PATHS } from '@tavara/shared/roles';
import { Button } from '@/components/ui/button';
import { dashboardLabel } from '@/config/paths';
import { showsAuthLoading, useAuth, useSignOut, type AuthState } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { NavigationMenu } from './navigation-menu';

/**
 * Spec §2: signed in with a known role, a '{Role} Dashboard' link; 'User Journey' for admins
 * (the spec's one hard-coded user id becomes the server-controlled admin role, product-notes
 * lesson 3). The desktop bar's own links; every other page of the role is in its Navigation menu.
 */
function accountLinks({ user, role }: AuthState): NavPage[] {
  if (!user || !role) return [];
  const links = [{ to: ROLE_DASHBOARD_PATHS[role], label: dashboardLabel(role) }];
  if (role === 'admin') links.push({ to: '/admin/user-journey', label: 'User Journey' });
  // Issue 22: security, devices and data of the signed-in person.
  links.push({ to: '/account', label: 'Account' });
  return links;
}

const ACCOUNT_LABELS = ['Loading...', 'Sign Out', 'Sign In'] as const;

/**
 * The account button's label, as wide as its widest ("Loading...") whatever it says: the button
 * keeps its size as the session check ends, so it and the bell beside it do not move (issue 31,
 * item 10). The other labels are drawn invisibly in the same grid cell, hidden from readers.
 */
function AccountLabel({ label: shown }: { label: (typeof ACCOUNT_LABELS)[number] }) {
  return (
    <span className="grid">
      {ACCOUNT_LABELS.map((label) => (
        <span
          key={label}
          aria-hidden={label === shown ? undefined : true}
          // On a phone "Loading..." is a size smaller: the row (logo, bell, button, menu) has no
          // room for a Sign Out as wide as it.
          className={cn('[grid-area:1/1]', label !== shown && 'invisible', label === 'Loading...' && 'max-sm:text-sm')}
        >
          {label}
        </span>
      ))}
    </span>
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex min-h-11 items-center rounded-lg px-3 font-semibold hover:bg-brand-soft',
    isActive ? 'text-brand underline decoration-2 underline-offset-8' : 'text-ink',
  );

/**
 * Spec §2 "Navigation bar". Below 768 px the links collapse behind a labelled toggle; the menu
 * closes on navigation so the page underneath is never hidden by it. The account button stays
 * outside the toggle: Sign In, a disabled 'Loading...' while auth loads, or Sign Out.
 * `accountSlot` (the notification bell, supplied by app/) shows beside it when signed in.
 */
export function NavBar({ accountSlot }: { accountSlot?: ReactNode }) {
  const auth = useAuth();
  const signOut = useSignOut();
  // The phone menu: every page of the role, from the same table as the desktop Navigation menu
  // (issue 31), so a page is in its role's menu at every width.
  const phoneLinks = [...PUBLIC_NAV_PAGES, ...(auth.user && auth.role ? ROLE_NAV_PAGES[auth.role] : [])];
  const menuId = useId();
  // The menu is open only at the history entry where it was opened, so navigating closes it —
  // also to another tab of the same page (the admin's Support requests, issue 31).
  const { key } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const menuOpen = openAt === key;

  return (
    <header className="border-b border-line bg-surface">
      <nav
        aria-label="Main"
        // gap-1 on phones: logo, bell, Sign Out and the menu toggle fit on one row at 360 px.
        className="mx-auto flex max-w-6xl flex-wrap items-center gap-1 px-4 py-2 sm:gap-2"
      >
        <Link
          to="/"
          className="inline-flex min-h-11 items-center gap-2 rounded-lg pr-2 text-xl font-bold text-brand max-md:mr-auto max-sm:gap-1.5 max-sm:pr-1 max-sm:text-lg"
        >
          <HeartHandshakeIcon aria-hidden="true" className="size-7" />
          {PRODUCT_NAME}
        </Link>

        {/* Beside the logo, the free space after them: the signed-in links that arrive as the
            session check ends are added at the end (after the Navigation menu), and nothing
            already drawn moves (issue 31, item 10: right-aligned, the row moved 385 px left as
            sign-in finished). */}
        <div className="hidden items-center gap-1 md:mr-auto md:flex">
          {PUBLIC_NAV_PAGES.map((link) => (
            <NavLink key={link.to} to={link.to} className={linkClass}>
              {link.label}
            </NavLink>
          ))}
          <NavigationMenu role={auth.user ? auth.role : null} />
          {accountLinks(auth).map((link) => (
            <NavLink key={link.to} to={link.to} className={linkClass}>
              {link.label}
            </NavLink>
          ))}
        </div>

        {auth.user && accountSlot}

        {showsAuthLoading(auth) ? (
          <Button disabled className="max-sm:px-3">
            <AccountLabel label="Loading..." />
          </Button>
        ) : auth.user ? (
          <Button variant="secondary" className="max-sm:px-3" onClick={() => void signOut()}>
            <AccountLabel label="Sign Out" />
          </Button>
        ) : (
          <Button asChild className="max-sm:px-3">
            <Link to="/auth">
              <AccountLabel label="Sign In" />
            </Link>
          </Button>
        )}

        <Button
          variant="ghost"
          className="md:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setOpenAt(menuOpen ? null : key)}
        >
          {menuOpen ? (
            <XIcon aria-hidden="true" className="size-6" />
          ) : (
            <MenuIcon aria-hidden="true" className="size-6" />
          )}
        </Button>

        <div id={menuId} hidden={!menuOpen} className="w-full md:hidden">
          <ul className="grid grid-cols-1 gap-1 border-t border-line py-2 min-[480px]:grid-cols-2">
            {phoneLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={(s) => cn(linkClass(s), 'w-full')}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      </nav>
    </header>
  );
}
