import { expect, expectNoAxeViolations, test } from '../fixtures';

test.describe('navigation bar on a desktop screen', () => {
  test('shows the brand, About, Features, Navigation and Sign In', async ({ page }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Tavara' })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('link', { name: 'About' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Features' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await nav.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/auth');
  });

  test('the Navigation menu opens by mouse and by keyboard and closes with Escape', async ({ page }) => {
    await page.goto('/');
    const trigger = page.getByRole('button', { name: 'Navigation' });
    await trigger.click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Sign in to see your pages' })).toBeVisible();
    await expectNoAxeViolations(page, 'navigation menu open');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Navigation' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
  });
});

test.describe('navigation bar on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('links collapse behind a labelled toggle that opens and closes them', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'About' })).toBeHidden();
    const toggle = nav.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expectNoAxeViolations(page, 'mobile, menu closed');

    await toggle.click();
    const close = nav.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'About' })).toBeVisible();
    await expectNoAxeViolations(page, 'mobile, menu open');

    await nav.getByRole('link', { name: 'Features' }).click();
    await expect(page).toHaveURL('/features');
    await expect(nav.getByRole('link', { name: 'Features' })).toBeHidden();
    await expect(nav.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('nothing overflows the screen sideways', async ({ page }) => {
    for (const path of ['/', '/about', '/family/care-management/demo-1', '/no/such/page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test('a skip link jumps past the navigation to the page', async ({ page }) => {
  await page.goto('/about');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});
