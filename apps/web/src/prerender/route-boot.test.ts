import { ROUTE_BOOT_SCRIPT } from '@tavara/shared/page-boot';
import { describe, expect, it, vi } from 'vitest';

/**
 * The app shell's inline boot script (packages/shared/src/page-boot.ts, decision 043), run on a
 * page of its own: the browser's globals it reads are given to it, so each case sets the address,
 * the "signed in on this device" mark and what `fetch` answers.
 */
const ROUTES = [
  {
    p: '^/family/care-management/(?!create(?:/|$))([^/]+)/?$',
    m: ['/assets/plan.js', '/assets/care.js'],
    d: ['/api/care-plans/$1'],
  },
  { p: '^/professional/schedule/?$', m: ['/assets/schedule.js'], d: ['/api/professional/schedule?view=week'] },
];

function boot({
  path,
  search = '',
  signedIn = true,
  fetchFails = false,
}: {
  path: string;
  search?: string;
  signedIn?: boolean;
  fetchFails?: boolean;
}) {
  const links: { rel: string; href: string; crossOrigin: string }[] = [];
  const win: { __tavaraEarly?: Record<string, Promise<unknown>> } = {};
  const fetch = vi.fn((url: string) =>
    fetchFails ? Promise.reject(new TypeError('offline')) : Promise.resolve(`answer of ${url}`),
  );
  const document = {
    currentScript: { getAttribute: (name: string) => (name === 'data-routes' ? JSON.stringify(ROUTES) : null) },
    createElement: () => ({ rel: '', href: '', crossOrigin: '' }),
    head: { appendChild: (link: (typeof links)[number]) => links.push(link) },
  };
  const localStorage = { getItem: (key: string) => (key === 'seenSignedIn' && signedIn ? '1' : null) };
  // The script's exact text, run as the page runs it, with the globals it reads given to it.
  new Function('document', 'location', 'localStorage', 'window', 'fetch', ROUTE_BOOT_SCRIPT)(
    document,
    { pathname: path, search },
    localStorage,
    win,
    fetch,
  );
  return { links, early: win.__tavaraEarly, fetch };
}

describe('the app shell boot script', () => {
  it("asks for a daily page's chunks and, signed in, its data as the HTML is read", async () => {
    const { links, early, fetch } = boot({ path: '/family/care-management/plan-1' });
    expect(links).toEqual([
      { rel: 'modulepreload', href: '/assets/plan.js', crossOrigin: 'anonymous' },
      { rel: 'modulepreload', href: '/assets/care.js', crossOrigin: 'anonymous' },
    ]);
    expect(fetch).toHaveBeenCalledWith('/api/care-plans/plan-1', { credentials: 'same-origin' });
    await expect(early?.['/api/care-plans/plan-1']).resolves.toBe('answer of /api/care-plans/plan-1');
  });

  it('matches the later routes too', () => {
    const { links, early } = boot({ path: '/professional/schedule' });
    expect(links.map((link) => link.href)).toEqual(['/assets/schedule.js']);
    expect(Object.keys(early ?? {})).toEqual(['/api/professional/schedule?view=week']);
  });

  it('asks for no data for a browser not seen signed in, nor for an address with a query', () => {
    for (const args of [{ signedIn: false }, { search: '?week=2026-12-07' }]) {
      const { links, early, fetch } = boot({ path: '/family/care-management/plan-1', ...args });
      expect(links).toHaveLength(2);
      expect(early).toBeUndefined();
      expect(fetch).not.toHaveBeenCalled();
    }
  });

  it('does nothing on other pages, the plan form included', () => {
    for (const path of ['/family/care-management/create', '/family/care-management', '/account']) {
      const { links, fetch } = boot({ path });
      expect(links).toEqual([]);
      expect(fetch).not.toHaveBeenCalled();
    }
  });

  it('leaves a failed request handled: offline, nothing is reported as unhandled', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const { early } = boot({ path: '/family/care-management/plan-1', fetchFails: true });
    await expect(early?.['/api/care-plans/plan-1']).rejects.toThrow('offline');
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
