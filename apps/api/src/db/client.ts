import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { drizzle as drizzleNodePgType } from 'drizzle-orm/node-postgres';
import type { migrate as migrateNodePgType } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Env } from '../env';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { statementCounter } from '../lib/server-timing';
import { withStatementCache } from './pglite-statement-cache';
import * as authSchema from './schema/auth';
import * as carePlansSchema from './schema/care-plans';
import * as featuresSchema from './schema/features';
import * as mailSchema from './schema/mail';
import * as profilesSchema from './schema/profiles';
import * as registrationChatSchema from './schema/registration-chat';

export const schema = {
  ...featuresSchema,
  ...authSchema,
  ...profilesSchema,
  ...mailSchema,
  ...registrationChatSchema,
  ...carePlansSchema,
};
export type Schema = typeof schema;
/** The query builder both drivers share; feature code depends on this, never on a driver. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseOptions =
  | { driver: 'pglite'; dataDir: string; sharedBuffersMb?: number }
  | { driver: 'pglite-memory'; /** A data directory tarball to start from (tests). */ template?: Blob }
  | { driver: 'postgres'; url: string; poolSize: number };

export interface DatabaseHandle {
  readonly db: Database;
  readonly driver: 'pglite' | 'postgres';
  /** Throws when the database cannot answer (health check). */
  ping(): Promise<void>;
  migrate(migrationsFolder: string): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only: a tarball of the data directory, gzipped unless `compression` is `'none'` (backups
   * keep the gzip; the tests' template does not, since every test file unpacks it).
   */
  dumpDataDir?(compression?: 'gzip' | 'none'): Promise<Blob>;
}

/** The driver the configuration asks for: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export function databaseOptionsFromEnv(
  env: Pick<Env, 'DATABASE_URL' | 'DATABASE_POOL_SIZE' | 'DATA_DIR' | 'PGLITE_SHARED_BUFFERS_MB'>,
  poolSize = env.DATABASE_POOL_SIZE,
): DatabaseOptions {
  return env.DATABASE_URL
    ? { driver: 'postgres', url: env.DATABASE_URL, poolSize }
    : { driver: 'pglite', dataDir: env.DATA_DIR, sharedBuffersMb: env.PGLITE_SHARED_BUFFERS_MB };
}

/**
 * PostgreSQL extensions the migrations create. PGlite ships contrib modules as separate bundles
 * that must be loaded when the database opens; server PostgreSQL has them in its contrib package.
 * btree_gist: the exclusion constraint that refuses overlapping shifts for one caregiver.
 */
const PGLITE_EXTENSIONS = { btree_gist };

const DEFAULT_SHARED_BUFFERS_MB = 16;

/**
 * PostgreSQL inside PGlite lives in this process's WebAssembly memory, which never shrinks. The
 * stock configuration (shared_buffers = 128MB, sized for 100 connections) made a started server
 * hold 400–435 MB; PGlite has one session and reads its files through the operating system's page
 * cache, so a small buffer pool costs a copy per miss, not a disk read (decision 034).
 */
export const pgliteStartParams = (sharedBuffersMb: number) => [
  ...PGlite.defaultStartParams,
  '-c',
  `shared_buffers=${sharedBuffersMb}MB`,
  // One session ever; 100 (initdb's default) sizes per-connection shared structures for nothing.
  '-c',
  'max_connections=5',
];

/**
 * V8 compiles PGlite's WebAssembly (9 MB of PostgreSQL) on its worker threads, and while
 * PostgreSQL runs it compiles the hot functions again with its optimising compiler. Each thread
 * that compiles gets a malloc arena of its own, and what a compile frees stays resident there:
 * 60–80 MB of a started server with V8's default (as many compile tasks as worker threads),
 * ~35 MB with one (decision 045). The flag only says how many threads may compile at once; the
 * code they produce is the same. It is read when a compilation starts, so setting it before the
 * first PGlite opens is enough.
 */
let wasmCompileTasksLimited = false;
function limitWasmCompileTasks(): void {
  if (wasmCompileTasksLimited) return;
  setFlagsFromString('--wasm-num-compilation-tasks=1');
  wasmCompileTasksLimited = true;
}

/** Any number: an arbitrary constant both server and migrations agree on. */
const MIGRATION_LOCK_KEY = 724_913_001;

/**
 * Opens the database: PGlite in DATA_DIR by default (locked to this process), node-postgres when
 * DATABASE_URL is set. See docs/decisions/002-database-drivers.md.
 */
export async function openDatabase(options: DatabaseOptions, logger?: Logger): Promise<DatabaseHandle> {
  if (options.driver === 'postgres') {
    // node-postgres and its drizzle driver load only for a PostgreSQL deployment: the embedded
    // default never needs them (~16 MB, decision 034).
    const [{ default: pgModule }, { drizzle }, { migrate }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    return openPostgres({ pg: pgModule, drizzle, migrate }, options.url, options.poolSize, logger);
  }

  limitWasmCompileTasks();
  let lock: DataDirLock | undefined;
  let client: PGlite;
  if (options.driver === 'pglite') {
    lock = lockDataDir(options.dataDir);
    const dir = join(resolve(options.dataDir), 'pglite');
    mkdirSync(dir, { recursive: true });
    try {
      client = await PGlite.create(dir, {
        extensions: PGLITE_EXTENSIONS,
        startParams: pgliteStartParams(options.sharedBuffersMb ?? DEFAULT_SHARED_BUFFERS_MB),
      });
    } catch (error) {
      lock.release();
      throw error;
    }
  } else {
    client = await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      ...(options.template ? { loadDataDir: options.template } : {}),
    });
  }
  const db = drizzlePglite({
    client: withStatementCache(client),
    schema,
    logger: statementCounter,
  }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    async ping() {
      await client.query('select 1');
    },
    async migrate(migrationsFolder) {
      // One process owns a PGlite directory, so no cross-process migration lock is needed.
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    },
    async dumpDataDir(compression = 'gzip') {
      return client.dumpDataDir(compression);
    },
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

interface NodePostgresModules {
  pg: typeof pg;
  drizzle: typeof drizzleNodePgType;
  migrate: typeof migrateNodePgType;
}

function openPostgres(
  { pg: pgModule, drizzle: drizzleNodePg, migrate: migrateNodePg }: NodePostgresModules,
  url: string,
  poolSize: number,
  logger?: Logger,
): DatabaseHandle {
  const pool = new pgModule.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A client whose server went away (restart, failover, pg_terminate_backend) emits 'error'.
  // An 'error' event without a listener ends the process, so every client gets one:
  // - idle clients: the pool's own 'error' event (the pool then drops the client);
  // - checked-out clients (a request or transaction in flight): a listener on each client as it
  //   connects. The query in flight fails, the request answers 503 (app.ts), and the broken client
  //   is dropped on release (it is no longer queryable), so the next query opens a fresh
  //   connection — this is how the server recovers by itself (issue 13, item 1).
  pool.on('error', (error) => logger?.warn({ err: error }, 'idle database connection lost; the pool will reconnect'));
  pool.on('connect', (client) => {
    client.on('error', (error) =>
      logger?.warn({ err: error }, 'database connection lost during a query; the pool will reconnect'),
    );
  });
  const db = drizzleNodePg({ client: pool, schema, logger: statementCounter }) as unknown as Database;
  return {
    db,
    driver: 'postgres',
    async ping() {
      await pool.query('select 1');
    },
    async migrate(migrationsFolder) {
      // Several processes may start together against one PostgreSQL: an advisory lock makes
      // exactly one of them apply the migrations while the others wait.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    async close() {
      // pool.end() waits for every client to end; one whose connection was cut mid-query can
      // keep it waiting for good, so shutdown waits a bounded time.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        pool.end(),
        new Promise<void>((resolve) => {
          timer = setTimeout(() => {
            logger?.warn('database pool did not close within 5 s; continuing shutdown');
            resolve();
          }, 5_000);
        }),
      ]);
      clearTimeout(timer);
    },
  };
}

/** The rows of a raw `db.execute` result: node-postgres and PGlite both answer `{ rows }`; one place knows. */
export function rowsOf(result: unknown): Array<Record<string, unknown>> {
  return (result as { rows: Array<Record<string, unknown>> }).rows;
}
