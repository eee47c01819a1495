import { expect, expectNoAxeViolations, test } from '../fixtures';
import {
  APP_URL,
  CONFIRM_SUBJECT,
  GOOD_PASSWORD,
  logIn,
  mailLink,
  sidewaysOverflow,
  signUpThroughForm,
  uniqueEmail,
} from './accounts';

test.use({ baseURL: APP_URL });

const VERIFICATION_PENDING = 'Please check your email and click the verification link to continue.';

test('family: sign up, confirm by e-mail, arrive signed in on the registration form, sign out', async ({ page }) => {
  // One long journey through sign-up, the mailbox, the dashboard and sign-out: triple time.
  test.slow();
  const email = uniqueEmail('family');
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Login', selected: true })).toBeVisible();
  await expect(page.getByText(`© ${new Date().getFullYear()} Tavara`).first()).toBeVisible();
  await expectNoAxeViolations(page, '/auth login tab');

  await signUpThroughForm(page, { firstName: 'Asha', lastName: 'Ramdial', email });
  const started = page.getByRole('heading', { name: 'Registration Started!' });
  await expect(started).toBeFocused();
  await expect(page.getByText("You'll be redirected to complete your family profile.")).toBeVisible();
  await expect(page.getByText(/also check your spam/)).toBeVisible();
  await expectNoAxeViolations(page, 'registration started');
  expect(
    await page.evaluate(() => [localStorage.getItem('registeringAs'), localStorage.getItem('registrationRole')]),
  ).toEqual(['family', 'family']);
  await page.getByRole('button', { name: 'Go to Login' }).click();
  await expect(page.getByRole('tab', { name: 'Login', selected: true })).toBeVisible();

  // The developer's view of the outbox: the confirmation mail with its link, clickable.
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Development mailbox' })).toBeVisible();
  const mail = page
    .getByRole('article')
    .filter({ hasText: email })
    .filter({ has: page.getByRole('heading', { name: CONFIRM_SUBJECT }) });
  await expectNoAxeViolations(page, '/dev/mailbox');
  await mail.getByRole('link', { name: /verify-email/ }).click();

  // 'You'll be redirected to complete your family profile': the registration form, until it is saved.
  await expect(page).toHaveURL(/\/registration\/family$/);
  // The toast first: it stays a few seconds only, and a busy machine can spend them elsewhere.
  await expect(page.getByText('You have successfully logged in!')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Family Dashboard' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'User Journey' })).toHaveCount(0);

  await nav.getByRole('button', { name: 'Navigation' }).click();
  await expect(page.getByRole('menuitem', { name: 'Care management' })).toBeVisible();
  await expectNoAxeViolations(page, 'signed-in navigation menu');
  await page.keyboard.press('Escape');

  // Signed in, /auth renders nothing and the post-login redirect sends the user on.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/registration\/family$/);
  await expect(page.getByRole('heading', { name: 'Welcome' })).toHaveCount(0);

  await nav.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('You have been signed out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Family Dashboard' })).toHaveCount(0);
  await page.reload();
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
});

test('the forms say what is missing, beside the fields, and keep what was typed', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(
    page.getByRole('main').getByRole('alert').filter({ hasText: 'Please enter both email and password.' }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expectNoAxeViolations(page, '/auth sign-up tab');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByRole('main').getByRole('alert').filter({ hasText: 'Please fill in all required fields.' }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'First name' })).toBeFocused();

  await page.getByRole('textbox', { name: 'First name' }).fill('Kiran');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Maharaj');
  await page.getByRole('textbox', { name: 'Email' }).fill('kiran@example.tt');
  await page.getByLabel('Password', { exact: true }).fill('short1!');
  await page.getByRole('radio', { name: /Care Professional/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByRole('main').getByRole('alert').filter({ hasText: 'Password must be at least 8 characters long.' }),
  ).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Kiran');
  await expect(page.getByRole('radio', { name: /Care Professional/ })).toBeChecked();
  await expectNoAxeViolations(page, 'sign-up with errors');

  // The Forgot password link opens the inline reset request, with a way back.
  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('kiran@example.tt');
  await page.getByRole('textbox', { name: 'Email' }).fill('');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Please enter your email address.')).toBeVisible();
  await page.getByRole('button', { name: 'Back to Login' }).click();
  await expect(page.getByRole('tab', { name: 'Login', selected: true })).toBeVisible();
});

test('the inline reset request confirms the e-mail and returns to Login', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expectNoAxeViolations(page, 'inline reset request');
  // An address without an account gets the same answer (no account enumeration).
  await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Password reset email sent. Please check your inbox.')).toBeVisible();
  await page.getByRole('button', { name: 'Return to Login' }).click();
  await expect(page.getByRole('tab', { name: 'Login', selected: true })).toBeVisible();
});

test.describe('before the e-mail is confirmed', () => {
  test.use({ allowConsoleErrors: /status of 40[13]/ });

  test('logging in says to confirm first; a wrong password says so; the form keeps its values', async ({ page }) => {
    const email = uniqueEmail('pending');
    await signUpThroughForm(page, { firstName: 'Dev', lastName: 'Singh', email, role: /Community Member/ });
    await expect(page.getByRole('heading', { name: 'Registration Started!' })).toBeVisible();
    await expect(page.getByText("You'll be redirected to complete your community profile.")).toBeVisible();

    await page.goto('/auth');
    await logIn(page, email, 'not-the-password');
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);

    // A slow sign-in shows the account overlay and the disabled Loading... in the navigation. The
    // request is held until both are seen (a fixed delay could end before a loaded machine looks).
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/auth/sign-in/email', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Loading your account... (signing in)')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    answer();
    await expect(page.getByText('Email not verified')).toBeVisible();
    await expect(page).toHaveURL(/action=verification-pending/);
    await expect(page.getByText(VERIFICATION_PENDING)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  });
});

test('a sign-in that hangs for 15 seconds says so and gives the form back', async ({ page }) => {
  await page.clock.install();
  await page.goto('/auth');
  await page.route('**/api/auth/sign-in/email', () => undefined);
  // The 15 seconds count from the request: the form checks first, with a schema it downloads
  // when first used (issue 23), and only then asks the server.
  const signInSent = page.waitForRequest('**/api/auth/sign-in/email');
  await logIn(page, uniqueEmail('hang'), GOOD_PASSWORD);
  await expect(page.getByRole('button', { name: 'Logging in...' })).toBeVisible();
  await signInSent;
  await page.clock.runFor(15_000);
  await expect(page.getByText('Operation timed out: signing in. Please try again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('?action=verification-pending opens the Login tab with the check-your-email message', async ({ page }) => {
  await page.goto('/auth?action=verification-pending');
  await expect(page.getByRole('tab', { name: 'Login', selected: true })).toBeVisible();
  await expect(page.getByText(VERIFICATION_PENDING)).toBeVisible();
  await expectNoAxeViolations(page, 'verification pending');
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('professional: sign up and confirm; the dashboard link sits behind the menu toggle', async ({
    page,
    request,
  }) => {
    // Sign-up, the confirmation link, three axe checks and two more pages: triple time.
    test.slow();
    const email = uniqueEmail('pro');
    await signUpThroughForm(page, { firstName: 'Marisa', lastName: 'Lopez', email, role: /Care Professional/ });
    await expect(page.getByRole('heading', { name: 'Registration Started!' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, '360 registration started');

    await page.goto(await mailLink(request, email, CONFIRM_SUBJECT));
    await expect(page).toHaveURL(/\/registration\/professional$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Professional Dashboard' })).toBeHidden();
    await nav.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav.getByRole('link', { name: 'Professional Dashboard' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, '360 signed in, menu open');

    for (const path of ['/auth/reset-password', '/auth/reset-password/confirm']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
    }
  });

  test('the sign-in page fits the screen', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, '360 sign up');
  });
});
