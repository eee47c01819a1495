import type { DatabaseHandle } from './client';

/** How long a health probe waits for the database before calling it unreachable. */
export const DATABASE_PROBE_TIMEOUT_MS = 2_000;

export interface DatabaseHealth {
  /** Resolves true when the database answered `select 1` in time. Never throws. */
  isReachable(): Promise<boolean>;
  /**
   * End-to-end tests only (E2E_TEST_HOOKS): makes the probe report an outage so the web app's
   * banner can be tested against the real built server without stopping its database.
   */
  setSimulatedOutage(on: boolean): void;
}

export function createDatabaseHealth(database: DatabaseHandle): DatabaseHealth {
  let simulatedOutage = false;
  return {
    async isReachable() {
      if (simulatedOutage) return false;
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          database.ping(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('database probe timed out')), DATABASE_PROBE_TIMEOUT_MS);
          }),
        ]);
        return true;
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    setSimulatedOutage(on) {
      simulatedOutage = on;
    },
  };
}
