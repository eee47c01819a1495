import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { createLogger } from '../lib/logger';
import { startServer } from '../start';
import { MIGRATIONS_DIR, createTestDatabase, testDriver } from '../testing/test-database';
import type { DatabaseHandle } from './client';
import { features } from './schema/features';
import { DataDirLockedError } from './data-dir-lock';
import { FEATURE_SEED } from './seed/features.seed';
import { seedDatabase } from './seed/seed';

describe(`database (${testDriver()})`, () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('has the seeded features after migrations', async () => {
    const [row] = await database.db.select({ n: count() }).from(features);
    expect(row?.n).toBe(FEATURE_SEED.length);
  });

  it('applies migrations and seed again without changing anything', async () => {
    await database.migrate(MIGRATIONS_DIR);
    await seedDatabase(database.db);
    await seedDatabase(database.db);
    const [row] = await database.db.select({ n: count() }).from(features);
    expect(row?.n).toBe(FEATURE_SEED.length);
  });

  it('keeps a changed seed row as it is on the next start', async () => {
    await database.db.execute(sql`update features set status = 'launched' where id = 'care-team-chat'`);
    await seedDatabase(database.db);
    const rows = await database.db
      .select()
      .from(features)
      .where(sql`${features.id} = 'care-team-chat'`);
    expect(rows[0]?.status).toBe('launched');
  });

  it('refuses a status outside the known list', async () => {
    await expect(
      database.db.execute(
        sql`insert into features (id, title, description, category, status) values ('x', 'X', 'x', 'care', 'bogus')`,
      ),
    ).rejects.toThrow();
  });
});

describe.runIf(testDriver() === 'postgres')('PostgreSQL pool', () => {
  it('reconnects after the server drops every connection (as in a restart)', async () => {
    const database = await createTestDatabase();
    try {
      await database.ping();
      const dbName = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: Array<{ name: string }>;
      };
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [dbName.rows[0]?.name],
      );
      await admin.end();
      // The pool notices the dead clients and opens new ones; at most one query may fail first.
      await database.ping().catch(() => undefined);
      await expect(database.ping()).resolves.toBeUndefined();
    } finally {
      await database.close();
    }
  });
});

describe.runIf(testDriver() === 'pglite')('server start-up on a PGlite directory', () => {
  it('migrates a fresh directory, and a second server on the same directory refuses to start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tavara-start-'));
    const env = loadEnv({ NODE_ENV: 'test', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const logger = createLogger('silent');
    const first = await startServer(env, logger, { migrationsDir: MIGRATIONS_DIR });
    try {
      const res = await fetch(`${first.url}/api/health`);
      expect(res.status).toBe(200);
      await expect(startServer(env, logger, { migrationsDir: MIGRATIONS_DIR })).rejects.toBeInstanceOf(
        DataDirLockedError,
      );
    } finally {
      await first.close();
    }
    // After a clean close the directory is free again and keeps its data.
    const second = await startServer(env, logger, { migrationsDir: MIGRATIONS_DIR });
    try {
      const res = await fetch(`${second.url}/api/status`);
      expect(await res.json()).toMatchObject({ status: 'available' });
    } finally {
      await second.close();
    }
    // Two real start-ups, one migrating a fresh directory from nothing: 8 s alone here, and over
    // the default 30 s on a machine loaded by browser tests running beside it.
  }, 90_000);
});
