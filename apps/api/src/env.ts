import { availableParallelism } from 'node:os';
import { z } from 'zod';

/**
 * Server configuration, read once from the environment and validated (architecture.md,
 * "Configuration"). Every variable has a safe local default except the few that production
 * must set; a bad value stops the process with one line per problem (see `loadEnv`).
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const optionalUrl = (protocols: string[], hint: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine(
      (v) => {
        if (v === undefined) return true;
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      { message: hint },
    );

/** A whole number in [min, max] with one plain message for every way it can be wrong. */
const wholeNumber = (min: number, max: number, fallback: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ message }).int({ message }).min(min, { message }).max(max, { message }).default(fallback);
};

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: wholeNumber(0, 65_535, 3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    APP_URL: optionalUrl(['http:', 'https:'], 'must be an http(s) URL such as https://care.example.tt'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'must be a postgres:// connection URL'),
    DATABASE_POOL_SIZE: wholeNumber(1, 200, 10),
    /** PGlite's buffer pool (shared_buffers), in MB: it lives in the server's own memory (decision 034). */
    PGLITE_SHARED_BUFFERS_MB: wholeNumber(1, 1024, 16),
    SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL'),
    MAIL_FROM: z.string().min(3).default('Tavara <no-reply@localhost>'),
    SUPPORT_EMAIL: z.email({ message: 'must be an e-mail address' }).default('support@localhost'),
    WHATSAPP_NUMBER: z
      .string()
      .regex(/^\d{7,15}$/, { message: 'must be digits only with country code, e.g. 18685551234' })
      .default('18685550100'),
    OPENAI_API_KEY: z
      .string()
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
    OPENAI_BASE_URL: optionalUrl(['http:', 'https:'], 'must be an http(s) URL'),
    OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
    /**
     * AI budgets (issue 13, item 4): calls one address may make per hour, and calls the whole
     * server makes per day. Above either the chat carries on in scripted mode.
     */
    AI_MAX_CALLS_PER_IP_PER_HOUR: wholeNumber(1, 100_000, 120),
    AI_MAX_CALLS_PER_DAY: wholeNumber(1, 10_000_000, 5_000),
    /** How long one AI answer may take before the chat is told the provider timed out. */
    OPENAI_TIMEOUT_MS: wholeNumber(100, 120_000, 20_000),
    ADMIN_EMAILS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email({ message: 'must be a comma-separated list of e-mail addresses' }))),
    AUTH_AUTO_CONFIRM: booleanFlag,
    AUTH_SECRET: z
      .string()
      .optional()
      .transform((v) => (v === '' ? undefined : v))
      .refine((v) => v === undefined || v.length >= 32, { message: 'must be at least 32 characters' }),
    /** How long a password reset link works, in seconds (spec §9: 24 hours). */
    AUTH_RESET_TOKEN_TTL_SECONDS: wholeNumber(60, 604_800, 86_400),
    /**
     * Passwords hashed at once (scrypt, ~50–100 ms of CPU each). Unset: one fewer than the cores
     * (at least 1), so a burst of sign-ins always leaves a core for the event loop.
     */
    AUTH_HASH_CONCURRENCY: wholeNumber(1, 64, Math.max(1, availableParallelism() - 1)),
    /**
     * Passwords that may wait for a hashing thread (issue 23); one more sign-in, sign-up or
     * password change is answered 503 with Retry-After at once instead of waiting for seconds.
     */
    AUTH_HASH_QUEUE_LIMIT: wholeNumber(1, 10_000, 64),
    /**
     * The hashing threads' nice value (Linux, per thread): above the event loop's, so on a busy
     * machine requests get the CPU before hashes. 0 turns it off.
     */
    AUTH_HASH_NICE: wholeNumber(0, 19, 10),
    /**
     * `low`: new password hashes at a 128th of scrypt's work (auth/password-hasher.ts), for test
     * runs that create thousands of accounts (issue 34). Only with NODE_ENV=test or E2E_TEST_HOOKS;
     * refused in production. A production hash still verifies; a low one never does in production.
     */
    AUTH_PASSWORD_HASH_COST: z.enum(['production', 'low']).default('production'),
    /**
     * Turns off the sign-in/sign-up/reset rate limits (per IP and per account) for test runs that
     * create many accounts from one address. Refused in production.
     */
    AUTH_RATE_LIMIT_DISABLED: booleanFlag,
    /**
     * Turns off the per-address limits on creating chat sessions (per hour, and visitors' per
     * day) for test runs whose whole browser suite chats from one address. The per-request and
     * per-session limits stay. Refused in production.
     */
    CHAT_SESSION_LIMITS_DISABLED: booleanFlag,
    /**
     * How long each sign-in for an address waits once it has had many failures this hour (from
     * any source). A slow-down, not a refusal, so an attacker cannot lock the owner out.
     */
    AUTH_SIGN_IN_SLOWDOWN_MS: wholeNumber(0, 30_000, 3_000),
    /**
     * Reverse proxies (IP addresses or CIDR ranges, comma-separated) whose X-Forwarded-For is
     * believed when working out a client's address for rate limiting. Unset: the socket address.
     */
    TRUSTED_PROXIES: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], { error: 'must be IP addresses or CIDR ranges' }),
        ),
      ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Largest request body the API accepts, in bytes (uploads have their own, larger limit). */
    MAX_BODY_BYTES: wholeNumber(1024, 100 * 1024 * 1024, 1024 * 1024),
    /**
     * Enables `/api/__test/*` hooks (simulated database outage) for the end-to-end suite.
     * Refused in production.
     */
    E2E_TEST_HOOKS: booleanFlag,
    /**
     * Serves the development outbox (`/api/dev/mailbox`: every e-mail with its reset and
     * verification links) to requests from this machine's loopback address. Off unless set —
     * the outbox's links take over accounts (issue 13). Refused in production.
     */
    DEV_MAILBOX: booleanFlag,
    /**
     * Adds a Server-Timing header to every response: the database statements the request took
     * and the server's time (lib/server-timing.ts; the bench reads it). Refused in production.
     */
    SERVER_TIMING: booleanFlag,
    /**
     * The notification worker (issue 18): every instance runs one unless `off` (e.g. a web-only
     * instance); they share the jobs table. It polls for due jobs every NOTIFICATION_POLL_MS
     * when idle; a claimed job is this instance's for NOTIFICATION_LEASE_MS, then another may
     * take it over (longer than the slowest SMTP exchange).
     */
    NOTIFICATION_WORKER: z.enum(['on', 'off']).default('on'),
    NOTIFICATION_POLL_MS: wholeNumber(50, 60_000, 2_000),
    NOTIFICATION_LEASE_MS: wholeNumber(1_000, 3_600_000, 120_000),
    /** How often each instance looks for due reminders (a shift nobody checked in to). */
    NOTIFICATION_SCAN_MS: wholeNumber(100, 3_600_000, 30_000),
    /**
     * Web Push (issue 28): the VAPID key pair (RFC 8292, base64url as `web-push generate-vapid-keys`
     * prints them) and the contact the push services may write to. Generated once into
     * DATA_DIR/vapid-keys.json in development; required in production (rotating them drops every
     * device's subscription).
     */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url P-256 public key')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url P-256 private key')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https: URL')
      .default('mailto:support@tavara.tt'),
    /**
     * Push-service hosts the server may send to besides the browsers' own (FCM, Mozilla, Apple,
     * Microsoft): comma-separated hosts (`push.example.com`, `*.example.com`, https only) or
     * origins (`http://127.0.0.1:4341`, a local test receiver). Anything else is refused when a
     * device subscribes, so a subscription can never make the server call an arbitrary URL.
     */
    PUSH_ENDPOINT_ALLOWLIST: z.string().default(''),
  })
  .superRefine((env, ctx) => {
    if (env.AUTH_PASSWORD_HASH_COST === 'low' && env.NODE_ENV !== 'test' && !env.E2E_TEST_HOOKS) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_PASSWORD_HASH_COST'],
        message: 'may be low only for test runs (NODE_ENV=test or E2E_TEST_HOOKS)',
      });
    }
    if (env.NODE_ENV !== 'production') return;
    if (!env.AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'is required in production (32+ random characters)',
      });
    }
    if (!env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required in production (the dev outbox is never used there)',
      });
    }
    if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'is required in production (npx web-push generate-vapid-keys)',
      });
    }
    if (!env.APP_URL) {
      ctx.addIssue({ code: 'custom', path: ['APP_URL'], message: 'is required in production (public https URL)' });
    }
    if (env.E2E_TEST_HOOKS) {
      ctx.addIssue({ code: 'custom', path: ['E2E_TEST_HOOKS'], message: 'must not be set in production' });
    }
    if (env.DEV_MAILBOX) {
      ctx.addIssue({ code: 'custom', path: ['DEV_MAILBOX'], message: 'must not be set in production' });
    }
    if (env.SERVER_TIMING) {
      ctx.addIssue({ code: 'custom', path: ['SERVER_TIMING'], message: 'must not be set in production' });
    }
    if (env.AUTH_RATE_LIMIT_DISABLED) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_RATE_LIMIT_DISABLED'], message: 'must not be set in production' });
    }
    if (env.CHAT_SESSION_LIMITS_DISABLED) {
      ctx.addIssue({
        code: 'custom',
        path: ['CHAT_SESSION_LIMITS_DISABLED'],
        message: 'must not be set in production',
      });
    }
  })
  .transform((env) => ({
    ...env,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
  }));

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses the given environment; throws `EnvError` listing one line per problem. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || 'environment';
    const value = source[String(issue.path[0])];
    const shown = value === undefined ? '' : ` (got "${redact(String(issue.path[0]), value)}")`;
    return `${name} ${issue.message}${shown}`;
  });
  throw new EnvError(problems);
}

/** Never echo a secret back into logs, even when it is the value that is wrong. */
function redact(name: string, value: string): string {
  return /SECRET|KEY|PASSWORD|DATABASE_URL|SMTP_URL/.test(name) ? '***' : value;
}
