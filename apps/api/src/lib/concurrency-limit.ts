/**
 * At most `limit` calls of the wrapped work at once; the rest wait in arrival order. Used to keep
 * password hashing from taking every core: node:crypto's scrypt runs on libuv's pool (4 threads by
 * default), so a burst of sign-ins on a 2-core server would leave the event loop waiting for CPU and
 * stall every other request, health checks included.
 */
export function createConcurrencyLimit(limit: number) {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a whole number ≥ 1, got ${limit}`);
  let running = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < limit) running += 1;
      // The slot passes straight from the finishing call to the next waiter (running unchanged).
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        release();
      }
    },
    /** Calls running and waiting, for tests and logs. */
    get stats() {
      return { running, waiting: waiting.length };
    },
  };
}
