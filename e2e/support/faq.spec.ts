import { expect, expectNoAxeViolations, test } from '../fixtures';

test('FAQ: search and topic chips narrow the questions; the still-need-help box opens the contact form', async ({
  page,
}) => {
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  await expect(page.getByText('14 questions')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search the questions' }).fill('paid');
  await expect(page.getByText('How are care professionals paid?')).toBeVisible();
  await expect(page.getByText('How do I create a family account?')).toHaveCount(0);
  await page.getByText('How are care professionals paid?').click();
  await expect(page.getByText(/Families pay care professionals directly/)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search the questions' }).fill('');
  const privacy = page.getByRole('button', { name: 'Privacy & safety' });
  await privacy.click();
  await expect(privacy).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('1 question', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'faq filtered');

  await page.getByRole('searchbox', { name: 'Search the questions' }).fill('zzzz');
  await expect(page.getByText('No question matches your search.', { exact: false })).toBeVisible();

  const help = page.getByRole('region', { name: 'Still need help?' });
  await expect(help.getByRole('button', { name: 'WhatsApp Support' })).toBeVisible();
  await help.getByRole('button', { name: 'Contact Support' }).click();
  await expect(page.getByRole('dialog', { name: 'Contact Support' })).toBeVisible();
});

test('About tells the story, mission, vision and values', async ({ page }) => {
  await page.goto('/about');
  for (const name of ['Our story', 'Our mission', 'Our vision', 'What we value']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  await expectNoAxeViolations(page, 'about');
});
