import { createApp, createAppAuth } from '../app';
import type { Auth } from '../auth/auth';
import type { DatabaseHandle } from '../db/client';
import { loadEnv, type Env } from '../env';
import { createLogger } from '../lib/logger';
import { TestClient } from './test-client';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: DatabaseHandle;
  env: Env;
  /** The app's Better Auth instance (`t.auth.api.*`, `await t.auth.$context`). */
  auth: Auth;
  /** A new browser stand-in with its own cookies and client address (testing/test-client.ts). */
  client(ip?: string): TestClient;
  close(): Promise<void>;
}

/** The whole Hono app in-process (`app.request`) on a fresh test database. */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: {
    /** Collects every log line (JSON text) the app writes, for tests about what is logged. */
    logLines?: string[];
    /** Use this database instead of a fresh one (the caller closes it). */
    database?: DatabaseHandle;
  } = {},
): Promise<TestApp> {
  // The dev outbox is how tests read mail, as a developer would (from 127.0.0.1: `mailsTo`).
  const devMailbox = overrides.NODE_ENV === 'production' ? {} : { DEV_MAILBOX: 'true' };
  // Passwords are hashed at the low test cost (issue 34: thousands of sign-ups and sign-ins);
  // auth/password-hasher.test.ts signs in at the production cost.
  // (Only where env.ts allows it: a test of development or production mode hashes at full cost.)
  const lowCostAllowed = (overrides.NODE_ENV ?? 'test') === 'test' || overrides.E2E_TEST_HOOKS === 'true';
  const hashCost = lowCostAllowed ? { AUTH_PASSWORD_HASH_COST: 'low' } : {};
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...devMailbox, ...hashCost, ...overrides });
  const database = options.database ?? (await createTestDatabase());
  const lines = options.logLines;
  const logger = createLogger(env.LOG_LEVEL, lines ? { write: (line: string) => void lines.push(line) } : undefined);
  const auth = createAppAuth({ env, database, logger });
  const app = createApp({ env, database, logger, auth });
  return {
    app,
    database,
    env,
    auth,
    client: (ip) => new TestClient(app, env, ip),
    close: () => (options.database ? Promise.resolve() : database.close()),
  };
}
