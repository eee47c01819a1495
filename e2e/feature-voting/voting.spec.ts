import type { Page } from '@playwright/test';
import { APP_URL, createConfirmedUser, logIn } from '../auth/accounts';
import { expect, expectNoAxeViolations, test } from '../fixtures';

// Signing in only works on the app's public origin (Better Auth's CSRF check).
test.use({ baseURL: APP_URL });

function featureCard(page: Page, id: string) {
  return page.locator(`[data-feature-id="${id}"]`);
}

async function voteCount(page: Page, id: string): Promise<number> {
  return Number(await featureCard(page, id).locator('[data-vote-count]').textContent());
}

test('signed out: a vote asks for sign-in, is recorded after it, and can be withdrawn', async ({ page, request }) => {
  const user = await createConfirmedUser(request, 'voter');
  await page.goto('/features');
  await expect(page.getByRole('heading', { level: 2, name: 'Care coordination' })).toBeVisible();
  await expectNoAxeViolations(page, 'features page signed out');
  const before = await voteCount(page, 'care-team-chat');

  await featureCard(page, 'care-team-chat').getByRole('button').click();
  await expect(page).toHaveURL('/auth');
  await expect(page.getByText('Please sign in to upvote "Care Team Chat"')).toBeVisible();

  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL('/features');
  await expect(page.getByText('Your vote has been recorded!')).toBeVisible();
  const button = featureCard(page, 'care-team-chat').getByRole('button', { name: /votes? for Care Team Chat/ });
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(featureCard(page, 'care-team-chat').locator('[data-vote-count]')).toHaveText(String(before + 1));
  expect(await page.evaluate(() => localStorage.getItem('pendingFeatureId'))).toBeNull();

  await button.click();
  await expect(page.getByText('Your vote has been withdrawn.')).toBeVisible();
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(featureCard(page, 'care-team-chat').locator('[data-vote-count]')).toHaveText(String(before));
  await expectNoAxeViolations(page, 'features page signed in');
});

test('a pending vote for a feature already voted for says so and adds nothing', async ({ browser, request }) => {
  // Two browsers and two sign-ins: more than the default 30 s on a loaded 2-core machine.
  test.slow();
  const user = await createConfirmedUser(request, 'twice');
  const first = await browser.newContext({ baseURL: APP_URL });
  const page1 = await first.newPage();
  await page1.goto('/auth');
  await logIn(page1, user.email, user.password);
  await page1.waitForURL((url) => url.pathname !== '/auth');
  await page1.goto('/features');
  await featureCard(page1, 'view-events').getByRole('button').click();
  await expect(page1.getByText('Your vote has been recorded!')).toBeVisible();
  const count = await voteCount(page1, 'view-events');
  await first.close();

  // Another browser, signed out, asks for the same vote and signs in.
  const second = await browser.newContext({ baseURL: APP_URL });
  const page2 = await second.newPage();
  await page2.goto('/features');
  await featureCard(page2, 'view-events').getByRole('button').click();
  await expect(page2).toHaveURL('/auth');
  await logIn(page2, user.email, user.password);
  await expect(page2).toHaveURL('/features');
  await expect(page2.getByText('You have already voted for this feature')).toBeVisible();
  await expect(featureCard(page2, 'view-events').locator('[data-vote-count]')).toHaveText(String(count));
  await second.close();
});

test('features are grouped by category with a status badge; the overviews link to each vote', async ({ page }) => {
  await page.goto('/features');
  const care = page.getByRole('region', { name: 'Care coordination' });
  await expect(featureCard(page, 'care-team-chat').getByText('In development')).toBeVisible();
  await expect(care.locator('[data-feature-id]')).toHaveCount(5);

  await page.goto('/community/features-overview');
  await expect(page.getByRole('heading', { level: 1, name: 'Community features' })).toBeVisible();
  const link = page.getByRole('link', { name: /Vote for it\s*:\s*Find Care Circles/ });
  await expect(link).toHaveAttribute('href', '/features#find-care-circles');
  await expectNoAxeViolations(page, 'community overview');
  await link.click();
  await expect(featureCard(page, 'find-care-circles')).toBeInViewport();
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the content pages fit the screen and stay accessible', async ({ page }) => {
    for (const path of [
      '/features',
      '/faq',
      '/about',
      '/family/features-overview',
      '/professional/features-overview',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status', { name: 'Loading features' })).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, path);
    }
  });
});
