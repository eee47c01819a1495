import { createApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { loadEnv, type Env } from '../env';
import { createLogger } from '../lib/logger';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: DatabaseHandle;
  env: Env;
  close(): Promise<void>;
}

/** The whole Hono app in-process (`app.request`) on a fresh test database. */
export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...overrides });
  const database = await createTestDatabase();
  const app = createApp({ env, database, logger: createLogger(env.LOG_LEVEL) });
  return { app, database, env, close: () => database.close() };
}
