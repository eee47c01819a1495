// `npm run db:backup [-- <folder>]` (issue 32): backs up the configured instance — the database
// (PGlite's data directory, or PostgreSQL with pg_dump) and DATA_DIR/uploads — into a new folder,
// by default ./backups/tavara-<UTC time>. PGlite: stop the server first (it holds the directory).
import { join, resolve } from 'node:path';
import { loadEnv } from '../env';
import { BackupError, createBackup } from './backup';

// npm runs workspace scripts in apps/api: paths (DATA_DIR, the folder) are the operator's, from where they typed the command.
process.chdir(process.env.INIT_CWD ?? process.cwd());
const env = loadEnv();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = resolve(process.argv[2] ?? join('backups', `tavara-${stamp}`));
try {
  const started = performance.now();
  const manifest = await createBackup(
    env.DATABASE_URL
      ? { engine: 'postgres', url: env.DATABASE_URL, dataDir: env.DATA_DIR }
      : { engine: 'pglite', dataDir: env.DATA_DIR },
    target,
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Backup written to ${target} in ${seconds} s: ${manifest.engine} database ${manifest.databaseBytes} bytes, ` +
      `${manifest.uploadFiles} uploaded files (${manifest.uploadBytes} bytes).`,
  );
} catch (error) {
  console.error(error instanceof BackupError || error instanceof Error ? error.message : error);
  process.exit(1);
}
