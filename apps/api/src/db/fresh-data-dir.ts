import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Set in the environment of the short-lived child that initialises a new PGlite directory; the
 * process entry (server.ts) then prepares the database and exits instead of serving.
 */
export const PREPARE_DATA_DIR_ENV = 'TAVARA_PREPARE_DATA_DIR';

/** True when DATA_DIR holds no PGlite cluster yet (the first start on this machine). */
export function isFreshPgliteDir(dataDir: string): boolean {
  return !existsSync(join(resolve(dataDir), 'pglite', 'PG_VERSION'));
}

/**
 * Runs the process entry once more as a child with PREPARE_DATA_DIR_ENV set, and waits for it:
 * it creates the cluster (initdb), migrates and seeds, closes the directory and exits.
 *
 * Why a process: initdb inside PGlite leaves ~130 MB of native memory in the process that ran it,
 * which the allocator never gives back (a worker thread kept it too, measured). The server that
 * then opens the prepared directory starts as small as on any later start (decision 034).
 */
export async function prepareFreshDataDirInChild(entryFile: string): Promise<void> {
  const child = fork(entryFile, [], { env: { ...process.env, [PREPARE_DATA_DIR_ENV]: '1' }, stdio: 'inherit' });
  const code = await new Promise<number | null>((done, fail) => {
    child.once('error', fail);
    child.once('exit', (exitCode) => done(exitCode));
  });
  if (code !== 0) throw new Error(`preparing the new data directory failed (exit code ${code ?? 'signal'})`);
}
