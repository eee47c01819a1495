import { AUTH_BOOT_PATHS } from '@tavara/shared/page-boot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authClient } from './auth-client';

/** What the app shell's boot script leaves for the first session check (decision 046). */
const early = (answers: Record<string, Promise<Response>>) => {
  (globalThis as { __tavaraEarly?: Record<string, Promise<unknown>> }).__tavaraEarly = answers;
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe("the session check takes the boot script's answers", () => {
  afterEach(() => {
    delete (globalThis as { __tavaraEarly?: unknown }).__tavaraEarly;
    vi.unstubAllGlobals();
  });

  it('the first check reads the answers already on their way, and asks nothing itself', async () => {
    const fetch = vi.fn(() => Promise.resolve(json(null)));
    vi.stubGlobal('fetch', fetch);
    early({
      [AUTH_BOOT_PATHS.session]: Promise.resolve(json({ user: { id: 'u1' }, session: { id: 's1' } })),
      [AUTH_BOOT_PATHS.account]: Promise.resolve(json({ role: 'family', profileComplete: true })),
    });
    await expect(authClient.getSession(true)).resolves.toMatchObject({ user: { id: 'u1' } });
    await expect(authClient.getAccount(true)).resolves.toMatchObject({ role: 'family' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('every later check asks the server, and so does the first when the early request failed', async () => {
    const fetch = vi.fn(() => Promise.resolve(json({ user: { id: 'fresh' }, session: { id: 's2' } })));
    vi.stubGlobal('fetch', fetch);
    early({ [AUTH_BOOT_PATHS.session]: Promise.reject(new TypeError('offline')) });
    await expect(authClient.getSession(true)).resolves.toMatchObject({ user: { id: 'fresh' } });
    await expect(authClient.getSession()).resolves.toMatchObject({ user: { id: 'fresh' } });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("an early error answer is the server's answer: its message, as for any other read", async () => {
    vi.stubGlobal('fetch', vi.fn());
    early({
      [AUTH_BOOT_PATHS.account]: Promise.resolve(json({ error: { code: 'unauthorized', message: 'Sign in.' } }, 401)),
    });
    await expect(authClient.getAccount(true)).rejects.toMatchObject({ status: 401, message: 'Sign in.' });
  });
});
