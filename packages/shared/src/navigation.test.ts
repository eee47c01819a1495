import { describe, expect, it } from 'vitest';
import { PUBLIC_NAV_PAGES, ROLE_NAV_PAGES } from './navigation';
import { ROLE_DASHBOARD_PATHS, ROLES } from './roles';
import { ROUTES } from './routes';

const paths = new Set<string>(ROUTES.map((route) => route.path));

describe('the menus’ route table', () => {
  it('every link of every role opens a page of the route table, listed once', () => {
    for (const role of ROLES) {
      const pages = ROLE_NAV_PAGES[role];
      for (const page of [...PUBLIC_NAV_PAGES, ...pages]) {
        expect(paths, `${role}: ${page.label}`).toContain(new URL(page.to, 'http://x').pathname);
      }
      expect(new Set(pages.map((page) => page.to)).size, role).toBe(pages.length);
      expect(new Set(pages.map((page) => page.label)).size, role).toBe(pages.length);
    }
  });

  it('each role’s list starts with its dashboard and ends with the account', () => {
    for (const role of ROLES) {
      expect(ROLE_NAV_PAGES[role][0]?.to).toBe(ROLE_DASHBOARD_PATHS[role]);
      expect(ROLE_NAV_PAGES[role].at(-1)?.to).toBe('/account');
    }
  });
});
