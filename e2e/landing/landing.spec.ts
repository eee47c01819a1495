import { expect, expectHydrated, expectNoAxeViolations, test } from '../fixtures';

const CARDS = [
  { title: 'Family', cta: 'Find Care Now', path: '/dashboard/family', bubble: /Let's chat about care options/ },
  {
    title: 'Professional',
    cta: 'Get Hired as a Skilled Care Professional',
    path: '/dashboard/professional',
    bubble: /Join as a caregiver/,
  },
  { title: 'Community', cta: 'Join the Village', path: '/dashboard/community', bubble: /Get involved/ },
] as const;

test.describe('landing page', () => {
  test('shows the badge, title, three role cards with six features and a chat bubble each, and the closing sections', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByText('Care Coordination Platform')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Tavara' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Who is Tavara For?' })).toBeVisible();
    for (const card of CARDS) {
      const item = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 3, name: card.title }) });
      await expect(item.getByRole('list').getByRole('listitem')).toHaveCount(6);
      await expect(item.getByRole('button', { name: card.bubble })).toBeVisible();
      await expect(item.getByRole('link', { name: card.cta })).toHaveAttribute('href', card.path);
    }
    await expect(page.getByRole('heading', { level: 2, name: 'Community Engagement' })).toBeVisible();
    const future = page.getByRole('region', { name: 'Shape Our Future Features' });
    await expect(future.getByText('Vote on the features you need most')).toBeVisible();
    await expect(future.getByText('Track progress from planned to launched')).toBeVisible();
    await expect(future.getByText('Get notified on launch')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Support' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'landing');

    await future.getByRole('link', { name: 'See and vote on features' }).click();
    await expect(page).toHaveURL('/features');
  });

  for (const card of CARDS) {
    test(`${card.title} card: '${card.cta}' opens ${card.path} and says welcome`, async ({ page }) => {
      await page.goto('/');
      // The toast comes from the page's code: wait for the prerendered page to hydrate (its
      // buttons are enabled then) — before that the link navigates without it.
      await expect(page.getByRole('button', { name: /Get Started/ })).toBeEnabled();
      await page.getByRole('link', { name: card.cta }).click();
      await expect(page).toHaveURL(card.path);
      await expect(
        page.getByText(`Welcome to the ${card.title} Dashboard! Sign in to access all features.`),
      ).toBeVisible();
    });
  }

  test('Get Started scrolls to "Who is Tavara For?" and moves focus there', async ({ page }) => {
    await page.goto('/');
    const heading = page.getByRole('heading', { level: 2, name: 'Who is Tavara For?' });
    await page.setViewportSize({ width: 1280, height: 500 });
    await expect(heading).not.toBeInViewport();
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(heading).toBeInViewport();
    await expect(page.locator('#who-is-it-for')).toBeFocused();
  });

  test("a role card's chat bubble opens the full-screen chat on that role", async ({ page }) => {
    await page.goto('/');
    const community = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3, name: 'Community' }) });
    await community.getByRole('button', { name: /Get involved/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Tavara Chat' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('log').getByText("Let's get started. What's your full name?")).toBeVisible();
  });
});

test.describe('landing page with ?debug=true', () => {
  // The AI chat endpoint may not exist on this server yet: its 404 is expected and reported.
  test.use({ allowConsoleErrors: /status of 404 \(Not Found\)/ });

  test('shows the environment panel without secrets and a tester that checks the chat', async ({ page }) => {
    await page.goto('/?debug=true');
    const panel = page.getByRole('region', { name: 'Environment information' });
    await expect(panel.getByText('development', { exact: true })).toBeVisible();
    await expect(panel.getByText(/Built-in defaults in use/)).toBeVisible();
    await expect(panel.getByText(/Yes: .*SUPPORT_EMAIL/)).toBeVisible();
    await expect(panel).not.toContainText('support@localhost');
    await panel.getByRole('button', { name: 'Test the chat function' }).click();
    await expect(panel.getByText('Connection OK')).toBeVisible();
    await expect(panel.getByText(/GET \/api\/health answered 200/)).toBeVisible();
    await expect(panel.getByText(/^AI chat: /)).toBeVisible();
    await expectNoAxeViolations(page, 'debug panel');
  });

  test('without ?debug=true there is no environment panel', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'Who is Tavara For?' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Environment information' })).toHaveCount(0);
  });
});

test.describe('landing page on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('everything fits the screen and stays accessible; a call to action still works', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Tavara' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, 'landing at 360 px');
    // The toast comes from the page's code: a tap before the prerendered page has hydrated
    // navigates without it (seen in CI on a slow machine), so wait as the desktop tests do.
    await expectHydrated(page);
    await page.getByRole('link', { name: 'Join the Village' }).tap();
    await expect(page).toHaveURL('/dashboard/community');
    await expect(page.getByText('Welcome to the Community Dashboard! Sign in to access all features.')).toBeVisible();
  });
});
