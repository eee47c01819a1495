import type { APIRequestContext, Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { expect } from '../fixtures';

/**
 * Helpers for the accounts journeys. Every test makes its own users with unique addresses and
 * reads their mail from the development outbox (GET /api/dev/mailbox), as a developer would.
 */

/**
 * The app's public address (the server's APP_URL): the only origin its auth API accepts a
 * sign-up or sign-in from (Better Auth's CSRF check), and the origin of every e-mailed link. The
 * e2e server runs without APP_URL, so it is the server's default, http://localhost:<port>.
 * Auth journeys run on it, as a user who follows the e-mailed links does.
 */
export const APP_URL = process.env.E2E_APP_URL ?? `http://localhost:${process.env.E2E_PORT ?? 4310}`;

/** A fresh address per call: parallel workers and repeated runs never share a user. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.tt`;
}

/** A password long enough and unusual enough for the shared rules. */
export const GOOD_PASSWORD = 'mango-season-2026';

interface DevMail {
  to: string;
  subject: string;
  links: string[];
}

/** Waits for the newest e-mail to `to` whose subject matches, and returns its first link. */
export async function mailLink(request: APIRequestContext, to: string, subject: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
        const { messages } = (await response.json()) as { messages: DevMail[] };
        link = messages.find((mail) => subject.test(mail.subject))?.links[0];
        return link;
      },
      { message: `an e-mail to ${to} matching ${subject}` },
    )
    .toBeTruthy();
  return link as string;
}

export const CONFIRM_SUBJECT = /Confirm your email address/;
export const RESET_SUBJECT = /Reset your .* password/;

/** Fills and sends the Sign Up tab of /auth. */
export async function signUpThroughForm(
  page: Page,
  user: { firstName: string; lastName: string; email: string; password?: string; role?: RegExp },
) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByRole('textbox', { name: 'First name' }).fill(user.firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill(user.lastName);
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password ?? GOOD_PASSWORD);
  if (user.role) await page.getByRole('radio', { name: user.role }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/**
 * A confirmed account for journeys that start after sign-up, made in one request by the e2e
 * server's test hook (POST /api/__test/users, issue 34: the real sign-up and verification link run
 * in the server), and signed in on `request` as the e-mailed link would leave it. The journeys
 * about signing up and confirming drive those screens and the dev outbox instead.
 */
export async function createConfirmedUser(
  request: APIRequestContext,
  label: string,
  options: { role?: 'family' | 'professional' | 'community'; email?: string; firstName?: string } = {},
) {
  const email = options.email ?? uniqueEmail(label);
  // On the app's origin, as the e-mailed link is: the session cookie lands where it did.
  const response = await request.post(`${APP_URL}/api/__test/users`, {
    data: {
      email,
      password: GOOD_PASSWORD,
      role: options.role ?? 'family',
      firstName: options.firstName ?? 'Test',
      lastName: label,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { email, password: GOOD_PASSWORD };
}

/**
 * Signs a confirmed account in on a page's browser context (or a request context) without the
 * sign-in screens (POST /api/__test/sessions: a session as after a complete sign-in, second step
 * included). For journeys that start signed in; the page then opens whatever it opens.
 */
export async function signInAs(target: Page | APIRequestContext, email: string) {
  const request = 'context' in target ? target.context().request : target;
  const response = await request.post(`${APP_URL}/api/__test/sessions`, { data: { email } });
  expect(response.status(), await response.text()).toBe(201);
}

/** Logs in through the Login tab of /auth on the page's current origin. */
export async function logIn(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** The width the page's content takes beyond the screen (0 when nothing overflows sideways). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * The e2e server's ADMIN_EMAILS (playwright.config.ts): an address on this list becomes admin
 * when it is verified — the real way an installation gets its first admin. One address per spec
 * file that needs an admin, so parallel workers never share one.
 */
export const E2E_ADMIN_EMAILS = {
  adminArea: 'admin-area@e2e.example.tt',
  userJourney: 'admin-journey@e2e.example.tt',
  dashboards: 'admin-dashboards@e2e.example.tt',
  spare: 'admin-spare@e2e.example.tt',
  training: 'admin-training@e2e.example.tt',
  /** e2e/account/account.spec.ts: an admin who has not set up two-factor sign-in yet. */
  account: 'admin-account@e2e.example.tt',
  /** e2e/boards: moderation and document verification (issue 20). */
  boards: 'admin-boards@e2e.example.tt',
  /** e2e/support/caregiver-support.spec.ts: replies to a caregiver's support request. */
  caregiverSupport: 'admin-caregiver-support@e2e.example.tt',
  /** e2e/shell/phone-journeys.spec.ts: the admin's menu and Training tab (issue 31). */
  journeys: 'admin-journeys@e2e.example.tt',
} as const;

const TOTP_STEP_MS = 30_000;

/**
 * A TOTP code for a base32 secret (spaces allowed, as the account page shows it), made with the
 * library Better Auth verifies codes with (@better-auth/utils, RFC 6238).
 */
export async function totpCode(secret: string, at: number = Date.now()): Promise<string> {
  return createOTP(base32.decode(secret.replace(/\s+/g, '').toUpperCase())).hotp(Math.floor(at / TOTP_STEP_MS));
}

/**
 * The server accepts each TOTP code and each backup code once (issue 22), and tests in parallel
 * workers may sign the same admin in. So a code is reserved before it is used: a file created
 * exclusively (only one process can) per secret and time step, or per backup code. Per port,
 * like the server's data directory.
 */
const USED_CODES_DIR = join(tmpdir(), `tavara-e2e-used-codes-${process.env.E2E_PORT ?? 4310}`);

function reserveCode(what: string): boolean {
  mkdirSync(USED_CODES_DIR, { recursive: true });
  const name = createHash('sha256').update(what).digest('hex').slice(0, 32);
  try {
    writeFileSync(join(USED_CODES_DIR, name), '', { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * A code no test has used yet that the server accepts now (it takes the current step's and the
 * next one's), or undefined when both are taken.
 */
async function unusedTotpCodeNow(secret: string): Promise<string | undefined> {
  const key = secret.replace(/\s+/g, '').toUpperCase();
  const current = Math.floor(Date.now() / TOTP_STEP_MS);
  for (const step of [current, current + 1]) {
    if (reserveCode(`totp:${key}:${step}`)) return totpCode(key, step * TOTP_STEP_MS);
  }
  return undefined;
}

/** A code no test has used yet, waiting (as a person would) for the app's next one if need be. */
export async function unusedTotpCode(secret: string): Promise<string> {
  for (;;) {
    const code = await unusedTotpCodeNow(secret);
    if (code) return code;
    await sleep(TOTP_STEP_MS - (Date.now() % TOTP_STEP_MS) + 50);
  }
}

/**
 * What answers a second sign-in step now: an unused code from the app, else an unused backup
 * code (as a person in a hurry would use), else the app's next code once it comes.
 */
export async function secondFactor(
  secret: string,
  backupCodes: readonly string[] = [],
): Promise<{ kind: 'totp' | 'backup'; code: string }> {
  const totp = await unusedTotpCodeNow(secret);
  if (totp) return { kind: 'totp', code: totp };
  const backup = backupCodes.find((code) => reserveCode(`backup:${code}`));
  if (backup) return { kind: 'backup', code: backup };
  return { kind: 'totp', code: await unusedTotpCode(secret) };
}

/**
 * Turns on two-factor sign-in for the account signed in on `request`, as the account page does
 * (password, then the first code): returns the secret for later codes, and the backup codes.
 */
export async function enableTwoFactor(
  request: APIRequestContext,
  password: string,
): Promise<{ secret: string; backupCodes: string[] }> {
  const started = await request.post('/api/auth/two-factor/enable', {
    headers: { origin: APP_URL },
    data: { password },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const { totpURI, backupCodes } = (await started.json()) as { totpURI: string; backupCodes: string[] };
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  const verified = await request.post('/api/auth/two-factor/verify-totp', {
    headers: { origin: APP_URL },
    data: { code: await unusedTotpCode(secret) },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  return { secret, backupCodes };
}

/**
 * Where this run's admins' TOTP secrets and backup codes are kept, so a later test (maybe in
 * another worker) can sign the same admin in again. Per port, like the server's data directory.
 */
const TOTP_SECRETS_FILE = join(tmpdir(), `tavara-e2e-totp-${process.env.E2E_PORT ?? 4310}.json`);

interface SecondFactors {
  secret: string;
  backupCodes: string[];
}

function readSecrets(): Record<string, SecondFactors | undefined> {
  try {
    return JSON.parse(readFileSync(TOTP_SECRETS_FILE, 'utf8')) as Record<string, SecondFactors>;
  } catch {
    return {};
  }
}

function rememberSecret(email: string, factors: SecondFactors) {
  writeFileSync(TOTP_SECRETS_FILE, JSON.stringify({ ...readSecrets(), [email]: factors }));
}

/**
 * Holds a lock (a directory only one process can make) while `work` runs: parallel workers that
 * need the same admin make it, and set up its two-factor sign-in, once. Per port.
 */
async function withLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const lock = join(tmpdir(), `tavara-e2e-lock-${process.env.E2E_PORT ?? 4310}-${name}`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock left by a run that was killed part-way is older than any set-up takes.
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > 60_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`waited a minute for ${lock}`, { cause: error });
      await sleep(50);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * A confirmed admin account for `slot`: made by the test hook the first time (an ADMIN_EMAILS
 * address becomes admin when verified), with two-factor sign-in on (the admin area needs it,
 * issue 22) unless `twoFactor: false`. The request context is left signed in as the admin — by
 * the session hook, so no one-time code is spent: the journeys about two-factor sign-in use
 * `logInAsAdmin`, the others `signInAs`.
 */
export async function createConfirmedAdmin(
  request: APIRequestContext,
  slot: keyof typeof E2E_ADMIN_EMAILS,
  options: { twoFactor?: boolean } = {},
): Promise<{ email: string; password: string; totpSecret?: string; backupCodes?: string[] }> {
  const email = E2E_ADMIN_EMAILS[slot];
  const password = GOOD_PASSWORD;
  return withLock(slot, async () => {
    const signedIn = await request.post(`${APP_URL}/api/__test/sessions`, { data: { email } });
    if (signedIn.status() === 404) {
      await createConfirmedUser(request, 'Admin', { email, firstName: 'Ada' });
    } else {
      expect(signedIn.status(), await signedIn.text()).toBe(201);
      const session = await request.get(`${APP_URL}/api/auth/get-session`);
      const { user } = (await session.json()) as { user: { twoFactorEnabled?: boolean } };
      if (user.twoFactorEnabled) {
        // Made by an earlier test of this run, which kept its secret (a file from an earlier run
        // may hold another server's: only an account that exists is looked up in it).
        const factors = readSecrets()[email];
        if (!factors) throw new Error(`${email} has two-factor sign-in from an earlier run: restart the e2e server`);
        return { email, password, totpSecret: factors.secret, backupCodes: factors.backupCodes };
      }
    }
    if (options.twoFactor === false) return { email, password };
    const { secret, backupCodes } = await enableTwoFactor(request, password);
    rememberSecret(email, { secret, backupCodes });
    return { email, password, totpSecret: secret, backupCodes };
  });
}

/**
 * Answers the second sign-in step on /auth with an unused code made from `secret` — or, when
 * other tests have just used the app's codes of the moment, one of `backupCodes` — trusting the
 * device when asked (so later sign-ins in the same browser skip the step, as a person would choose).
 */
export async function answerTwoFactor(
  page: Page,
  secret: string,
  options: { trustDevice?: boolean; backupCodes?: readonly string[] } = {},
) {
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  const { kind, code } = await secondFactor(secret, options.backupCodes);
  if (kind === 'backup') {
    await page.getByRole('button', { name: 'Lost your phone? Use a backup code' }).click();
    await page.getByRole('textbox', { name: 'Backup code' }).fill(code);
  } else {
    await page.getByRole('textbox', { name: 'Code from your authenticator app' }).fill(code);
  }
  if (options.trustDevice) await page.getByRole('checkbox', { name: /Trust this device for 30 days/ }).check();
  await page
    .getByRole('button', { name: kind === 'backup' ? 'Use backup code and sign in' : 'Verify and sign in' })
    .click();
}

/** Logs an admin in through /auth, with the second step when two-factor sign-in is on. */
export async function logInAsAdmin(
  page: Page,
  admin: { email: string; password: string; totpSecret?: string; backupCodes?: readonly string[] },
) {
  await logIn(page, admin.email, admin.password);
  if (admin.totpSecret) await answerTwoFactor(page, admin.totpSecret, { backupCodes: admin.backupCodes });
}
