import { expect, test } from '../fixtures';

test.describe('when a page cannot load', () => {
  test.use({ allowConsoleErrors: /Failed to load resource|Failed to fetch dynamically imported module/ });

  test('a failed page download says so and the rest of the app keeps working', async ({ page }) => {
    await page.route('**/assets/being-built-page-*.js', (route) => route.abort('internetdisconnected'));
    await page.goto('/legacy-stories');
    await expect(page.getByRole('alert')).toContainText('Error loading page. Please refresh.');
    await expect(page.getByRole('button', { name: 'Refresh Page' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });
});

test.describe('when a page fails to render', () => {
  test.use({ allowConsoleErrors: /Simulated render failure|The above error occurred/ });

  test('shows Something went wrong with a Refresh Page button that recovers', async ({ page }) => {
    // Serve a page module whose component throws while rendering — the real boundary catches it.
    await page.route('**/assets/being-built-page-*.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'export default function BrokenPage() { throw new Error("Simulated render failure"); }',
      }),
    );
    await page.goto('/subscription');
    await expect(page.getByRole('alert')).toContainText('Something went wrong');
    await page.unroute('**/assets/being-built-page-*.js');
    await page.getByRole('button', { name: 'Refresh Page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Subscription' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('moving to another page clears the error screen', async ({ page }) => {
    await page.route('**/assets/being-built-page-*.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'export default function BrokenPage() { throw new Error("Simulated render failure"); }',
      }),
    );
    await page.goto('/subscription');
    await expect(page.getByText('Something went wrong')).toBeVisible();
    await page.getByRole('link', { name: 'Tavara' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tavara' })).toBeVisible();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
  });
});
