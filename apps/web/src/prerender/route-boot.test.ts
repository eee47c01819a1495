import { AUTH_BOOT_PATHS, ROUTE_BOOT_SCRIPT } from '@tavara/shared/page-boot';
import { describe, expect, it, vi } from 'vitest';

/**
 * The app shell's inline boot script (packages/shared/src/page-boot.ts, decisions 043 and 046),
 * run on a page of its own: the browser's globals it reads are given to it, so each case sets the
 * address, the "signed in on this device" mark and what `fetch` answers.
 */
const ROUTES = [
  {
    p: '^/family/care-management/(?!create(?:/|$))([^/]+)/?$',
    m: ['/assets/plan.js', '/assets/care.js'],
    d: ['/api/care-plans/$1'],
  },
  { p: '^/professional/schedule/?$', m: ['/assets/schedule.js'], d: ['/api/professional/schedule?view=week'] },
];
const { session: SESSION, account: ACCOUNT } = AUTH_BOOT_PATHS;

/** A Response as far as the script reads one: the session's body, read from a clone. */
const answer = (url: string, session: unknown) => ({
  url,
  clone: () => ({ json: () => Promise.resolve(session) }),
});

function boot({
  path,
  search = '',
  signedIn = true,
  signOutPending = false,
  session = { user: { id: 'u1' } } as unknown,
  fetchFails = false,
}: {
  path: string;
  search?: string;
  signedIn?: boolean;
  signOutPending?: boolean;
  session?: unknown;
  fetchFails?: boolean;
}) {
  const links: { rel: string; href: string; crossOrigin: string }[] = [];
  const win: { __tavaraEarly?: Record<string, Promise<unknown>>; __tavaraPagePreload?: number } = {};
  const fetch = vi.fn((url: string) =>
    fetchFails ? Promise.reject(new TypeError('offline')) : Promise.resolve(answer(url, session)),
  );
  const document = {
    currentScript: { getAttribute: (name: string) => (name === 'data-routes' ? JSON.stringify(ROUTES) : null) },
    createElement: () => ({ rel: '', href: '', crossOrigin: '' }),
    head: { appendChild: (link: (typeof links)[number]) => links.push(link) },
  };
  const stored: Record<string, string> = {
    ...(signedIn ? { seenSignedIn: '1' } : {}),
    ...(signOutPending ? { signOutPending: '1' } : {}),
  };
  const localStorage = { getItem: (key: string) => stored[key] ?? null };
  // The script's exact text, run as the page runs it, with the globals it reads given to it.
  new Function('document', 'location', 'localStorage', 'window', 'fetch', ROUTE_BOOT_SCRIPT)(
    document,
    { pathname: path, search },
    localStorage,
    win,
    fetch,
  );
  const asked = () => fetch.mock.calls.map(([url]) => url);
  return { links, early: win.__tavaraEarly, preloading: win.__tavaraPagePreload === 1, fetch, asked };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the app shell boot script', () => {
  it("asks for a daily page's chunks and, signed in, its data as the HTML is read", async () => {
    const { links, early, fetch, preloading } = boot({ path: '/family/care-management/plan-1' });
    expect(links).toEqual([
      { rel: 'modulepreload', href: '/assets/plan.js', crossOrigin: 'anonymous' },
      { rel: 'modulepreload', href: '/assets/care.js', crossOrigin: 'anonymous' },
    ]);
    expect(preloading).toBe(true);
    expect(fetch).toHaveBeenCalledWith('/api/care-plans/plan-1', { credentials: 'same-origin' });
    await expect(early?.['/api/care-plans/plan-1']).resolves.toMatchObject({ url: '/api/care-plans/plan-1' });
  });

  it('matches the later routes too', () => {
    const { links, early } = boot({ path: '/professional/schedule' });
    expect(links.map((link) => link.href)).toEqual(['/assets/schedule.js']);
    expect(Object.keys(early ?? {})).toEqual([SESSION, ACCOUNT, '/api/professional/schedule?view=week']);
  });

  it('starts the session check on every page for a browser seen signed in: the account once the session names someone', async () => {
    const { early, asked, preloading } = boot({ path: '/account' });
    expect(preloading).toBe(false);
    expect(asked()).toEqual([SESSION]);
    await expect(early?.[ACCOUNT]).resolves.toMatchObject({ url: ACCOUNT });
    expect(asked()).toEqual([SESSION, ACCOUNT]);
  });

  it('asks for no account when the session has ended (no 401 logged), and the page asks itself', async () => {
    const { early, asked } = boot({ path: '/account', session: null });
    await expect(early?.[ACCOUNT]).rejects.toBe(0);
    await settle();
    expect(asked()).toEqual([SESSION]);
  });

  it('asks for nothing of the person with a sign-out waiting to reach the server, nor for a browser not seen signed in', () => {
    for (const args of [{ signOutPending: true }, { signedIn: false }]) {
      const { links, early, fetch } = boot({ path: '/family/care-management/plan-1', ...args });
      expect(links).toHaveLength(2);
      expect(early).toBeUndefined();
      expect(fetch).not.toHaveBeenCalled();
    }
  });

  it('asks for no page data for an address with a query (the page reads it), only the session', () => {
    const { links, asked } = boot({ path: '/family/care-management/plan-1', search: '?week=2026-12-07' });
    expect(links).toHaveLength(2);
    expect(asked()).toEqual([SESSION]);
  });

  it('preloads nothing on other pages, the plan form included', () => {
    for (const path of ['/family/care-management/create', '/family/care-management', '/account']) {
      const { links, asked, preloading } = boot({ path });
      expect(links).toEqual([]);
      expect(preloading).toBe(false);
      expect(asked()).toEqual([SESSION]);
    }
  });

  it('leaves a failed request handled: offline, nothing is reported as unhandled', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const { early } = boot({ path: '/family/care-management/plan-1', fetchFails: true });
    await expect(early?.['/api/care-plans/plan-1']).rejects.toThrow('offline');
    await expect(early?.[ACCOUNT]).rejects.toThrow('offline');
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
