import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, processStartTime, processStartTimeFromPs } from './data-dir-lock';

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

  it('takes over a lock whose pid now belongs to an unrelated, running process (a reused pid)', () => {
    const dir = freshDir();
    // The parent process runs, but it started at another time than the holder the file names.
    const started = processStartTime(process.ppid);
    expect(started).toBeDefined();
    writeFileSync(join(dir, 'server.lock'), JSON.stringify({ pid: process.ppid, started: `${started}0` }));
    const lock = lockDataDir(dir);
    lock.release();
    // The same pid with its real start time is a live holder.
    writeFileSync(join(dir, 'server.lock'), JSON.stringify({ pid: process.ppid, started }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });

  it('records its own pid, start time and a random token', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(join(dir, 'server.lock'), 'utf8'))).toEqual({
      pid: process.pid,
      started: processStartTime(process.pid),
      token: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    lock.release();
  });

  it('without /proc (macOS, BSD) the start time comes from ps, so a reused pid is still told apart', () => {
    const fromPs = processStartTimeFromPs(process.ppid);
    expect(fromPs).toMatch(/^ps:\S/);
    expect(processStartTimeFromPs(process.ppid)).toBe(fromPs);
    const dir = freshDir();
    writeFileSync(
      join(dir, 'server.lock'),
      JSON.stringify({ pid: process.ppid, started: 'ps:Mon Jan  1 00:00:00 2001' }),
    );
    // On Linux the live holder's /proc start time differs from the recorded one as well: stale.
    lockDataDir(dir).release();
  });

  it('a lock with this process’s pid but another token is one an earlier process left: taken over', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    lock.release();
    writeFileSync(join(dir, 'server.lock'), JSON.stringify({ pid: process.pid, token: 'f'.repeat(32) }));
    const again = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    again.release();
  });

  it('creates the directory when it does not exist yet', () => {
    const dir = join(freshDir(), 'nested', 'data');
    const lock = lockDataDir(dir);
    expect(existsSync(join(dir, 'server.lock'))).toBe(true);
    lock.release();
  });
});
