// `npm run db:migrate`: applies the committed migrations to the configured database (the
// server also does this at every start; this is for operators who migrate before a deploy).
import { loadEnv } from '../env';
import { createLogger } from '../lib/logger';
import { databaseOptionsFromEnv, openDatabase } from './client';

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
const database = await openDatabase(databaseOptionsFromEnv(env, 1), logger);
try {
  await database.migrate(new URL('./migrations', import.meta.url).pathname);
  logger.info({ database: database.driver }, 'migrations applied');
} finally {
  await database.close();
}
