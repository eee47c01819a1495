import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { seedDatabase } from '../db/seed/seed';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../db/migrations', import.meta.url));

export type TestDriver = 'pglite' | 'postgres';

/** Which engine this test run uses: set per Vitest project (see vitest.config.ts). */
export function testDriver(): TestDriver {
  return process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';
}

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrlFor(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh, migrated and seeded database for one test file: PGlite in memory, or a new database
 * on the PostgreSQL server of TEST_DATABASE_URL (dropped again by `close`). Files never share
 * data, so they can run in parallel. Both start from a copy of a database migrated once per run
 * by the project's global setup (pglite-template.setup.ts, postgres-template.setup.ts); without
 * one (a file run outside those projects) they migrate from nothing.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDriver() === 'pglite') {
    const templatePath = inject('pgliteTemplate');
    if (templatePath) {
      return openDatabase({ driver: 'pglite-memory', template: new Blob([readFileSync(templatePath)]) });
    }
    const database = await openDatabase({ driver: 'pglite-memory' });
    await database.migrate(MIGRATIONS_DIR);
    await seedDatabase(database.db);
    return database;
  }

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
  const name = `tavara_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ driver: 'postgres', url: databaseUrlFor(serverUrl, name), poolSize: 5 });
  if (!template) {
    await database.migrate(MIGRATIONS_DIR);
    await seedDatabase(database.db);
  }
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
