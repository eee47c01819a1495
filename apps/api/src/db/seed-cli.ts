// `npm run db:seed`: inserts the product's seed content (idempotent; the server does it at start).
import { loadEnv } from '../env';
import { createLogger } from '../lib/logger';
import { databaseOptionsFromEnv, openDatabase } from './client';
import { seedDatabase } from './seed/seed';

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
const database = await openDatabase(databaseOptionsFromEnv(env, 1), logger);
try {
  await seedDatabase(database.db);
  logger.info({ database: database.driver }, 'seed content inserted');
} finally {
  await database.close();
}
