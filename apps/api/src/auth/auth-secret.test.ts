import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { DEV_SECRET_FILE, resolveAuthSecret, TEST_AUTH_SECRET } from './auth-secret';
import { vapidEnv } from '../testing/vapid';

describe('auth secret', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tavara-secret-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('production uses AUTH_SECRET', () => {
    const env = loadEnv({
      NODE_ENV: 'production',
      ...vapidEnv(),
      AUTH_SECRET: 's'.repeat(40),
      SMTP_URL: 'smtp://mail.example.tt',
      APP_URL: 'https://care.example.tt',
    });
    expect(resolveAuthSecret(env)).toBe('s'.repeat(40));
  });

  it('tests use a fixed secret and write nothing', () => {
    expect(resolveAuthSecret(loadEnv({ NODE_ENV: 'test', DATA_DIR: join(dataDir, 'unused') }))).toBe(TEST_AUTH_SECRET);
    expect(() => statSync(join(dataDir, 'unused'))).toThrow();
  });

  it('development generates a random secret once into DATA_DIR/auth-secret (mode 600) and reuses it', () => {
    const env = loadEnv({ NODE_ENV: 'development', DATA_DIR: dataDir });
    const first = resolveAuthSecret(env);
    const file = join(dataDir, DEV_SECRET_FILE);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret(env)).toBe(first);

    const elsewhere = mkdtempSync(join(tmpdir(), 'tavara-secret-other-'));
    try {
      expect(resolveAuthSecret(loadEnv({ NODE_ENV: 'development', DATA_DIR: elsewhere }))).not.toBe(first);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
