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
  // Signed out, the form goes on to sign-up at once: every address the page passes through is
  // kept, so the check does not depend on looking in the moment between the two (it missed it
  // on a loaded machine).
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname + new URL(frame.url()).search);
  });
  await page.goto('/?route=registration/family&session=abc123');
  await expect.poll(() => visited).toContain('/registration/family?session=abc123');
});

test('a reset link written as #/auth/reset-password/confirm opens that page with its query string', async ({
  page,
}) => {
  await page.goto('/#/auth/reset-password/confirm?token=tok123&type=recovery&email=ann%40example.tt');
  await expect(page).toHaveURL('/auth/reset-password/confirm?token=tok123&type=recovery&email=ann%40example.tt');
  // tok123 is no real token: the page checks it with the server and says the link is invalid.
  await expect(page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeVisible();
});

for (const smuggled of ['%09//evil.example', '%0a//evil.example']) {
  test(`?route=${smuggled} stays on this site and shows the not-found page`, async ({ page }) => {
    await page.goto(`/?route=${smuggled}`);
    await expect(page).toHaveURL('/evil.example');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
}
