import type { APIRequestContext, Page } from '@playwright/test';
import {
  APP_URL,
  createConfirmedAdmin,
  createConfirmedUser,
  GOOD_PASSWORD,
  logIn,
  logInAsAdmin,
  sidewaysOverflow,
  signInAs,
  uniqueEmail,
} from '../auth/accounts';
import { expect, expectNoAxeViolations, test } from '../fixtures';

// Sign-in cookies are set for the app's public origin.
test.use({ baseURL: APP_URL });
// Every test here signs in as the one adminArea account; createConfirmedAdmin makes it and its
// two-factor set-up once, under a lock, so the tests run side by side (issue 34).

/**
 * Signs the page in as the adminArea admin and opens the admin dashboard: through /auth and the
 * second step (where the post-login redirect takes an admin) when `throughScreens`, else starting
 * signed in (the other journeys here are about the admin area, not signing in).
 */
async function signInAsAdmin(page: Page, request: APIRequestContext, { throughScreens = false } = {}) {
  const admin = await createConfirmedAdmin(request, 'adminArea');
  if (throughScreens) {
    await page.goto('/auth');
    await logInAsAdmin(page, admin);
  } else {
    await signInAs(page, admin.email);
    await page.goto('/dashboard/admin');
  }
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  return admin;
}

/** The users table row (wide screens) of `email`. */
const userRow = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

test('admin: finds a user, changes their role, deletes another; the audit log shows both', async ({
  page,
  request,
}) => {
  const label = `Find${Date.now().toString(36)}`;
  const mover = await createConfirmedUser(request, label, { email: uniqueEmail('mover') });
  const leaver = await createConfirmedUser(request, label, { email: uniqueEmail('leaver'), role: 'community' });
  await signInAsAdmin(page, request, { throughScreens: true });

  await page.getByRole('searchbox', { name: 'Search by e-mail or name' }).fill(label);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(`2 users matching “${label}”`)).toBeVisible();
  await expect(userRow(page, mover.email)).toContainText('Family Member');
  await expect(userRow(page, mover.email)).toContainText('Verified');

  // Role filter narrows the same search.
  await page.getByRole('combobox', { name: 'Role' }).selectOption('community');
  await expect(page.getByText(`1 user matching “${label}” with the role Community Member`)).toBeVisible();
  await expect(userRow(page, leaver.email)).toBeVisible();
  await page.getByRole('combobox', { name: 'Role' }).selectOption('');

  await page.getByRole('button', { name: `Change role of ${mover.email}` }).click();
  const roleDialog = page.getByRole('dialog', { name: /Change the role of/ });
  await roleDialog.getByRole('radio', { name: 'Care Professional' }).check();
  await roleDialog.getByRole('button', { name: 'Change role' }).click();
  await expect(roleDialog).toBeHidden();
  await expect(page.getByText(/is now a professional user/)).toBeVisible();
  await expect(userRow(page, mover.email)).toContainText('Care Professional');

  await page.getByRole('button', { name: `Delete ${leaver.email}` }).click();
  const confirm = page.getByRole('alertdialog', { name: /Delete the account of/ });
  await expect(confirm).toContainText('It cannot be undone.');
  await expectNoAxeViolations(page, 'delete confirmation');
  await confirm.getByRole('button', { name: 'Delete account' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(/has been deleted/)).toBeVisible();
  await expect(userRow(page, leaver.email)).toHaveCount(0);
  await expect(page.getByText(`1 user matching “${label}”`)).toBeVisible();

  const audit = page.getByRole('region', { name: 'Audit log' });
  await expect(
    audit.getByText(`changed the role of ${mover.email} from Family Member to Care Professional`),
  ).toBeVisible();
  await expect(
    audit.getByText(`deleted the account ${leaver.email.charAt(0)}***@example.tt (Community Member)`),
  ).toBeVisible();

  // The deleted person can no longer sign in.
  const signIn = await request.post('/api/auth/sign-in/email', {
    headers: { origin: APP_URL },
    data: { email: leaver.email, password: GOOD_PASSWORD },
  });
  expect(signIn.status(), await signIn.text()).toBe(401);
  await expectNoAxeViolations(page, 'users tab');
});

test('admin: the support inbox shows a request with its screenshot and chat, and marks it resolved', async ({
  page,
  request,
}) => {
  const name = `Sharlene ${Date.now().toString(36)}`;
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const sent = await request.post('/api/support/requests', {
    multipart: {
      name,
      email: uniqueEmail('support'),
      message: 'The registration form did not keep my answers when the network dropped.',
      chatData: JSON.stringify({
        role: 'family',
        sessionId: 'e2e-support-session',
        transcript: [
          { content: 'What is your first name?', isUser: false, timestamp: Date.now() - 2000 },
          { content: 'Sharlene', isUser: true, timestamp: Date.now() - 1000 },
        ],
      }),
      screenshot: { name: 'screen.png', mimeType: 'image/png', buffer: png },
    },
  });
  expect(sent.status()).toBe(201);

  await signInAsAdmin(page, request);
  await page.getByRole('tab', { name: 'Support requests' }).click();
  await expect(page).toHaveURL(/tab=support/);
  await page.getByRole('button', { name: new RegExp(`^${name} ?, New: open the request$`) }).click();
  const dialog = page.getByRole('dialog', { name: /Support request #/ });
  await expect(dialog.getByText('did not keep my answers')).toBeVisible();
  await expect(dialog.getByRole('img', { name: `Screenshot sent by ${name}` })).toBeVisible();
  await expect(dialog.getByText('Family Member · session e2e-support-session')).toBeVisible();
  await expect(dialog.getByText('Sharlene', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'support request dialog');
  await dialog.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(dialog.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: /^Resolved/ }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^${name} ?, Resolved: open the request$`) })).toBeVisible();

  await page.getByRole('tab', { name: 'Feature votes' }).click();
  await expect(page.getByRole('table', { name: 'Every feature, its status and its votes' })).toBeVisible();
  await expectNoAxeViolations(page, 'feature votes tab');
});

test('admin dashboard at 360 px: no sideways scrolling, users as cards', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signInAsAdmin(page, request);
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
  await expect(page.getByRole('listitem').getByText('This is you')).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  await expectNoAxeViolations(page, '360 px users');
  await page.getByRole('tab', { name: 'Feature votes' }).click();
  await expect(page.getByRole('table', { name: 'Every feature, its status and its votes' })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
});

test('the admin dashboard: signed out it asks to sign in; another role is sent to its own dashboard', async ({
  page,
  request,
}) => {
  await page.goto('/dashboard/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Sign in with an admin account to continue.')).toBeVisible();
  await expectNoAxeViolations(page, 'signed out');
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  const family = await createConfirmedUser(request, 'NotAdmin');
  await logIn(page, family.email, family.password);
  await expect(page).not.toHaveURL(/\/auth$/);
  await page.goto('/dashboard/admin');
  await expect(page).toHaveURL(/\/(dashboard\/family|registration\/family)$/);
  const status = await page.request.get('/api/admin/users');
  expect(status.status()).toBe(403);
});

test('admin: pages through a search, and a page emptied by a deletion falls back to the last one', async ({
  page,
  request,
}) => {
  const label = `Page${Date.now().toString(36)}`;
  // 21 sign-ups (unconfirmed accounts are listed too): one more than a page.
  await Promise.all(
    Array.from({ length: 21 }, async (_, i) => {
      const response = await request.post('/api/auth/sign-up/email', {
        headers: { origin: APP_URL },
        data: {
          firstName: 'Pat',
          lastName: `${label} ${i}`,
          email: uniqueEmail(`${label.toLowerCase()}-${i}`),
          password: GOOD_PASSWORD,
          role: 'family',
        },
      });
      expect(response.ok(), await response.text()).toBe(true);
    }),
  );
  await signInAsAdmin(page, request);
  await page.getByRole('searchbox', { name: 'Search by e-mail or name' }).fill(label);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(`21 users matching “${label}”`)).toBeVisible();
  const pages = page.getByRole('navigation', { name: 'Users pages' });
  await expect(pages.getByText('Page 1 of 2')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: label })).toHaveCount(20);
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages.getByText('Page 2 of 2')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: label })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: label })).toContainText('Not verified');

  await page.getByRole('button', { name: /^Delete / }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete account' }).click();
  await expect(page.getByText(`20 users matching “${label}”`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: label })).toHaveCount(20);
  await expect(pages).toHaveCount(0);
});
