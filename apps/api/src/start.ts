import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app';
import { databaseOptionsFromEnv, openDatabase, type DatabaseHandle } from './db/client';
import { seedDatabase } from './db/seed/seed';
import type { Env } from './env';
import type { Logger } from './lib/logger';

export interface RunningServer {
  url: string;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * Opens the database, applies migrations and seed content, and starts listening. Used by
 * server.ts (the process entry) and by tests that need a real listening server.
 */
export async function startServer(
  env: Env,
  logger: Logger,
  paths: { migrationsDir: string; webDir?: string },
): Promise<RunningServer> {
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - mark);
    mark = now;
  };
  const database = await openDatabase(databaseOptionsFromEnv(env), logger);
  lap('openMs');
  try {
    await database.migrate(paths.migrationsDir);
    lap('migrateMs');
    await seedDatabase(database.db);
    lap('seedMs');
  } catch (error) {
    await database.close();
    throw error;
  }

  const app = createApp({ env, logger, database, webDir: paths.webDir });
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(s));
    s.once('error', reject);
  });
  lap('listenMs');
  logger.info({ database: database.driver, ...timings }, 'start-up steps');
  const address = server.address() as AddressInfo;
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;

  let closing: Promise<void> | undefined;
  return {
    url,
    database,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive sockets would hold close() open; end idle ones now.
          (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
        });
        await database.close();
      })();
      return closing;
    },
  };
}
