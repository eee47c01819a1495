import { expect, test } from '../fixtures';

test('?route=faq opens /faq and replaces the history entry', async ({ page }) => {
  await page.goto('/about');
  await page.goto('/?route=faq');
  await expect(page).toHaveURL('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL('/about');
});

test('?route= keeps the other query parameters', async ({ page }) => {
  await page.goto('/?route=registration/family&session=abc123');
  await expect(page).toHaveURL('/registration/family?session=abc123');
});

test('a reset link written as #/auth/reset-password/confirm opens that page with its query string', async ({
  page,
}) => {
  await page.goto('/#/auth/reset-password/confirm?token=tok123&type=recovery&email=ann%40example.tt');
  await expect(page).toHaveURL('/auth/reset-password/confirm?token=tok123&type=recovery&email=ann%40example.tt');
  // tok123 is no real token: the page checks it with the server and says the link is invalid.
  await expect(page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeVisible();
});
