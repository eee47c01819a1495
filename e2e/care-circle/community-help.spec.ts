import type { APIRequestContext } from '@playwright/test';
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

function localIn(days: number, time: string) {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.toISOString().slice(0, 10)}T${time}`;
}

test('a community member in the region finds a shared request on their dashboard and offers; the family accepts; the helper sees it as an accepted task', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const family = await createConfirmedUser(request, `share-family-${tag}`, { role: 'family', firstName: 'Keisha' });
  const helper = await createConfirmedUser(request, `share-helper-${tag}`, { role: 'community', firstName: 'Marlon' });

  // The family's plan and a ride request, through the API (the circle's own journey covers the forms).
  const familyApi = page.context().request;
  await signInByRequest(familyApi, family.email);
  const planId = await createPlanByRequest(familyApi);
  const posted = await familyApi.post(`/api/care-plans/${planId}/help-requests`, {
    headers: { origin: APP_URL },
    data: {
      kind: 'ride',
      title: 'Ride to the renal clinic',
      start: localIn(3, '09:00'),
      end: localIn(3, '11:00'),
      place: '12 Rosewood Drive, Arima',
      notes: 'Mum walks slowly.',
      helpersNeeded: 1,
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);

  // The family shares it with Arima from the circle page; axe with the dialog open.
  await page.goto(`/circle/${planId}`);
  await page.getByRole('button', { name: 'Share with the community' }).click();
  const share = page.getByRole('dialog', { name: 'Share with the community' });
  await expect(share.getByText(/not what you wrote, the notes or the place/)).toBeVisible();
  await share.getByRole('button', { name: 'Share request' }).click();
  await expect(share.getByText('Choose a region.')).toBeVisible();
  await expectNoAxeViolations(page, 'share with the community dialog');
  await share.getByRole('combobox', { name: /Region/ }).selectOption('arima');
  await share.getByRole('button', { name: 'Share request' }).click();
  await expect(share).toBeHidden();
  await expect(page.getByText('Shared with community members in')).toBeVisible();

  // The helper's dashboard: the designed empty state leads to choosing regions.
  const helperContext = await browser.newContext();
  await signInByRequest(helperContext.request, helper.email);
  const helperPage = await helperContext.newPage();
  await helperPage.goto('/dashboard/community');
  const near = helperPage.getByRole('region', { name: 'Help needed near you' });
  await expect(near.getByText(/Choose where you can help/)).toBeVisible();
  await expect(helperPage.getByText('Not built yet')).toHaveCount(0);
  await near.getByRole('button', { name: 'Choose your regions' }).click();
  const regions = helperPage.getByRole('dialog', { name: 'Where can you help?' });
  await regions.getByRole('checkbox', { name: 'Arima' }).check();
  await regions.getByRole('checkbox', { name: 'San Juan' }).check();
  await expectNoAxeViolations(helperPage, 'help regions dialog');
  await regions.getByRole('button', { name: 'Save regions' }).click();
  await expect(regions).toBeHidden();

  // The request shows with only a first name, the kind, the time and the region.
  const item = near.getByRole('listitem').filter({ hasText: 'Ride to an appointment for Keisha’s family' });
  await expect(item).toBeVisible();
  await expect(near.getByText(/renal|Rosewood|Ramdass|walks slowly/)).toHaveCount(0);
  await shoot(helperPage, 'community-help-near-you');
  await item.getByRole('button', { name: /Offer to help/ }).click();
  await expect(item.getByText('You offered — the family will answer')).toBeVisible();
  const offers = helperPage.getByRole('region', { name: 'Your offers' });
  await expect(offers.getByText('Waiting for the family')).toBeVisible();
  await expect(offers.getByText('12 Rosewood Drive, Arima')).toHaveCount(0);

  // The family sees the offer and accepts it.
  await page.reload();
  const offerList = page.getByRole('list', { name: 'Offers from the community' });
  await expect(offerList.getByRole('listitem').filter({ hasText: 'Marlon' })).toBeVisible();
  await shoot(page, 'community-help-family-offers');
  await offerList.getByRole('button', { name: 'Accept Marlon' }).click();
  await expect(page.getByText(/Marlon.* is coming\. They now see the place/)).toBeVisible();

  // The helper sees it as an accepted task, with the place, and it is in their help.
  await helperPage.reload();
  await expect(offers.getByText('Accepted')).toBeVisible();
  await expect(offers.getByText('12 Rosewood Drive, Arima')).toBeVisible();
  await expect(
    helperPage.getByRole('region', { name: 'Your help' }).getByText('Ride to the renal clinic'),
  ).toBeVisible();
  await expect(near.getByText(/No family in your regions needs help right now/)).toBeVisible();
  await expectNoAxeViolations(helperPage, 'community dashboard with an accepted offer');
  await shoot(helperPage, 'community-help-accepted');
  await helperContext.close();
});
