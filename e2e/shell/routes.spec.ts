import { ROUTES, fillRouteParams } from '../../packages/shared/src/routes';
import { PRODUCT_NAME } from '../../packages/shared/src/product';
import { expect, expectNoAxeViolations, test } from '../fixtures';

/**
 * Pages that are built, with the heading each shows when opened without any state (the reset
 * confirmation page opened without a link says the link is invalid). Every other path shows the
 * "being built" panel until its issue builds it.
 */
const BUILT_PAGE_HEADINGS: Partial<Record<string, string>> = {
  '/auth': 'Welcome',
  '/auth/reset-password': 'Reset Password',
  '/auth/reset-password/confirm': 'Invalid Reset Link',
  // Signed out it asks an admin to sign in, under the page's own title.
  '/admin/user-journey': 'User Journey',
  '/features': 'Shape Our Future Features',
  '/about': 'About us',
  '/faq': 'Frequently asked questions',
  '/family/features-overview': 'Family features',
  '/professional/features-overview': 'Professional features',
  '/community/features-overview': 'Community features',
  '/dashboard/admin': 'Admin Dashboard',
  // Signed out, the role dashboards show their welcome under the route's title.
  '/dashboard/family': 'Family Dashboard',
  '/dashboard/professional': 'Professional Dashboard',
  '/dashboard/community': 'Community Dashboard',
};

/** Pages that ask a signed-out visitor to sign in first, with the action they name. */
const SIGN_IN_FIRST: Partial<Record<string, string>> = {
  '/registration/family': 'complete your registration',
  '/registration/professional': 'complete your registration',
  '/registration/professional-fix': 'complete your registration',
  '/registration/community': 'complete your registration',
};
const AUTH_TITLE = ROUTES.find((route) => route.path === '/auth')?.title ?? '';

test.describe('every path of the route table', () => {
  for (const route of ROUTES) {
    const path = fillRouteParams(route.path, 'demo-1');
    const signInFirst = SIGN_IN_FIRST[route.path];
    if (signInFirst) {
      test(`${path} asks a signed-out visitor to sign in, and remembers where they were`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByText(`Please sign in to ${signInFirst}`)).toBeVisible();
        await expect(page).toHaveURL('/auth');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome');
        await expect(page).toHaveTitle(`${AUTH_TITLE} · ${PRODUCT_NAME}`);
        expect(await page.evaluate(() => localStorage.getItem('lastPath'))).toBe(path);
        await expectNoAxeViolations(page, path);
      });
      continue;
    }
    test(`${path} shows its page inside the layout, accessibly`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      const heading = page.getByRole('heading', { level: 1 });
      if (route.path === '/') {
        await expect(heading).toHaveText(PRODUCT_NAME);
        await expect(page).toHaveTitle(`${PRODUCT_NAME} — It takes a village to care`);
      } else {
        const builtHeading = BUILT_PAGE_HEADINGS[route.path];
        await expect(heading).toHaveText(builtHeading ?? route.title);
        await expect(page).toHaveTitle(`${route.title} · ${PRODUCT_NAME}`);
        const beingBuilt = page.getByRole('heading', { name: 'This page is being built' });
        if (builtHeading) await expect(beingBuilt).toHaveCount(0);
        else await expect(beingBuilt).toBeVisible();
      }
      await expect(page.getByText('Page not found')).toHaveCount(0);
      await expectNoAxeViolations(page, path);
    });
  }
});

test('any other path shows the not-found page', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle(`Page not found · ${PRODUCT_NAME}`);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL('/');
  await expectNoAxeViolations(page, 'not found');
});

test('the page skeleton shows while a page is still loading', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/being-built-page-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/legacy-stories');
  await expect(page.getByRole('status', { name: 'Loading page' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Legacy stories' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading page' })).toHaveCount(0);
});
