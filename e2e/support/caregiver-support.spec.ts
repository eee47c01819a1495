import { APP_URL, createConfirmedAdmin, createConfirmedUser, GOOD_PASSWORD, signInAs } from '../auth/accounts';
import { expect, expectNoAxeViolations, test } from '../fixtures';

// Sign-in cookies are set for the app's public origin.
test.use({ baseURL: APP_URL });

test('a caregiver asks for support; an admin replies from the inbox; the caregiver reads the reply', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Set-up through the API: a professional's request for relief.
  const carer = await createConfirmedUser(request, 'carer', { role: 'professional', firstName: 'Nadine' });
  const carerContext = await browser.newContext({ baseURL: APP_URL, viewport: { width: 360, height: 780 } });
  const signedIn = await carerContext.request.post('/api/auth/sign-in/email', {
    headers: { origin: APP_URL },
    data: { email: carer.email, password: GOOD_PASSWORD },
  });
  expect(signedIn.ok()).toBe(true);
  const sent = await carerContext.request.post('/api/caregiver-support/requests', {
    headers: { origin: APP_URL },
    data: {
      kind: 'errand_relief_circle',
      message: 'I have been on nights all week and need someone to pick up groceries on Saturday.',
      preferredContact: 'whatsapp',
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  // The admin opens it from the support inbox and replies.
  const admin = await createConfirmedAdmin(request, 'caregiverSupport');
  await signInAs(page, admin.email);
  await page.goto('/dashboard/admin');
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await page.getByRole('tab', { name: 'Support requests' }).click();
  await page.getByRole('button', { name: /^Nadine carer ?, New: open the request$/ }).click();
  const dialog = page.getByRole('dialog', { name: /Support request #/ });
  await expect(dialog.getByText('pick up groceries on Saturday')).toBeVisible();
  await expect(dialog.getByText('No reply yet.')).toBeVisible();
  // An empty reply is answered beside the box.
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(dialog.getByRole('textbox', { name: /Your reply/ })).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('textbox', { name: /Your reply/ }).fill('A volunteer from Arima can go on Saturday morning.');
  await expectNoAxeViolations(page, 'support request with a reply box');
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'A volunteer from Arima' })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /Your reply/ })).toHaveValue('');

  // The caregiver, on a phone, sees the reply with the request.
  const carerPage = await carerContext.newPage();
  await carerPage.goto('/caregiver/health');
  await expect(carerPage.getByText('pick up groceries on Saturday')).toBeVisible();
  await expect(carerPage.getByText('A volunteer from Arima can go on Saturday morning.')).toBeVisible();
  await carerContext.close();
});
