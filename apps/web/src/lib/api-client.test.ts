import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyOr } from './api-client';

/** The answers the app shell's boot script asked for (ROUTE_BOOT_SCRIPT), as it leaves them. */
const early = (answers: Record<string, Promise<unknown>>) => {
  (globalThis as { __tavaraEarly?: Record<string, Promise<unknown>> }).__tavaraEarly = answers;
};

describe('earlyOr: the page takes what the boot script asked for, once', () => {
  afterEach(() => {
    delete (globalThis as { __tavaraEarly?: unknown }).__tavaraEarly;
    vi.restoreAllMocks();
  });

  it('takes the early answer for its exact address, then asks the server like any other call', async () => {
    early({ '/api/care-plans/p1': Promise.resolve('early') });
    const call = vi.fn(() => Promise.resolve('fresh'));
    await expect(earlyOr('/api/care-plans/p2', call)).resolves.toBe('fresh');
    await expect(earlyOr('/api/care-plans/p1', call)).resolves.toBe('early');
    await expect(earlyOr('/api/care-plans/p1', call)).resolves.toBe('fresh');
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('asks again when the early request failed (a blip, or offline at the start)', async () => {
    early({ '/api/care-plans/p1': Promise.reject(new TypeError('offline')) });
    await expect(earlyOr('/api/care-plans/p1', () => Promise.resolve('fresh'))).resolves.toBe('fresh');
  });

  it('never serves an answer nobody took in the first seconds as new later', async () => {
    early({ '/api/care-plans/p1': Promise.resolve('early') });
    vi.spyOn(performance, 'now').mockReturnValue(60_000);
    await expect(earlyOr('/api/care-plans/p1', () => Promise.resolve('fresh'))).resolves.toBe('fresh');
  });

  it('without a boot script (tests, a prerendered page) it is the call', async () => {
    await expect(earlyOr('/api/care-plans/p1', () => Promise.resolve('fresh'))).resolves.toBe('fresh');
  });
});
