import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Env } from '../env';

/** Used when NODE_ENV=test only: tests need a stable secret and never touch DATA_DIR for it. */
export const TEST_AUTH_SECRET = 'tavara-test-only-secret-never-used-outside-tests-0123456789';

/** Name of the generated development secret inside DATA_DIR. */
export const DEV_SECRET_FILE = 'auth-secret';

/**
 * The secret that signs sessions and verification tokens. Production: AUTH_SECRET (env.ts
 * refuses to start without it). Tests: a fixed value. Development: generated once into
 * DATA_DIR/auth-secret (mode 600) and reused, so sessions survive restarts.
 */
export function resolveAuthSecret(env: Env): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.NODE_ENV === 'production') throw new Error('AUTH_SECRET is required in production');
  if (env.NODE_ENV === 'test') return TEST_AUTH_SECRET;
  return readOrCreateDevSecret(env.DATA_DIR);
}

function readOrCreateDevSecret(dataDir: string): string {
  const dir = resolve(dataDir);
  const file = join(dir, DEV_SECRET_FILE);
  mkdirSync(dir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting together keep one secret.
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(file, 0o600);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) {
    throw new Error(`${file} holds a secret shorter than 32 characters; delete the file to generate a new one.`);
  }
  return secret;
}
