import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';
import { vapidEnv } from './testing/vapid';

describe('configuration', () => {
  it('runs on safe local defaults with nothing set', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data', APP_URL: 'http://localhost:3000' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.ADMIN_EMAILS).toEqual([]);
    expect(env.AUTH_AUTO_CONFIRM).toBe(false);
  });

  it('derives APP_URL from PORT and trims a trailing slash', () => {
    expect(loadEnv({ PORT: '4000' }).APP_URL).toBe('http://localhost:4000');
    expect(loadEnv({ APP_URL: 'https://care.example.tt/' }).APP_URL).toBe('https://care.example.tt');
  });

  it('parses the admin list case-insensitively', () => {
    expect(loadEnv({ ADMIN_EMAILS: ' Admin@Example.tt, ops@example.tt ' }).ADMIN_EMAILS).toEqual([
      'admin@example.tt',
      'ops@example.tt',
    ]);
  });

  it('reports one line per bad value, naming the variable', () => {
    let error: unknown;
    try {
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'nope', ADMIN_EMAILS: 'not-an-email' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems;
    expect(problems).toHaveLength(4);
    expect(problems.find((p) => p.startsWith('PORT '))).toBe(
      'PORT must be a whole number from 0 to 65535 (got "eighty")',
    );
    expect(problems.some((p) => p.startsWith('DATABASE_URL must be a postgres://'))).toBe(true);
    expect(problems.some((p) => p.startsWith('SMTP_URL must be an smtp://'))).toBe(true);
    expect(problems.some((p) => p.startsWith('ADMIN_EMAILS'))).toBe(true);
  });

  it('never echoes a secret value in its message', () => {
    try {
      loadEnv({ DATABASE_URL: 'mysql://user:hunter2@db', AUTH_SECRET: 'short-secret' });
      expect.unreachable();
    } catch (error) {
      const message = (error as EnvError).message;
      expect(message).not.toContain('hunter2');
      expect(message).not.toContain('short-secret');
      expect(message).toContain('AUTH_SECRET must be at least 32 characters');
    }
  });

  it('refuses to start in production without secret, mail server and public URL', () => {
    try {
      loadEnv({ NODE_ENV: 'production', E2E_TEST_HOOKS: 'true' });
      expect.unreachable();
    } catch (error) {
      const problems = (error as EnvError).problems.join('\n');
      expect(problems).toContain('AUTH_SECRET is required in production');
      expect(problems).toContain('SMTP_URL is required in production');
      expect(problems).toContain('APP_URL is required in production');
      expect(problems).toContain('VAPID_PUBLIC_KEY is required in production');
      expect(problems).toContain('E2E_TEST_HOOKS must not be set in production');
    }
  });

  it('allows low-cost password hashing only for test runs (issue 34)', () => {
    expect(loadEnv({}).AUTH_PASSWORD_HASH_COST).toBe('production');
    expect(loadEnv({ NODE_ENV: 'test', AUTH_PASSWORD_HASH_COST: 'low' }).AUTH_PASSWORD_HASH_COST).toBe('low');
    expect(loadEnv({ E2E_TEST_HOOKS: 'true', AUTH_PASSWORD_HASH_COST: 'low' }).AUTH_PASSWORD_HASH_COST).toBe('low');
    const problem = 'AUTH_PASSWORD_HASH_COST may be low only for test runs (NODE_ENV=test or E2E_TEST_HOOKS)';
    expect(() => loadEnv({ AUTH_PASSWORD_HASH_COST: 'low' })).toThrow(problem);
    expect(() =>
      loadEnv({
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(32),
        SMTP_URL: 'smtp://mail.example.tt:587',
        APP_URL: 'https://tavara.example.tt',
        AUTH_PASSWORD_HASH_COST: 'low',
      }),
    ).toThrow(problem);
  });

  it('reads the auth settings: reset link lifetime, rate-limit switch, trusted proxies', () => {
    const defaults = loadEnv({});
    expect(defaults.AUTH_RESET_TOKEN_TTL_SECONDS).toBe(86_400);
    expect(defaults.AUTH_RATE_LIMIT_DISABLED).toBe(false);
    expect(defaults.TRUSTED_PROXIES).toEqual([]);
    const env = loadEnv({
      AUTH_RESET_TOKEN_TTL_SECONDS: '3600',
      AUTH_RATE_LIMIT_DISABLED: 'true',
      TRUSTED_PROXIES: '10.0.0.5, 10.1.0.0/16, ::1',
    });
    expect(env.AUTH_RESET_TOKEN_TTL_SECONDS).toBe(3600);
    expect(env.AUTH_RATE_LIMIT_DISABLED).toBe(true);
    expect(env.TRUSTED_PROXIES).toEqual(['10.0.0.5', '10.1.0.0/16', '::1']);
    expect(() => loadEnv({ TRUSTED_PROXIES: 'proxy.internal' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => loadEnv({ AUTH_RESET_TOKEN_TTL_SECONDS: '5' })).toThrow(/AUTH_RESET_TOKEN_TTL_SECONDS/);
  });

  it('caps password hashing at one fewer than the cores by default, and takes an override', () => {
    expect(loadEnv({}).AUTH_HASH_CONCURRENCY).toBe(Math.max(1, availableParallelism() - 1));
    expect(loadEnv({ AUTH_HASH_CONCURRENCY: '3' }).AUTH_HASH_CONCURRENCY).toBe(3);
    expect(() => loadEnv({ AUTH_HASH_CONCURRENCY: '0' })).toThrow(
      /AUTH_HASH_CONCURRENCY must be a whole number from 1 to 64/,
    );
    expect(loadEnv({})).toMatchObject({ AUTH_HASH_QUEUE_LIMIT: 64, AUTH_HASH_NICE: 10 });
    expect(loadEnv({ AUTH_HASH_QUEUE_LIMIT: '5', AUTH_HASH_NICE: '0' })).toMatchObject({
      AUTH_HASH_QUEUE_LIMIT: 5,
      AUTH_HASH_NICE: 0,
    });
    expect(() => loadEnv({ AUTH_HASH_NICE: '20' })).toThrow(/AUTH_HASH_NICE/);
  });

  it('never turns the auth rate limits off in production', () => {
    expect(() =>
      loadEnv({
        NODE_ENV: 'production',
        ...vapidEnv(),
        AUTH_SECRET: 'x'.repeat(40),
        SMTP_URL: 'smtp://mail.example.tt',
        APP_URL: 'https://care.example.tt',
        AUTH_RATE_LIMIT_DISABLED: 'true',
      }),
    ).toThrow(/AUTH_RATE_LIMIT_DISABLED must not be set in production/);
    expect(() =>
      loadEnv({
        NODE_ENV: 'production',
        ...vapidEnv(),
        AUTH_SECRET: 'x'.repeat(40),
        SMTP_URL: 'smtp://mail.example.tt',
        APP_URL: 'https://care.example.tt',
        CHAT_SESSION_LIMITS_DISABLED: 'true',
      }),
    ).toThrow(/CHAT_SESSION_LIMITS_DISABLED must not be set in production/);
  });

  it('accepts a complete production configuration', () => {
    const env = loadEnv({
      NODE_ENV: 'production',
      ...vapidEnv(),
      AUTH_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtps://user:pass@mail.example.tt:465',
      APP_URL: 'https://care.example.tt',
      DATABASE_URL: 'postgres://app@db.internal/tavara',
    });
    expect(env.NODE_ENV).toBe('production');
  });
});
