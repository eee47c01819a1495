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
export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...overrides });
  const database = await createTestDatabase();
  const logger = createLogger(env.LOG_LEVEL);
  const auth = createAppAuth({ env, database, logger });
  const app = createApp({ env, database, logger, auth });
  return { app, database, env, auth, client: (ip) => new TestClient(app, env, ip), close: () => database.close() };
}
