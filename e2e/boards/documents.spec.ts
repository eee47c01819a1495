import { APP_URL, createConfirmedAdmin, createConfirmedUser, GOOD_PASSWORD, signInAs } from '../auth/accounts';
import { expect, expectNoAxeViolations, test } from '../fixtures';

test.use({ baseURL: APP_URL });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

test('a professional uploads a certificate on the profile hub and an admin verifies it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const pro = await createConfirmedUser(request, `doc-pro-${tag}`, { role: 'professional', firstName: 'Nadia' });
  const title = `CPR certificate ${tag}`;

  const proContext = await browser.newContext();
  const res = await proContext.request.post('/api/auth/sign-in/email', {
    headers: { origin: APP_URL },
    data: { email: pro.email, password: GOOD_PASSWORD },
  });
  expect(res.ok()).toBe(true);
  const proPage = await proContext.newPage();
  await proPage.goto('/professional/profile');
  await expect(proPage.getByRole('heading', { level: 1, name: 'Your professional profile' })).toBeVisible();
  await expect(proPage.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/registration/professional');
  // Nothing chosen: messages beside the fields.
  await proPage.getByRole('button', { name: 'Upload' }).click();
  await expect(proPage.getByText('Please choose what kind of document this is.')).toBeVisible();
  await expect(proPage.getByText('Please choose a file to upload.')).toBeVisible();
  await proPage.getByRole('radio', { name: 'Certification' }).check();
  await proPage.getByRole('textbox', { name: /Name of the document/ }).fill(title);
  // A file that is not a PDF or an image is refused by its content, whatever its name.
  await proPage
    .getByLabel(/^File/)
    .setInputFiles({ name: 'cert.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html></html>') });
  await proPage.getByRole('button', { name: 'Upload' }).click();
  await expect(proPage.getByText('The file must be a PDF or a photo (JPEG, PNG or WebP).')).toBeVisible();
  await expect(proPage.getByRole('textbox', { name: /Name of the document/ })).toHaveValue(title);
  await proPage.getByLabel(/^File/).setInputFiles({ name: 'cert.pdf', mimeType: 'application/pdf', buffer: PDF });
  await proPage.getByRole('button', { name: 'Upload' }).click();
  await expect(proPage.getByText('Uploaded. Our team will check it.')).toBeVisible();
  const row = proPage.getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText('Waiting for our check');
  await expectNoAxeViolations(proPage, 'profile hub');

  const admin = await createConfirmedAdmin(page.context().request, 'boards');
  await page.context().clearCookies();
  await signInAs(page, admin.email);
  await page.goto('/dashboard/admin');
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await page.getByRole('tab', { name: 'Reports & documents' }).click();
  await page.getByRole('button', { name: `Mark verified: ${title}` }).click();
  await expect(page.getByText('Marked “Verified by Tavara”.')).toBeVisible();

  await proPage.reload();
  await expect(proPage.getByRole('listitem').filter({ hasText: title })).toContainText('Verified by Tavara');
  await proContext.close();
});
