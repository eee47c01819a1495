import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const freshDir = () => mkdtempSync(join(tmpdir(), 'tavara-lock-'));

describe('PGlite data directory lock', () => {
  it('refuses a second holder with a message naming the directory', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    // Pretend another live process holds it: our parent's pid is alive and not ours.
    lock.release();
    writeFileSync(join(dir, 'server.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`The data directory ${dir} is in use by another running server`);
  });

  it('takes over a lock left by a process that has exited', () => {
    const dir = freshDir();
    const exited = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(join(dir, 'server.lock'), exited.stdout.toString());
    const lock = lockDataDir(dir);
    lock.release();
    expect(existsSync(join(dir, 'server.lock'))).toBe(false);
  });

  it('creates the directory when it does not exist yet', () => {
    const dir = join(freshDir(), 'nested', 'data');
    const lock = lockDataDir(dir);
    expect(existsSync(join(dir, 'server.lock'))).toBe(true);
    lock.release();
  });
});
