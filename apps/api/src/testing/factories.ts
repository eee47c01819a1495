import { randomUUID } from 'node:crypto';
import type { PublicRole, Role } from '@tavara/shared/roles';
import { eq } from 'drizzle-orm';
import { vi } from 'vitest';
import { user } from '../db/schema/auth';
import { profiles } from '../db/schema/profiles';
import type { TestApp } from './test-app';
import type { TestClient } from './test-client';
import { secretOfTotpUri, unusedBackupCode, unusedTotpCode, unusedTotpCodeNow } from './two-factor';

/** A strong password that is not on the common-password list. */
export const TEST_PASSWORD = 'Breadfruit-Harbour-2026';

export interface DevMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: string;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.tt`;
}

export interface SignUpFields {
  firstName?: string;
  lastName?: string;
  email?: string;
  password?: string;
  role?: string;
  [extra: string]: unknown;
}

/** Posts the sign-up form as the web app does. */
export function signUp(client: TestClient, fields: SignUpFields = {}) {
  return client.post('/api/auth/sign-up/email', {
    firstName: 'Asha',
    lastName: 'Ramdial',
    email: uniqueEmail(),
    password: TEST_PASSWORD,
    role: 'family',
    ...fields,
  });
}

/** The dev outbox answers only requests from this machine (issue 13). */
export const LOOPBACK = '127.0.0.1';

/** Every dev-outbox e-mail to `email`, newest first. */
export async function mailsTo(t: TestApp, email: string): Promise<DevMail[]> {
  const res = await t.client(LOOPBACK).get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  if (res.status !== 200) throw new Error(`dev mailbox answered ${res.status}`);
  return ((await res.json()) as { messages: DevMail[] }).messages;
}

/**
 * The newest e-mail to `email` whose subject contains `subject`, waiting for it like a person
 * refreshing the mailbox (most auth mail is sent in the background); fails when none arrives.
 */
export async function latestMail(t: TestApp, email: string, subject: string): Promise<DevMail> {
  return vi.waitFor(
    async () => {
      const mail = (await mailsTo(t, email)).find((m) => m.subject.includes(subject));
      if (!mail) throw new Error(`no "${subject}" e-mail to ${email} in the dev outbox`);
      return mail;
    },
    { timeout: 5_000, interval: 20 },
  );
}

/** Opens the verification link of the newest verification e-mail in `client` (which signs it in). */
export async function verifyEmail(t: TestApp, client: TestClient, email: string): Promise<Response> {
  const mail = await latestMail(t, email, 'Confirm your email');
  const link = mail.links.find((l) => l.includes('/api/auth/verify-email'));
  if (!link) throw new Error('the verification e-mail has no verification link');
  return client.get(link);
}

export interface TestUser {
  client: TestClient;
  id: string;
  email: string;
  password: string;
  /** Set when two-factor sign-in is on (every admin): the base32 secret, for `totpCode`. */
  totpSecret?: string;
  /** The backup codes shown when two-factor was set up. */
  backupCodes?: string[];
}

/**
 * Turns on two-factor sign-in for the user signed in on `client`, as a person does on the account
 * page: the password, then the first code from the authenticator app (issue 22).
 */
export async function enableTwoFactor(
  client: TestClient,
  password: string,
): Promise<{ totpSecret: string; backupCodes: string[] }> {
  const res = await client.post('/api/auth/two-factor/enable', { password });
  if (res.status !== 200) throw new Error(`two-factor enable answered ${res.status}: ${await res.text()}`);
  const { totpURI, backupCodes } = (await res.json()) as { totpURI: string; backupCodes: string[] };
  const totpSecret = secretOfTotpUri(totpURI);
  const verified = await client.post('/api/auth/two-factor/verify-totp', { code: await unusedTotpCode(totpSecret) });
  if (verified.status !== 200) throw new Error(`verify-totp answered ${verified.status}: ${await verified.text()}`);
  return { totpSecret, backupCodes };
}

/**
 * A user who signed up through the real endpoint, confirmed the address from the dev outbox and
 * is signed in on `client`. `role: 'admin'` signs up as family and is then promoted in the
 * database directly — a test shortcut; the real ways (ADMIN_EMAILS, another admin) have their own tests.
 */
export async function createVerifiedUser(
  t: TestApp,
  options: {
    role?: Role;
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    /** Admins get two-factor sign-in unless this is false (an admin who has not set it up yet). */
    twoFactor?: boolean;
  } = {},
): Promise<TestUser> {
  const client = t.client();
  const email = options.email ?? uniqueEmail(options.role ?? 'user');
  const password = options.password ?? TEST_PASSWORD;
  const signUpRole: PublicRole = options.role && options.role !== 'admin' ? options.role : 'family';
  const res = await signUp(client, {
    email,
    password,
    role: signUpRole,
    ...(options.firstName ? { firstName: options.firstName } : {}),
    ...(options.lastName ? { lastName: options.lastName } : {}),
  });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const id = ((await res.json()) as { user: { id: string } }).user.id;
  const verified = await verifyEmail(t, client, email);
  if (verified.status !== 302) throw new Error(`verification answered ${verified.status}: ${await verified.text()}`);
  if (options.role === 'admin') {
    await t.database.db.update(user).set({ role: 'admin' }).where(eq(user.id, id));
    await t.database.db.update(profiles).set({ role: 'admin' }).where(eq(profiles.id, id));
    // The admin area needs two-factor sign-in (issue 22): every test admin has it, set up the real way.
    if (options.twoFactor !== false)
      return { client, id, email, password, ...(await enableTwoFactor(client, password)) };
  }
  return { client, id, email, password };
}

/**
 * Signs in on a fresh client (another browser) and returns it; with `totpSecret`, answers the
 * second step with a code as the person's authenticator app would. The server takes each code
 * once (issue 22): when this secret's codes of the moment are used up, one of `backupCodes` is
 * used if given (as a person in a hurry would), else it waits for the app's next code.
 */
export async function signInElsewhere(
  t: TestApp,
  email: string,
  password: string,
  totpSecret?: string,
  backupCodes?: string[],
): Promise<TestClient> {
  const client = t.client();
  const res = await client.post('/api/auth/sign-in/email', { email, password });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { twoFactorRedirect?: boolean };
  if (body.twoFactorRedirect) {
    if (!totpSecret) throw new Error('sign-in asks for a second factor and the test has no TOTP secret');
    const totp = await unusedTotpCodeNow(totpSecret);
    const backup = totp ? undefined : unusedBackupCode(backupCodes);
    const second = backup
      ? await client.post('/api/auth/two-factor/verify-backup-code', { code: backup })
      : await client.post('/api/auth/two-factor/verify-totp', { code: totp ?? (await unusedTotpCode(totpSecret)) });
    if (second.status !== 200) throw new Error(`second step answered ${second.status}: ${await second.text()}`);
  }
  return client;
}
