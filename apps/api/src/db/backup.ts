import { spawn, spawnSync } from 'node:child_process';
import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import pg from 'pg';
import { openDatabase } from './client';
import { lockDataDir } from './data-dir-lock';

/**
 * Backups that restore (issue 32, item 6; docs/decisions/031-backups.md). A backup is one folder:
 *
 *   manifest.json   what it is: format, engine, when, the last migration applied, file sizes
 *   database.tar.gz PGlite: the data directory as PGlite dumps it (dumpDataDir, gzip)
 *   database.dump   PostgreSQL: `pg_dump --format=custom` (compressed, restored with pg_restore)
 *   uploads/        the uploaded files (profile photos, support screenshots, documents) as they are
 *
 * The database and the files are the whole state of an instance; configuration (AUTH_SECRET,
 * SMTP_URL…) is not in a backup and must be kept by whoever runs it (the README says so).
 */

export const BACKUP_FORMAT = 1;
const PGLITE_DUMP = 'database.tar.gz';
const POSTGRES_DUMP = 'database.dump';
const UPLOADS = 'uploads';
const MANIFEST = 'manifest.json';

export type BackupSource = { engine: 'pglite'; dataDir: string } | { engine: 'postgres'; url: string; dataDir: string };

export interface BackupManifest {
  format: number;
  engine: 'pglite' | 'postgres';
  createdAt: string;
  /** The newest migration the database had, so a restore onto older code can be refused. */
  lastMigration: string | null;
  databaseBytes: number;
  uploadFiles: number;
  uploadBytes: number;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

/** The PostgreSQL client tool `name` (pg_dump, pg_restore), or a clear error when it is not installed. */
export function requireTool(name: 'pg_dump' | 'pg_restore'): string {
  const found = spawnSync(name, ['--version'], { encoding: 'utf8' });
  if (found.error || found.status !== 0) {
    throw new BackupError(
      `${name} was not found. Backups of a PostgreSQL database use PostgreSQL's own ${name}: install the PostgreSQL client tools ` +
        `(Debian/Ubuntu: apt-get install postgresql-client; the version must be at least the server's) and try again.`,
    );
  }
  return name;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolvePromise();
      else reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim().slice(0, 2000)}`));
    });
  });
}

async function sizeOfTree(dir: string): Promise<{ files: number; bytes: number }> {
  if (!existsSync(dir)) return { files: 0, bytes: 0 };
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

async function lastMigrationOf(query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>) {
  try {
    const { rows } = await query(
      'select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    const row = rows[0];
    return row ? String(row.created_at) : null;
  } catch {
    return null;
  }
}

/**
 * Writes a backup of `source` into the new folder `target` (which must not exist yet). PGlite is
 * read by opening its directory, so the server must be stopped first (its lock says so clearly);
 * PostgreSQL is dumped while the server runs (pg_dump reads one consistent snapshot).
 */
export async function createBackup(source: BackupSource, target: string): Promise<BackupManifest> {
  const out = resolve(target);
  if (existsSync(out)) throw new BackupError(`The backup folder ${out} already exists: choose a new one.`);
  let databaseBytes: number;
  let lastMigration: string | null;
  if (source.engine === 'postgres') {
    const pgDump = requireTool('pg_dump');
    await mkdir(out, { recursive: true });
    const file = join(out, POSTGRES_DUMP);
    await run(pgDump, ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${source.url}`]);
    databaseBytes = (await stat(file)).size;
    const client = new pg.Client({ connectionString: source.url });
    await client.connect();
    try {
      lastMigration = await lastMigrationOf((sql) => client.query(sql));
    } finally {
      await client.end();
    }
  } else {
    const database = await openDatabase({ driver: 'pglite', dataDir: source.dataDir });
    try {
      await mkdir(out, { recursive: true });
      const dump = await database.dumpDataDir!();
      const bytes = Buffer.from(await dump.arrayBuffer());
      await writeFile(join(out, PGLITE_DUMP), bytes);
      databaseBytes = bytes.length;
      lastMigration = await lastMigrationOf(async (sql) => ({
        rows: (await database.db.execute(sql)) as unknown as Record<string, unknown>[],
      }));
    } finally {
      await database.close();
    }
  }
  const uploadsFrom = resolve(source.dataDir, UPLOADS);
  if (existsSync(uploadsFrom)) await cp(uploadsFrom, join(out, UPLOADS), { recursive: true });
  const uploads = await sizeOfTree(join(out, UPLOADS));
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    engine: source.engine,
    createdAt: new Date().toISOString(),
    lastMigration,
    databaseBytes,
    uploadFiles: uploads.files,
    uploadBytes: uploads.bytes,
  };
  await writeFile(join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export async function readManifest(from: string): Promise<BackupManifest> {
  const file = join(resolve(from), MANIFEST);
  if (!existsSync(file)) throw new BackupError(`${resolve(from)} is not a Tavara backup (no ${MANIFEST} in it).`);
  const manifest = JSON.parse(await readFile(file, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupError(
      `This backup has format ${manifest.format}; this version of Tavara reads format ${BACKUP_FORMAT}.`,
    );
  }
  return manifest;
}

/**
 * Restores the backup in `from` into `target`: an empty data directory (PGlite), or an empty
 * database plus a data directory for the files (PostgreSQL). Never restores over data: a
 * restore that would mix two instances is refused with what to do instead. A backup restores
 * into the engine it was taken from (a PGlite directory cannot be loaded by pg_restore).
 */
export async function restoreBackup(from: string, target: BackupSource): Promise<BackupManifest> {
  const manifest = await readManifest(from);
  const source = resolve(from);
  if (manifest.engine !== target.engine) {
    throw new BackupError(
      `This is a ${manifest.engine === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'} backup; ` +
        `restore it with ${manifest.engine === 'pglite' ? 'DATA_DIR set and DATABASE_URL unset' : 'DATABASE_URL set'}.`,
    );
  }
  const dataDir = resolve(target.dataDir);
  const uploadsTo = join(dataDir, UPLOADS);
  if (existsSync(uploadsTo) && (await readdir(uploadsTo)).length > 0) {
    throw new BackupError(`${uploadsTo} already has files: restore into an empty data directory.`);
  }
  if (target.engine === 'pglite') {
    const dir = join(dataDir, 'pglite');
    if (existsSync(dir) && (await readdir(dir)).length > 0) {
      throw new BackupError(`${dataDir} already holds a database: restore into an empty data directory.`);
    }
    await mkdir(dir, { recursive: true });
    // The server's own lock: no server may open the directory while it is being filled.
    const lock = lockDataDir(dataDir);
    try {
      const dump = await readFile(join(source, PGLITE_DUMP));
      const client = await PGlite.create(dir, {
        extensions: { btree_gist },
        loadDataDir: new Blob([new Uint8Array(dump)]),
      });
      await client.query('select 1');
      await client.close();
    } finally {
      lock.release();
    }
  } else {
    const pgRestore = requireTool('pg_restore');
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
      );
      if ((rows[0]?.n ?? 0) > 0) {
        throw new BackupError(
          'The database in DATABASE_URL is not empty: create a new, empty database and restore into it.',
        );
      }
    } finally {
      await client.end();
    }
    await run(pgRestore, [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${target.url}`,
      join(source, POSTGRES_DUMP),
    ]);
  }
  if (existsSync(join(source, UPLOADS))) {
    await mkdir(dataDir, { recursive: true });
    await cp(join(source, UPLOADS), uploadsTo, { recursive: true });
  }
  return manifest;
}
