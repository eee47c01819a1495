import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { APP_URL, createConfirmedUser, GOOD_PASSWORD } from '../auth/accounts';
import { createPlanByRequest } from '../care-plans/plans';
import { expect, expectNoAxeViolations, test } from '../fixtures';
import { shoot } from './screens';

// Signing in only works on the app's public origin (Better Auth's CSRF check).
test.use({ baseURL: APP_URL });

async function signInByRequest(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/sign-in/email', {
    headers: { origin: APP_URL },
    data: { email, password: GOOD_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function signedInPage(browser: { newContext(): Promise<BrowserContext> }, email: string): Promise<Page> {
  const context = await browser.newContext();
  await signInByRequest(context.request, email);
  return context.newPage();
}

/** Plan-local `YYYY-MM-DDTHH:MM` `days` from today (the form's datetime-local value). */
function localIn(days: number, time: string) {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.toISOString().slice(0, 10)}T${time}`;
}

test('a family invites a neighbour to the circle and asks for a ride; the neighbour signs up and marks it done; the family says thanks', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const family = await createConfirmedUser(request, 'circle-family', { role: 'family', firstName: 'Keisha' });
  const neighbour = await createConfirmedUser(request, 'circle-neighbour', { role: 'community', firstName: 'Dion' });

  // The family makes a plan (through the API: the plan form has its own journey) and opens its circle.
  await signInByRequest(page.context().request, family.email);
  const planId = await createPlanByRequest(page.context().request);
  await page.goto(`/family/care-management/${planId}`);
  await page.getByRole('link', { name: 'Care circle and help' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Care for Mum' })).toBeVisible();
  await expect(page.getByText('No help requests yet.')).toBeVisible();

  // Invite the neighbour; axe with the dialog open; a bad address is told beside the field.
  await page.getByRole('button', { name: 'Invite someone' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite to the care circle' });
  await invite.getByRole('textbox', { name: /Their e-mail/ }).fill('not-an-address');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText('Enter a valid e-mail address.')).toBeVisible();
  await expectNoAxeViolations(page, 'circle invite dialog');
  await invite.getByRole('textbox', { name: /Their e-mail/ }).fill(neighbour.email);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'The circle' }).getByText('Invited')).toBeVisible();

  // Ask for a ride to the clinic, tomorrow.
  await page.getByRole('button', { name: 'Ask for help' }).first().click();
  const ask = page.getByRole('dialog', { name: 'Ask for help' });
  await ask.getByRole('combobox', { name: /Kind of help/ }).selectOption('ride');
  await ask.getByRole('textbox', { name: /What is needed/ }).fill('Ride to the clinic');
  await ask.getByLabel(/From/).fill(localIn(2, '09:00'));
  await ask.getByLabel(/Until/).fill(localIn(2, '11:00'));
  await ask.getByRole('textbox', { name: /Place/ }).fill('12 Rosewood Drive, Arima');
  await ask.getByRole('textbox', { name: /Notes for the helpers/ }).fill('Park close to the door, please.');
  await expectNoAxeViolations(page, 'ask for help dialog');
  await ask.getByRole('button', { name: 'Post request' }).click();
  await expect(page.getByText('Request posted. Your circle can sign up now.')).toBeVisible();
  const card = page.getByRole('article', { name: 'Ride to the clinic' });
  await expect(card.getByText('1 more needed')).toBeVisible();
  await shoot(page, 'circle-family');

  // The neighbour: the invitation on their circles page (in their menu), accepted.
  const helper = await signedInPage(browser, neighbour.email);
  await helper.goto('/dashboard/community');
  await helper.getByRole('button', { name: 'Navigation' }).click();
  await helper.getByRole('menu').getByRole('menuitem', { name: 'Care circles' }).click();
  await expect(helper.getByRole('heading', { level: 1, name: 'Care circles' })).toBeVisible();
  await expect(helper.getByText(/Keisha .*invites you to the care circle of Care for Mum/)).toBeVisible();
  await shoot(helper, 'circles-invitation');
  await helper.getByRole('button', { name: 'Accept' }).click();
  await expect(helper.getByText('You joined the circle of Care for Mum.')).toBeVisible();
  await helper.getByRole('link', { name: /Care for Mum/ }).click();

  // The place is hidden until they sign up; then shown. Signing up and marking done.
  const helperCard = helper.getByRole('article', { name: 'Ride to the clinic' });
  await expect(helperCard.getByText('The place is shown once you sign up.')).toBeVisible();
  await helperCard.getByRole('button', { name: 'I can help' }).click();
  await expect(helper.getByText('Thank you! The family knows you are coming.')).toBeVisible();
  await expect(helperCard.getByText('12 Rosewood Drive, Arima')).toBeVisible();
  await expect(helperCard.getByText('You are coming')).toBeVisible();
  await helperCard.getByRole('button', { name: 'I can no longer come' }).click();
  await expect(helper.getByRole('dialog', { name: 'Cancel your sign-up?' })).toBeVisible();
  await expectNoAxeViolations(helper, 'cancel sign-up dialog');
  await helper.getByRole('dialog').getByRole('button', { name: 'Cancel', exact: true }).click();
  await shoot(helper, 'circle-helper');
  await helperCard.getByRole('button', { name: 'Mark done' }).click();
  await expect(helperCard.getByText(/Done — thank you/)).toBeVisible();

  // The family sees who came and thanks them.
  await page.reload();
  const familyCard = page.getByRole('article', { name: 'Ride to the clinic' });
  await expect(familyCard.getByText('All set')).toBeVisible();
  await expect(familyCard.getByRole('list', { name: 'Who is coming' })).toContainText('Dion');
  await expect(familyCard.getByRole('list', { name: 'Who is coming' })).toContainText('Done');
  await familyCard.getByRole('button', { name: 'Say thanks' }).click();
  await expect(page.getByText(/was thanked\./)).toBeVisible();
  await expect(familyCard.getByText('Thanked')).toBeVisible();
  await expectNoAxeViolations(page, 'circle page after thanks');

  // A circle member never reaches the plan itself.
  await helper.goto(`/family/care-management/${planId}`);
  await expect(helper.getByRole('heading', { level: 1, name: "You don't have access to this plan" })).toBeVisible();
  await helper.context().close();
});
