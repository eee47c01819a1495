import type { APIRequestContext, Page } from '@playwright/test';
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

/** A confirmed account made through the API (for journeys that start after sign-up). */
export async function createConfirmedUser(
  request: APIRequestContext,
  label: string,
  options: { role?: 'family' | 'professional' | 'community'; email?: string; firstName?: string } = {},
) {
  const email = options.email ?? uniqueEmail(label);
  const firstName = options.firstName ?? 'Test';
  const response = await request.post('/api/auth/sign-up/email', {
    // The request context may already hold a session cookie (an earlier helper call), and Better
    // Auth refuses a cookie-carrying post without the app's Origin, as a browser would send it.
    headers: { origin: APP_URL },
    data: {
      firstName,
      lastName: label,
      name: `${firstName} ${label}`,
      email,
      password: GOOD_PASSWORD,
      role: options.role ?? 'family',
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const confirm = await request.get(await mailLink(request, email, CONFIRM_SUBJECT), { maxRedirects: 0 });
  expect(confirm.status()).toBe(302);
  return { email, password: GOOD_PASSWORD };
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
} as const;

/**
 * A confirmed admin account for `slot`, made through sign-up and the e-mailed link. When the
 * server was reused from an earlier local run the account already exists and is used as it is.
 */
export async function createConfirmedAdmin(request: APIRequestContext, slot: keyof typeof E2E_ADMIN_EMAILS) {
  const email = E2E_ADMIN_EMAILS[slot];
  const signIn = await request.post('/api/auth/sign-in/email', {
    headers: { origin: APP_URL },
    data: { email, password: GOOD_PASSWORD },
  });
  if (signIn.ok()) return { email, password: GOOD_PASSWORD };
  return createConfirmedUser(request, 'Admin', { email, firstName: 'Ada' });
}
