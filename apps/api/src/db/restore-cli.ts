// `npm run db:restore -- <folder>` (issue 32): restores a backup made by `npm run db:backup` into
// the configured instance, which must be empty: an empty DATA_DIR (PGlite), or an empty database
// in DATABASE_URL plus DATA_DIR for the uploaded files. Then start the server as usual (it applies
// any newer migrations at start-up).
import { loadEnv } from '../env';
import { BackupError, restoreBackup } from './backup';

const from = process.argv[2];
if (!from) {
  console.error('Usage: npm run db:restore -- <backup folder>');
  process.exit(1);
}
// npm runs workspace scripts in apps/api: paths (DATA_DIR, the folder) are the operator's, from where they typed the command.
process.chdir(process.env.INIT_CWD ?? process.cwd());
const env = loadEnv();
try {
  const started = performance.now();
  const manifest = await restoreBackup(
    from,
    env.DATABASE_URL
      ? { engine: 'postgres', url: env.DATABASE_URL, dataDir: env.DATA_DIR }
      : { engine: 'pglite', dataDir: env.DATA_DIR },
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Restored the ${manifest.engine} backup of ${manifest.createdAt} in ${seconds} s ` +
      `(${manifest.uploadFiles} uploaded files). Start the server as usual.`,
  );
} catch (error) {
  console.error(error instanceof BackupError || error instanceof Error ? error.message : error);
  process.exit(1);
}
