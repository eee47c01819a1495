import { expect, expectNoAxeViolations, test } from '../fixtures';
import { APP_URL, createConfirmedUser, logIn, mailLink, RESET_SUBJECT, uniqueEmail } from './accounts';

test.use({ baseURL: APP_URL });

const NEW_PASSWORD = 'papaya-rain-2027';

test.describe('resetting a forgotten password', () => {
  // The old password is refused once on purpose (401).
  test.use({ allowConsoleErrors: /status of 401/ });

  test('request, e-mail, every rule of the new password, sign in with it; the used link is refused', async ({
    page,
    request,
  }) => {
    // One long journey (two accounts requests hash passwords, five axe checks): triple time.
    test.slow();
    const user = await createConfirmedUser(request, 'reset');

    await page.goto('/auth/reset-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
    await expectNoAxeViolations(page, '/auth/reset-password');
    await page.getByRole('button', { name: 'Send Password Reset Link' }).click();
    await expect(page.getByText('Please enter your email address.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
    await page.getByRole('button', { name: 'Send Password Reset Link' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeFocused();
    await expect(page.getByText("We've sent password reset instructions")).toBeVisible();
    await expect(page.getByText('Reset link sent')).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();
    await expect(page.getByText(/expires in 24 hours/)).toBeVisible();
    await expect(page.getByText("If the link shows 'Invalid Reset Link'")).toBeVisible();
    await expectNoAxeViolations(page, 'check your email');
    await page.getByRole('button', { name: 'Use a different email address' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(user.email);

    const link = await mailLink(request, user.email, RESET_SUBJECT);
    expect(new URL(link).pathname).toBe('/auth/reset-password/confirm');
    expect(new URL(link).searchParams.get('type')).toBe('recovery');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Set New Password' })).toBeVisible();
    await expect(page.getByLabel('New Password')).toBeFocused();
    await expectNoAxeViolations(page, 'set new password');

    const newPassword = page.getByLabel('New Password');
    const confirm = page.getByLabel('Confirm Password');
    const update = page.getByRole('button', { name: 'Update Password' });
    const alert = page.getByRole('main').getByRole('alert');

    await update.click();
    await expect(alert.filter({ hasText: 'Password is too weak' })).toContainText('Please use at least 8 characters');
    await newPassword.fill('short');
    await confirm.fill('short');
    await update.click();
    await expect(alert.filter({ hasText: 'Password is too weak' })).toBeVisible();
    await newPassword.fill('football');
    await confirm.fill('football');
    await update.click();
    await expect(alert.filter({ hasText: 'This password is too common.' })).toBeVisible();
    await newPassword.fill(NEW_PASSWORD);
    await confirm.fill(`${NEW_PASSWORD}-typo`);
    await update.click();
    await expect(alert.filter({ hasText: "Passwords don't match" })).toBeVisible();
    await expect(confirm).toBeFocused();
    await expectNoAxeViolations(page, 'set new password with an error');

    await confirm.fill(NEW_PASSWORD);
    await update.click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(
      page.getByText('Password has been reset successfully. You can now log in with your new password.'),
    ).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('passwordResetAttempts'))).toBeNull();

    await logIn(page, user.email, user.password);
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    // Not registered yet: the post-login redirect opens the family registration form.
    await expect(page).toHaveURL(/\/registration\/family$/);
    await expect(page.getByRole('link', { name: 'Family Dashboard' })).toBeVisible();
    // Right after a reset the page already said so: no 'logged in' toast.
    await expect(page.getByText('You have successfully logged in!')).toHaveCount(0);

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeVisible();
    await expect(
      page.getByText('Invalid or expired reset link. Please request a new password reset link.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Request New Reset Link' }).click();
    await expect(page).toHaveURL(/\/auth\/reset-password$/);
  });
});

test.describe('a reset link that cannot work', () => {
  test('without a token, without an address, or with an unknown token: Invalid Reset Link', async ({ page }) => {
    await page.goto('/auth/reset-password/confirm');
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeVisible();
    await expect(
      page.getByText('Invalid or expired reset link. Please request a new password reset link.'),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'confirm without token');

    await page.goto('/auth/reset-password/confirm?token=abc123&type=recovery');
    await expect(page.getByText('Invalid recovery link. The link must include an email parameter.')).toBeVisible();

    await page.goto(`/auth/reset-password/confirm?token=abc123&type=recovery&email=${uniqueEmail('x')}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeFocused();
    await expect(
      page.getByText('Invalid or expired reset link. Please request a new password reset link.'),
    ).toBeVisible();
  });

  test('a server that does not answer within 10 seconds: Connection timeout', async ({ page }) => {
    await page.clock.install();
    await page.route('**/api/auth-extra/reset-token/validate**', () => undefined);
    await page.goto(`/auth/reset-password/confirm?token=abc123&type=recovery&email=${uniqueEmail('slow')}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Validating reset link...' })).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(page.getByText('Connection timeout. Please try again or request a new reset link.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeVisible();
  });
});

test.describe('failed password updates', () => {
  test.use({ allowConsoleErrors: /status of 400/ });

  test('count per browser session: the third failure sends the user to request a new link', async ({ page }) => {
    const email = uniqueEmail('attempts');
    await page.route('**/api/auth-extra/reset-token/validate**', (route) => route.fulfill({ json: { valid: true } }));
    await page.route('**/api/auth/reset-password', (route) =>
      route.fulfill({ status: 400, json: { code: 'INVALID_TOKEN', message: 'Invalid token' } }),
    );
    const confirmPage = `/auth/reset-password/confirm?token=abc123&type=recovery&email=${encodeURIComponent(email)}`;
    await page.goto(confirmPage);
    const fill = async () => {
      await page.getByLabel('New Password').fill(NEW_PASSWORD);
      await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Update Password' }).click();
    };
    await fill();
    await expect(page.getByText('Failed to update password.')).toBeVisible();
    await expect(page.getByText('Invalid token')).toBeVisible();
    await fill();
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('passwordResetAttempts'))).toBe('2');
    await fill();
    await expect(page.getByText('Too many failed attempts')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/reset-password$/);

    // At the limit the form refuses before asking the server again.
    await page.goto(confirmPage);
    await fill();
    await expect(page.getByText('Too many attempts', { exact: true })).toBeVisible();
    await expect(page.getByText('Please request a new password reset link').first()).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/reset-password$/);
  });
});
