import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * PGlite is one process's database: two processes writing the same directory corrupt it, and
 * PGlite takes no lock of its own (architecture.md, pitfalls). We take an exclusive lock file
 * created with O_EXCL. A lock left by a process that no longer runs is taken over.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dir} is in use by another running server (pid ${pid}). ` +
        'Stop that process, or start this one with a different DATA_DIR or with DATABASE_URL.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  release(): void;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else — still running.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Directories this process holds. A lock file carrying our own pid is ours only if it is in
 * this set; otherwise it was left by an earlier process that had the same pid (common when the
 * server runs as pid 1 in a container and restarts after a crash).
 */
const heldByThisProcess = new Set<string>();

export function lockDataDir(dataDir: string): DataDirLock {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const lockPath = join(dir, 'server.lock');

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldByThisProcess.add(dir);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          heldByThisProcess.delete(dir);
          rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      const ours = pid === process.pid;
      if (Number.isInteger(pid) && ((ours && heldByThisProcess.has(dir)) || (!ours && isRunning(pid)))) {
        throw new DataDirLockedError(dir, pid);
      }
      // Stale lock from a crashed process (or unreadable): remove it and try once more.
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(dir, Number.NaN);
}
