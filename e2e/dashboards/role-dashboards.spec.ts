import { Buffer } from 'node:buffer';
import type { Page } from '@playwright/test';
import {
  APP_URL,
  createConfirmedAdmin,
  createConfirmedUser,
  logIn,
  sidewaysOverflow,
  signInAs,
} from '../auth/accounts';
import { expect, expectNoAxeViolations, test } from '../fixtures';

// Signing in only works on the app's public origin (Better Auth's CSRF check).
test.use({ baseURL: APP_URL });

/** A real 1 × 1 PNG (the server checks photos by content). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const ROLES = [
  { role: 'family', title: 'Family Dashboard', welcome: 'Welcome, families', label: /Family Member/ },
  {
    role: 'professional',
    title: 'Professional Dashboard',
    welcome: 'Welcome, care professionals',
    label: /Care Professional/,
  },
  { role: 'community', title: 'Community Dashboard', welcome: 'Welcome, community members', label: /Community Member/ },
] as const;

/** Signs in through /auth and waits until the post-login redirect has taken the user on. */
async function signInThroughScreens(page: Page, user: { email: string; password: string }) {
  await page.goto('/auth');
  await logIn(page, user.email, user.password);
  await page.waitForURL((url) => url.pathname !== '/auth');
}

/** The journeys that are not about the post-login redirect start signed in (issue 34). */
async function signIn(page: Page, user: { email: string }) {
  await signInAs(page, user.email);
}

function progress(page: Page) {
  return page.getByRole('progressbar', { name: 'Your progress' });
}

function step(page: Page, id: string) {
  return page.locator(`[data-step="${id}"]`);
}

for (const { role, title, welcome, label } of ROLES) {
  test(`${role}, signed out: a welcome in the role's words, and sign-in or sign-up for this role`, async ({ page }) => {
    await page.goto(`/dashboard/${role}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(welcome)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What you can do here today' })).toBeVisible();
    await expect(page.getByText(/not built yet/i)).toHaveCount(0);
    await expectNoAxeViolations(page, `${role} dashboard signed out`);

    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(`/auth?tab=signup&role=${role}`);
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    // The role is stated plainly, with a way to change it (issue 14).
    await expect(page.getByText(new RegExp(`You are signing up as a ${label.source}`))).toBeVisible();
    await page.getByRole('button', { name: 'Change role' }).click();
    await expect(page.getByRole('radio', { name: label })).toBeChecked();

    await page.goBack();
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/auth');
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  });
}

test('signed out: the chat button opens the registration chat on the page’s role', async ({ page }) => {
  await page.goto('/dashboard/professional');
  await page.getByRole('button', { name: 'Chat with us about joining' }).click();
  const chat = page.getByRole('dialog', { name: 'Tavara Chat' });
  // The chat starts on the professional's questions; its quick-form link is the professional form.
  await expect(chat.getByRole('link', { name: "I'd rather fill out a quick form →" })).toHaveAttribute(
    'href',
    '/registration/professional-fix',
  );
});

test('family, signed in: summary, votes, and a checklist that follows the photo and the saved form', async ({
  page,
  request,
}) => {
  // Sign-up by e-mail, a photo, the registration form and two axe checks.
  test.slow();
  const user = await createConfirmedUser(request, 'dashfam', { role: 'family', firstName: 'Keisha' });
  await signInThroughScreens(page, user);
  // A new account's profile is not complete: the post-login rules send it to its form first.
  await expect(page).toHaveURL('/registration/family');

  await page.goto('/dashboard/family');
  await expect(page.getByRole('heading', { level: 1, name: 'Family Dashboard' })).toBeVisible();
  await expect(page.getByText('Welcome back, Keisha dashfam.')).toBeVisible();
  const profile = page.getByRole('region', { name: 'Your profile' });
  await expect(profile.getByText(user.email)).toBeVisible();
  await expect(profile.getByText('Family Member')).toBeVisible();
  await expect(profile.getByText('Not given yet')).toHaveCount(2);
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '0');
  // Registration, chat, photo and (issue 16) a first care plan.
  await expect(progress(page)).toHaveAttribute('aria-valuemax', '4');
  await expect(step(page, 'photo')).toContainText('To do');
  await expect(step(page, 'care-plan').getByRole('link', { name: 'Create a care plan' })).toHaveAttribute(
    'href',
    '/family/care-management/create',
  );
  const care = page.getByRole('region', { name: 'Care management' });
  await expect(care.getByText('Open shifts this week')).toBeVisible();
  await expect(care.getByText('none planned')).toBeVisible();
  const votes = page.getByRole('region', { name: 'Your feature votes' });
  await expect(votes.getByRole('link', { name: 'See the features and vote' })).toHaveAttribute('href', '/features');
  // The role's pages, each a link (issue 31: no "Not built yet" cards).
  const yourPages = page.getByRole('region', { name: 'Your pages' });
  await expect(yourPages.getByRole('link', { name: 'Family story' })).toHaveAttribute('href', '/family/story');
  await expect(page.getByText(/not built yet/i)).toHaveCount(0);
  await expectNoAxeViolations(page, 'family dashboard signed in, nothing done');

  // The photo step leads to the form, where the photo is added.
  await step(page, 'photo').getByRole('link', { name: 'Add a photo' }).click();
  await expect(page).toHaveURL('/registration/family');
  await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Your photo has been uploaded.')).toBeVisible();
  await page.goto('/dashboard/family');
  await expect(step(page, 'photo')).toContainText('Done');
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '1');
  await expect(profile.getByRole('img', { name: 'Your profile photo' })).toBeVisible();

  // Saving the registration form completes the profile step and fills in the summary.
  await step(page, 'profile').getByRole('link', { name: 'Fill in the form' }).click();
  await page.getByRole('textbox', { name: 'Phone number' }).fill('+1 868 555 1234');
  await page.getByRole('textbox', { name: 'Where care is needed' }).fill('Arima');
  await page.getByRole('textbox', { name: 'Name of the person receiving care' }).fill('Joyce Ramdass');
  await page.getByRole('radio', { name: 'Parent', exact: true }).check();
  await page.getByRole('button', { name: 'Complete Registration' }).click();
  await expect(page).toHaveURL('/dashboard/family');
  await expect(step(page, 'profile')).toContainText('Done');
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '2');
  await expect(profile.getByText('+1 868 555 1234')).toBeVisible();
  await expect(profile.getByText('Arima')).toBeVisible();
  await expect(step(page, 'chat').getByRole('button', { name: 'Start the chat' })).toBeVisible();

  // A vote on the features page shows on the dashboard.
  await votes.getByRole('link', { name: 'See the features and vote' }).click();
  await page.locator('[data-feature-id="activity-care-logs"]').getByRole('button').click();
  await expect(page.getByText('Your vote has been recorded!')).toBeVisible();
  await page.goto('/dashboard/family');
  await expect(votes.getByRole('link', { name: 'Activity & Care Logs' })).toHaveAttribute(
    'href',
    '/features#activity-care-logs',
  );
  await expectNoAxeViolations(page, 'family dashboard signed in, two steps done');
});

test('a professional opening the family dashboard lands on their own, and Back skips the family one', async ({
  page,
  request,
}) => {
  const user = await createConfirmedUser(request, 'dashpro', { role: 'professional' });
  await signIn(page, user);
  await page.goto('/features');
  await page.goto('/dashboard/family');
  await expect(page).toHaveURL('/dashboard/professional');
  await expect(page.getByRole('heading', { level: 1, name: 'Professional Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your profile' }).getByText('Care Professional')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL('/features');
});

test('an admin opening a public role dashboard goes to the admin dashboard', async ({ page, request }) => {
  const admin = await createConfirmedAdmin(request, 'dashboards');
  await signIn(page, admin);
  await page.goto('/dashboard/community');
  await expect(page).toHaveURL('/dashboard/admin');
});

test.describe('when the server cannot answer', () => {
  test.use({ allowConsoleErrors: /status of 503/ });

  test('the dashboard says it could not load, and loads on Try again', async ({ page, request }) => {
    const user = await createConfirmedUser(request, 'dashfail', { role: 'community' });
    await signIn(page, user);
    let failing = true;
    await page.route('**/api/dashboard/me', (route) =>
      failing
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'unavailable', message: 'The service is busy. Please try again.' } }),
          })
        : route.continue(),
    );
    await page.goto('/dashboard/community');
    const alert = page.getByRole('alert').filter({ hasText: 'Your dashboard could not load' });
    await expect(alert).toContainText('The service is busy. Please try again.');
    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(progress(page)).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Your dashboard could not load' })).toHaveCount(0);
  });
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('signed out and signed in, the dashboard fits the screen', async ({ page, request }) => {
    await page.goto('/dashboard/community');
    await expect(page.getByRole('heading', { level: 1, name: 'Community Dashboard' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, '360 community dashboard signed out');

    const user = await createConfirmedUser(request, 'dashphone', { role: 'community' });
    await signIn(page, user);
    await page.goto('/dashboard/community');
    await expect(progress(page)).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, '360 community dashboard signed in');
  });
});
