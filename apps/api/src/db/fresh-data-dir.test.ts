import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { testDriver } from '../testing/test-database';
import { isFreshPgliteDir } from './fresh-data-dir';

const SERVER_TS = fileURLToPath(new URL('../server.ts', import.meta.url));

// The process entry on a new PGlite directory (decision 034): the cluster is created, migrated
// and seeded by a child process that then exits, and the server opens the prepared directory.
describe.runIf(testDriver() === 'pglite')('the first start on a new data directory', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tavara-fresh-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is prepared in a child process, and the server then serves from it', async () => {
    expect(isFreshPgliteDir(dataDir)).toBe(true);
    const server = spawn(process.execPath, ['--import', 'tsx', SERVER_TS], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        NOTIFICATION_WORKER: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setInterval(() => {
          const match = output.match(/listening on (http:\/\/[^ )]+)/);
          if (match) {
            clearInterval(timer);
            resolve(match[1]!);
          } else if (server.exitCode !== null) {
            clearInterval(timer);
            reject(new Error(`the server exited with ${server.exitCode}:\n${output}`));
          }
        }, 50);
      });
      expect(output).toContain('creating the database in a child process');
      expect(isFreshPgliteDir(dataDir)).toBe(false);
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);
      // The seed content the child wrote is there for the server.
      const features = (await (await fetch(`${url}/api/features`)).json()) as { features: unknown[] };
      expect(features.features.length).toBeGreaterThan(0);
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
  }, 120_000);
});
