import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * PGlite is one process's database: two processes writing the same directory corrupt it, and
 * PGlite takes no lock of its own (architecture.md, pitfalls). We take an exclusive lock file
 * created with O_EXCL, recording the holder's pid, its start time and a random token. A lock left
 * by a process that no longer runs — or whose pid now belongs to an unrelated process, told apart
 * by its start time — is taken over; the token tells this process's own locks from one an
 * earlier process with the same pid left behind.
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

/**
 * A process's start time: clock ticks since boot (/proc/<pid>/stat field 22) on Linux, else the
 * start time `ps` reports (macOS, BSD), or undefined when neither can say. With the pid it names
 * one process: a pid reused by an unrelated process after a crash has another start time (issue 13).
 */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may contain spaces: count after its end.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return processStartTimeFromPs(pid);
  }
}

/** The start time `ps -o lstart=` prints for `pid` (to the second), or undefined. */
export function processStartTimeFromPs(pid: number): string | undefined {
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    const out = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2_000,
    }).trim();
    return out ? `ps:${out}` : undefined;
  } catch {
    return undefined;
  }
}

/** What the lock file records: the holder's pid, where known its start time, and its token. */
interface LockRecord {
  pid: number;
  started?: string;
  token?: string;
}

function readLockRecord(text: string): LockRecord {
  try {
    const parsed = JSON.parse(text) as Partial<LockRecord>;
    if (typeof parsed === 'number') return { pid: parsed };
    return {
      pid: Number(parsed.pid),
      ...(typeof parsed.started === 'string' ? { started: parsed.started } : {}),
      ...(typeof parsed.token === 'string' ? { token: parsed.token } : {}),
    };
  } catch {
    return { pid: Number.parseInt(text, 10) };
  }
}

/** Whether the process the record names still runs: same pid and, when recorded, same start time. */
function holderRuns(record: LockRecord): boolean {
  if (!isRunning(record.pid)) return false;
  if (record.started === undefined) return true;
  const now = processStartTime(record.pid);
  return now === undefined || now === record.started;
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
 * Directories this process holds, with the token written in each lock. A lock file carrying our
 * own pid is ours only with our token; otherwise it was left by an earlier process that had the
 * same pid (common when the server runs as pid 1 in a container and restarts after a crash).
 */
const heldByThisProcess = new Map<string, string>();

export function lockDataDir(dataDir: string): DataDirLock {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const lockPath = join(dir, 'server.lock');

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      const started = processStartTime(process.pid);
      const token = randomBytes(16).toString('hex');
      writeSync(fd, JSON.stringify({ pid: process.pid, ...(started ? { started } : {}), token }));
      closeSync(fd);
      heldByThisProcess.set(dir, token);
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
      const record = readLockRecord(readFileSync(lockPath, 'utf8'));
      const pid = record.pid;
      const ours = pid === process.pid;
      const heldToken = heldByThisProcess.get(dir);
      const ourLive = ours && heldToken !== undefined && (record.token === undefined || record.token === heldToken);
      if (Number.isInteger(pid) && (ourLive || (!ours && holderRuns(record)))) {
        throw new DataDirLockedError(dir, pid);
      }
      // Stale lock from a crashed process (or unreadable): remove it and try once more.
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(dir, Number.NaN);
}
