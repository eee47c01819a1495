import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  answerTwoFactor,
  APP_URL,
  createConfirmedAdmin,
  createConfirmedUser,
  GOOD_PASSWORD,
  logIn,
  secondFactor,
  sidewaysOverflow,
  unusedTotpCode,
} from '../auth/accounts';
import { expect, expectNoAxeViolations, test } from '../fixtures';

// Sign-in cookies are set for the app's public origin.
test.use({ baseURL: APP_URL, viewport: { width: 360, height: 740 }, hasTouch: true });

/** Fills the password prompt the account page opens for sensitive actions and confirms it. */
async function enterPassword(page: Page, confirm: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Your password').fill(GOOD_PASSWORD);
  await dialog.getByRole('button', { name: confirm }).click();
  await expect(dialog).toBeHidden();
}

test.describe('the account page', () => {
  // The export asks for the password first (403 until it is entered): expected, not a fault.
  test.use({ allowConsoleErrors: /status of 403/ });

  test('at 360 px: two-factor set-up, sign-in with a code, devices, export and deletion', async ({ page, request }) => {
    test.slow();
    const person = await createConfirmedUser(request, 'Account', { firstName: 'Marisa' });
    // The confirmation link signed the API client in; this journey's second device comes later.
    const signedOut = await request.post('/api/auth/sign-out', { headers: { origin: APP_URL }, data: {} });
    expect(signedOut.ok()).toBe(true);

    await page.goto('/auth');
    await logIn(page, person.email, person.password);
    await page.waitForURL((url) => url.pathname !== '/auth');

    // The account page from the signed-in navigation.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    await expect(page.getByText(person.email).first()).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, '/account');

    // Two-factor: the password, then the key read from the page into "the app" (the test).
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expectNoAxeViolations(page, '/account password prompt');
    await enterPassword(page, 'Continue');
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expectNoAxeViolations(page, '/account two-factor set-up');
    await page.getByRole('textbox', { name: 'Code from the app' }).fill(await unusedTotpCode(secret));
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(page.getByText('Save your backup codes now')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);
    const backupCodes = await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allInnerTexts();
    // At 360 px each code is on one line, never broken mid-code (issue 31, item 8).
    const codeLines = await page
      .getByRole('list', { name: 'Backup codes' })
      .getByRole('listitem')
      .evaluateAll((items) =>
        items.map((item) => {
          const range = document.createRange();
          range.selectNodeContents(item);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        }),
      );
    expect(codeLines).toEqual(Array.from({ length: 10 }, () => 1));
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByText('Two-factor sign-in is on', { exact: true })).toBeVisible();

    // Sign out; signing in now asks for the code.
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expect(page).toHaveURL('/');
    await page.goto('/auth');
    await logIn(page, person.email, person.password);
    await expectNoAxeViolations(page, '/auth second step');
    await answerTwoFactor(page, secret);
    await page.waitForURL((url) => url.pathname !== '/auth');

    // A second device: the API client signs in with its own code.
    const signIn = await request.post('/api/auth/sign-in/email', {
      headers: { origin: APP_URL },
      data: { email: person.email, password: person.password },
    });
    expect(((await signIn.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);
    // Each code works once (issue 22): the app's next one, or a saved backup code if it is not there yet.
    const { kind, code } = await secondFactor(secret, backupCodes);
    const second = await request.post(
      `/api/auth/two-factor/${kind === 'totp' ? 'verify-totp' : 'verify-backup-code'}`,
      {
        headers: { origin: APP_URL },
        data: { code },
      },
    );
    expect(second.ok()).toBe(true);

    await page.goto('/account#devices');
    const devices = page.getByRole('region', { name: 'Signed-in devices' });
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    await expect(devices.getByText('This device')).toBeVisible();
    await expectNoAxeViolations(page, '/account devices');
    await devices.getByRole('button', { name: /^Sign out (?!all)/ }).click();
    await expect(devices.getByRole('listitem')).toHaveCount(1);
    await expect(devices.getByText('No other device is signed in.')).toBeVisible();
    expect((await request.get('/api/account/security')).status()).toBe(401);

    // The export: the password again, then a JSON download of everything about the person.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    await expect(page.getByRole('heading', { name: 'Enter your password again' })).toBeVisible();
    await enterPassword(page, 'Continue');
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^tavara-account-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      account: { email: string; twoFactorEnabled: boolean; firstName: string };
    };
    expect(exported.account).toMatchObject({
      email: person.email.toLowerCase(),
      twoFactorEnabled: true,
      firstName: 'Marisa',
    });

    // Deleting the account: what happens is stated, the password confirms it.
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByRole('heading', { name: 'Delete your account?' })).toBeVisible();
    await expectNoAxeViolations(page, '/account delete dialog');
    await enterPassword(page, 'Delete my account');
    await expect(page).toHaveURL('/');
    await expect(page.getByText('Your account was deleted.')).toBeVisible();
    const again = await request.post('/api/auth/sign-in/email', {
      headers: { origin: APP_URL },
      data: { email: person.email, password: person.password },
    });
    expect(again.status()).toBe(401);
  });
});

test('an admin without two-factor sign-in is sent to set it up before the admin area opens', async ({
  page,
  request,
}) => {
  test.slow();
  const admin = await createConfirmedAdmin(request, 'account', { twoFactor: false });
  await page.goto('/auth');
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/account#two-factor$/);
  await expect(page.getByText('Set up two-factor sign-in to open the admin area')).toBeVisible();
  await expect(page.getByText('The admin area opens once two-factor sign-in is on.')).toBeVisible();
  await expectNoAxeViolations(page, '/account for an admin without two-factor');

  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await enterPassword(page, 'Continue');
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  await page.getByRole('textbox', { name: 'Code from the app' }).fill(await unusedTotpCode(secret));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await page.getByRole('button', { name: 'I have saved them' }).click();

  await page.goto('/dashboard/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
});
