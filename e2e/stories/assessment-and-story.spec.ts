import type { APIRequestContext } from '@playwright/test';
import { APP_URL, createConfirmedUser, GOOD_PASSWORD, logIn, sidewaysOverflow } from '../auth/accounts';
import { expect, expectContentLoaded, expectNoAxeViolations, test } from '../fixtures';

// Signing in only works on the app's public origin (Better Auth's CSRF check).
test.use({ baseURL: APP_URL });

async function signInByRequest(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/sign-in/email', {
    headers: { origin: APP_URL },
    data: { email, password: GOOD_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test('a family fills in the assessment, tells a story, shares it on the legacy page and withdraws it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A name found nowhere else, so the legacy search finds this story only.
  const surname = `Legacy${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
  const recipient = `Joyce ${surname}`;
  const family = await createConfirmedUser(request, 'story-family', { role: 'family', firstName: 'Keisha' });
  // Set up through the API: the family's registration (the assessment's prefill) and a care plan.
  await signInByRequest(request, family.email);
  const registered = await request.put('/api/registration/family', {
    headers: { origin: APP_URL },
    data: {
      answers: {
        first_name: 'Keisha',
        last_name: 'Ramdass',
        phone_number: '+1 868 555 1234',
        care_location: 'Arima',
        care_recipient_name: recipient,
        relationship_to_recipient: 'parent',
        care_type: ['in_home_care'],
        care_schedule: ['weekday_8am_4pm'],
      },
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);

  // Signed out, the story page asks to sign in (spec §4) and brings the family back after it.
  await page.goto('/family/story');
  await page.getByRole('button', { name: 'Sign in to tell their story' }).click();
  await expect(page.getByText('Please sign in to tell your story')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await logIn(page, family.email, family.password);
  await expect(page).toHaveURL(/\/family\/story$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tell Their Story' })).toBeVisible();

  // The assessment starts from the registration; each section is saved on its own.
  await page.goto('/family/care-assessment');
  await expect(page.getByRole('button', { name: recipient, pressed: true })).toBeVisible();
  await expect(page.getByText('0 of 9 sections saved')).toBeVisible();
  const basic = page.getByRole('region', { name: 'Basic information' });
  await expect(basic.getByRole('textbox', { name: 'Primary contact phone' })).toHaveValue('+1 868 555 1234');
  await expect(basic.getByRole('checkbox', { name: /In-Home Care/ })).toBeChecked();
  await basic.getByRole('textbox', { name: 'Budget' }).fill('lots');
  await basic.getByRole('button', { name: 'Save and continue' }).click();
  await expect(basic.getByText('Please enter a valid budget amount (e.g., $20-30/hour or Negotiable)')).toBeVisible();
  await basic.getByRole('textbox', { name: 'Budget' }).fill('$20-30/hour');
  await basic.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('1 of 9 sections saved')).toBeVisible();
  const daily = page.getByRole('region', { name: 'Daily living' });
  await expect(daily.getByRole('heading', { name: 'Daily living' })).toBeFocused();
  await daily.getByRole('checkbox', { name: 'Bathing' }).check();
  await daily.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('2 of 9 sections saved')).toBeVisible();
  await expectNoAxeViolations(page, 'care assessment');

  // The story: private when saved.
  await page.goto('/family/story');
  await page.getByRole('textbox', { name: 'Birth year' }).fill('1941');
  await page
    .getByRole('textbox', { name: 'Their life story' })
    .fill('She taught at the Arima Boys RC school for forty years.');
  await page.getByRole('textbox', { name: 'Something only family knows' }).fill('She hides sweet bread in the piano.');
  await page.getByRole('textbox', { name: 'Sensitivities' }).fill('Loud thunder frightens her.');
  await page.getByRole('button', { name: 'Save their story' }).click();
  await expect(page.getByText('Their story is saved.')).toBeVisible();
  await expect(page.getByText('Private: your family and the care team you accept')).toBeVisible();

  // Sharing is its own choice, with the exact public preview; axe with the dialog open.
  await page.getByRole('button', { name: 'Share on the legacy page…' }).click();
  const dialog = page.getByRole('dialog', { name: `Share ${recipient}’s story on the legacy page?` });
  const preview = dialog.getByRole('region', { name: 'What becomes public' });
  await expect(preview.getByText('She taught at the Arima Boys RC school')).toBeVisible();
  await expect(preview.getByText('Born 1941')).toBeVisible();
  await expect(preview.getByText('sweet bread')).toHaveCount(0);
  await expect(preview.getByText('thunder')).toHaveCount(0);
  await expectNoAxeViolations(page, 'share dialog');
  await dialog.getByRole('button', { name: 'Share this story' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Shared on the legacy stories page since/)).toBeVisible();

  // On the legacy page: found by search, opened, public fields only.
  await page.goto('/legacy-stories');
  await page.getByRole('searchbox', { name: 'Search the stories' }).fill(surname);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(`1 story mention “${surname}”`)).toBeVisible();
  await page.getByRole('link', { name: `Read ${recipient}’s story` }).click();
  await expect(page.getByRole('heading', { level: 2, name: recipient })).toBeVisible();
  await expect(page.getByText('She taught at the Arima Boys RC school for forty years.')).toBeVisible();
  await expect(page.getByText('sweet bread')).toHaveCount(0);
  await expectNoAxeViolations(page, 'legacy story');

  // Withdrawn: gone from the legacy page at once.
  await page.goto('/family/story');
  await page.getByRole('button', { name: 'Withdraw from the legacy page' }).click();
  await expect(page.getByText('Their story is no longer on the legacy stories page.')).toBeVisible();
  await expect(page.getByText('Private: your family and the care team you accept')).toBeVisible();
  await page.goto(`/legacy-stories?q=${surname}`);
  await expect(page.getByText(`No stories mention “${surname}”`)).toBeVisible();

  // On a 360 px phone: nothing runs off the side, and the pages stay accessible.
  await page.setViewportSize({ width: 360, height: 780 });
  for (const path of ['/family/care-assessment', '/family/story', '/legacy-stories', '/subscription']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectContentLoaded(page);
    expect(await sidewaysOverflow(page), path).toBe(0);
    await expectNoAxeViolations(page, `${path} at 360 px`);
  }
});

test('subscription: the free plan, no payment, and interest registered once', async ({ page, request }) => {
  const family = await createConfirmedUser(request, 'sub-family', { role: 'family' });
  await signInByRequest(page.context().request, family.email);
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: 'Your plan: Family Basic' })).toBeVisible();
  await expect(page.getByText('Online payment is not available yet')).toBeVisible();
  await page.getByRole('button', { name: 'Register interest in Family Plus' }).click();
  await expect(page.getByText('Interest registered')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Interest registered')).toBeVisible();
  await expectNoAxeViolations(page, 'subscription');
  await page.getByRole('button', { name: 'Withdraw interest in Family Plus' }).click();
  await expect(page.getByRole('button', { name: 'Register interest in Family Plus' })).toBeVisible();
});
