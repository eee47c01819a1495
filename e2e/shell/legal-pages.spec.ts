import { expect, expectNoAxeViolations, test } from '../fixtures';
import { sidewaysOverflow } from '../auth/accounts';

for (const { path, title, mentions } of [
  {
    path: '/privacy',
    title: 'Privacy Policy',
    mentions: [/What we collect/, /Who sees it/, /Getting a copy, correcting or deleting/, /Data Protection Act, 2011/],
  },
  { path: '/terms', title: 'Terms of Service', mentions: [/What Tavara is/, /Your account/, /Trinidad and Tobago/] },
]) {
  for (const width of [360, 1280]) {
    test(`${path} at ${width} px: plain-language sections, linked from the footer`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/about');
      await page.getByRole('contentinfo').getByRole('link', { name: title }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(title));
      for (const mention of mentions) await expect(page.getByText(mention).first()).toBeVisible();
      if (path === '/privacy') {
        // Where to ask for a copy or a deletion: the server's configured support address.
        const { supportEmail } = (await (await page.request.get('/api/config')).json()) as { supportEmail: string };
        await expect(page.getByRole('link', { name: supportEmail }).first()).toHaveAttribute(
          'href',
          `mailto:${supportEmail}`,
        );
      }
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, `${path} at ${width}`);
    });
  }
}

test('the sign-up form links the Terms of Service and the Privacy Policy', async ({ page }) => {
  await page.goto('/auth?tab=signup');
  const form = page.getByRole('tabpanel', { name: 'Sign Up' });
  await expect(form.getByRole('link', { name: /Terms of Service/ })).toHaveAttribute('href', '/terms');
  await expect(form.getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute('href', '/privacy');
});
