// Process entry: configuration, start, and a clean shutdown on SIGTERM/SIGINT. Nothing else.
import { EnvError, loadEnv } from './env';
import { createLogger } from './lib/logger';
import { resolveRuntimePaths } from './paths';
import { prepareDatabase, startServer } from './start';
import { DataDirLockedError } from './db/data-dir-lock';
import { databaseOptionsFromEnv, openDatabase } from './db/client';
import { isFreshPgliteDir, prepareFreshDataDirInChild, PREPARE_DATA_DIR_ENV } from './db/fresh-data-dir';
import { PRODUCT_NAME } from '@tavara/shared/product';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env.LOG_LEVEL);
  const started = performance.now();
  const paths = resolveRuntimePaths(import.meta.url);
  if (process.env[PREPARE_DATA_DIR_ENV]) {
    // The child of prepareFreshDataDirInChild: create, migrate and seed the directory, then exit.
    const database = await openDatabase(databaseOptionsFromEnv(env), logger);
    try {
      await prepareDatabase(database, paths);
    } finally {
      await database.close();
    }
    return;
  }
  let server;
  try {
    if (!env.DATABASE_URL && isFreshPgliteDir(env.DATA_DIR)) {
      logger.info({ dataDir: env.DATA_DIR }, 'new data directory: creating the database in a child process');
      await prepareFreshDataDirInChild(process.argv[1]!);
    }
    server = await startServer(env, logger, paths);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  logger.info(
    { url: server.url, database: server.database.driver, ms: Math.round(performance.now() - started) },
    'server listening',
  );
  if (process.stdout.isTTY || env.NODE_ENV !== 'production') {
    // Print the public URL: sign-in only accepts requests from APP_URL's origin (CSRF check).
    console.log(`\n  ${PRODUCT_NAME} is running at ${env.APP_URL} (listening on ${server.url})\n`);
  }

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('Failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
