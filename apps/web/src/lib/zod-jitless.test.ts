import { afterEach, describe, expect, it, vi } from 'vitest';

describe('zod runs without eval under our CSP (lib/zod-jitless.ts)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('zod sees jitless whichever of the two modules loads first, and parses without calling Function', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);

    // A CSP without 'unsafe-eval' makes Function throw: parsing must never reach it.
    const refused = vi.fn(() => {
      throw new EvalError('Refused to evaluate a string as JavaScript');
    });
    vi.stubGlobal('Function', refused);
    const schema = z.object({ name: z.string(), age: z.number().int() });
    expect(schema.safeParse({ name: 'Asha', age: 71 }).success).toBe(true);
    expect(schema.safeParse({ name: 'Asha' }).success).toBe(false);
    expect(refused).not.toHaveBeenCalled();
  });
});
