import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app';
import { resolveAuthSecret } from './auth/auth-secret';
import { scanDoseReminders } from './features/medications/medication-reminders';
import { scanRefills } from './features/medications/medication-supply';
import { scanHelpReminders } from './features/care-circle/help-requests.service';
import { createMailer } from './lib/mailer';
import { createPushSender, pushAllowList, resolveVapidKeys } from './lib/notifications/push';
import { startNotificationWorker, type NotificationWorker } from './lib/notifications/worker';
import { databaseOptionsFromEnv, openDatabase, type DatabaseHandle } from './db/client';
import { seedDatabase } from './db/seed/seed';
import type { Env } from './env';
import type { Logger } from './lib/logger';

export interface RunningServer {
  url: string;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** Applies the migrations and the seed content (both idempotent: every start runs them). */
export async function prepareDatabase(
  database: DatabaseHandle,
  paths: { migrationsDir: string; trainingContentDir?: string },
  lap: (step: string) => void = () => undefined,
): Promise<void> {
  await database.migrate(paths.migrationsDir);
  lap('migrateMs');
  await seedDatabase(database.db, { trainingContentDir: paths.trainingContentDir });
  lap('seedMs');
}

/**
 * Opens the database, applies migrations and seed content, and starts listening. Used by
 * server.ts (the process entry) and by tests that need a real listening server.
 */
export async function startServer(
  env: Env,
  logger: Logger,
  paths: { migrationsDir: string; trainingContentDir?: string; webDir?: string },
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
    await prepareDatabase(database, paths, lap);
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
  // The notification worker: its own pooled mailer, so thousands of mails reuse a few SMTP connections.
  let worker: NotificationWorker | undefined;
  const workerMailer = env.NOTIFICATION_WORKER === 'on' ? createMailer(env, database.db, logger, { pool: true }) : null;
  if (workerMailer) {
    worker = startNotificationWorker(
      {
        db: database.db,
        mailer: workerMailer,
        appUrl: env.APP_URL,
        secret: resolveAuthSecret(env),
        logger,
        push: createPushSender(resolveVapidKeys(env), pushAllowList(env.PUSH_ENDPOINT_ALLOWLIST)),
      },
      {
        pollMs: env.NOTIFICATION_POLL_MS,
        leaseMs: env.NOTIFICATION_LEASE_MS,
        scanMs: env.NOTIFICATION_SCAN_MS,
        scans: [scanDoseReminders, scanRefills, scanHelpReminders],
      },
    );
  }
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
        // Mails in flight finish and are marked before the database closes (nothing half-sent).
        await worker?.stop();
        workerMailer?.close?.();
        await database.close();
      })();
      return closing;
    },
  };
}
