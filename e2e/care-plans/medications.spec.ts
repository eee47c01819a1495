import type { APIRequestContext } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { APP_URL, createConfirmedUser, GOOD_PASSWORD, sidewaysOverflow } from '../auth/accounts';
import { expect, expectNoAxeViolations, test } from '../fixtures';
import { createPlanByRequest } from './plans';

// Signing in only works on the app's public origin (Better Auth's CSRF check).
test.use({ baseURL: APP_URL });

async function signInByRequest(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/sign-in/email', {
    headers: { origin: APP_URL },
    data: { email, password: GOOD_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** A plan-local date (Trinidad and Tobago) `offset` days from today, as the app's date fields want. */
function localDate(offset: number): string {
  const now = new Date(Date.now() + offset * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Port_of_Spain' }).format(now);
}

/** The test hook that dates a medication's adding to its start date (E2E_TEST_HOOKS). */
async function usedSinceStart(api: APIRequestContext, planId: string, name: string) {
  const listed = await api.get(`/api/care-plans/${planId}/medications`);
  const { medications } = (await listed.json()) as { medications: Array<{ id: string; name: string }> };
  const id = medications.find((m) => m.name === name)!.id;
  const res = await api.post(`/api/__test/medications/${id}/added-on-start-date`, { headers: { origin: APP_URL } });
  expect(res.ok(), await res.text()).toBe(true);
}

test('a family adds a medication, records doses with the 2-hour check, sees 50 % adherence, a report and its CSV; a team professional records a dose; a stranger is refused', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const family = await createConfirmedUser(request, 'med-family', { role: 'family', firstName: 'Keisha' });
  const pro = await createConfirmedUser(request, 'med-pro', { role: 'professional', firstName: 'Marcus' });
  const stranger = await createConfirmedUser(request, 'med-stranger', { role: 'family', firstName: 'Other' });
  const yesterday = localDate(-1);

  // Set-up through the API: a plan with the professional on its team.
  const familyApi = page.context().request;
  await signInByRequest(familyApi, family.email);
  const planId = await createPlanByRequest(familyApi, {
    title: 'Care for Dad',
    recipientName: 'Winston Baptiste',
    startDate: localDate(-10),
  });
  const invited = await familyApi.post(`/api/care-plans/${planId}/invitations`, {
    headers: { origin: APP_URL },
    data: { kind: 'professional', email: pro.email, teamRole: 'nurse' },
  });
  expect(invited.status()).toBe(201);
  const proContext = await browser.newContext({ baseURL: APP_URL, viewport: { width: 360, height: 780 } });
  await signInByRequest(proContext.request, pro.email);
  const { memberId } = (await invited.json()) as { memberId: string };
  expect(
    (await proContext.request.post(`/api/invitations/${memberId}/accept`, { headers: { origin: APP_URL } })).ok(),
  ).toBe(true);

  // The family adds a medication with two daily times through the form.
  const medsUrl = `/family/care-management/${planId}/medications`;
  await page.goto(`${medsUrl}?tab=medications`);
  await expect(page.getByRole('heading', { level: 1, name: 'Medications' })).toBeVisible();
  await expect(page.getByText('No medications yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add a medication' }).click();
  const form = page.getByRole('dialog', { name: 'Add a medication' });
  await expect(form).toBeVisible();
  await expectNoAxeViolations(page, 'add medication dialog');
  await form.getByRole('textbox', { name: /Start date/ }).fill(yesterday);
  await form.getByLabel(/Time 1/).fill(''); // cleared: a time is needed
  await form.getByRole('button', { name: 'Add medication' }).click();
  await expect(form.getByText('Enter the name of the medication.')).toBeVisible();
  await expect(form.getByText(/Enter the dosage/)).toBeVisible();
  await expect(form.getByText('Enter a time between 00:00 and 23:59.')).toBeVisible();
  // Nothing typed is lost: the start date is still there.
  await expect(form.getByRole('textbox', { name: /Start date/ })).toHaveValue(yesterday);
  // It ends yesterday, so the figures below do not depend on the hour the test runs (today's doses
  // would count as missed an hour after they are due).
  await form.getByRole('textbox', { name: /End date/ }).fill(yesterday);
  await form.getByRole('textbox', { name: /Medication name/ }).fill('Metformin');
  await form.getByRole('textbox', { name: /Dosage/ }).fill('500 mg');
  await form.getByLabel(/Time 1/).fill('08:00');
  await form.getByRole('button', { name: 'Add a time' }).click();
  await form.getByLabel(/Time 2/).fill('20:00');
  await form.getByRole('button', { name: 'Add medication' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Metformin' })).toBeVisible();
  await expect(page.getByText('Every day at 8 AM and 8 PM')).toBeVisible();
  // As if added on its start date (issue 28: doses before a medication was added are not expected),
  // so yesterday's doses can be recorded below.
  await usedSinceStart(familyApi, planId, 'Metformin');

  // Yesterday's doses: the morning one given (its time asked, prefilled with the due time).
  await page.goto(`${medsUrl}?tab=today&date=${yesterday}`);
  await page.getByRole('button', { name: 'Given: Metformin 500 mg, 8 AM' }).click();
  const details = page.getByRole('dialog', { name: 'Metformin 500 mg' });
  await expect(details.getByLabel(/Time given/)).toHaveValue(`${yesterday}T08:00`);
  await details.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(details).toBeHidden();
  await expect(page.getByRole('listitem', { name: 'Metformin 500 mg, 8 AM' })).toContainText(
    'Given by Keisha med-family at 8 AM',
  );

  // Recorded again within 2 hours: the app asks, and "Record both" keeps both.
  await page.getByRole('button', { name: 'Record a dose' }).click();
  const extra = page.getByRole('dialog', { name: 'Record a dose' });
  await extra.getByLabel(/Time given/).fill(`${yesterday}T09:15`);
  await extra.getByRole('button', { name: 'Record dose' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Recorded already?' });
  await expect(ask).toContainText('already recorded at');
  await expectNoAxeViolations(page, 'conflict question');
  await ask.getByRole('button', { name: 'Record both' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByRole('region', { name: 'Other doses recorded this day' })).toContainText(
    'Given by Keisha med-family at 9:15 AM',
  );

  // The evening dose was missed.
  await page.getByRole('button', { name: 'Missed: Metformin 500 mg, 8 PM' }).click();
  await expect(page.getByRole('listitem', { name: 'Metformin 500 mg, 8 PM' })).toContainText(
    'Missed by Keisha med-family',
  );

  // Adherence: one of two expected doses given.
  await page.getByRole('tab', { name: 'Medications' }).click();
  await expect(page.getByText('50% taken')).toBeVisible();
  await page.getByRole('tab', { name: 'Report' }).click();
  await page.getByRole('button', { name: '7 days' }).click();
  const report = page.getByRole('region', { name: /Medication adherence for Winston Baptiste/ });
  await expect(report).toContainText('1 of 2 expected doses given');
  await expect(report.getByRole('row', { name: /Metformin 500 mg/ })).toContainText('50%');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv).toContain('"Metformin","500 mg","2","1","1","0","0","0","50",""');
  expect(download.suggestedFilename()).not.toContain('Metformin');

  // The professional on a phone records today's morning dose of an ongoing medication from the
  // assignment page.
  const added = await familyApi.post(`/api/care-plans/${planId}/medications`, {
    headers: { origin: APP_URL },
    data: {
      name: 'Amlodipine',
      dosage: '5 mg',
      medicationType: 'prescription',
      startDate: localDate(0),
      endDate: null,
      schedule: { kind: 'times', times: [{ time: '08:00' }], repeat: 'daily' },
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  await usedSinceStart(familyApi, planId, 'Amlodipine');
  const proPage = await proContext.newPage();
  await proPage.goto(`/professional/assignments/${planId}`);
  const meds = proPage.getByRole('region', { name: 'Medications' });
  await meds.getByRole('button', { name: 'Given: Amlodipine 5 mg, 8 AM' }).click();
  await expect(meds.getByRole('listitem', { name: 'Amlodipine 5 mg, 8 AM' })).toContainText('Given by Marcus med-pro');
  expect(await sidewaysOverflow(proPage)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(proPage, 'assignment medications at 360 px');
  // The profile hub shows the same plan's schedule and medications as tabs.
  await proPage.goto('/professional/profile');
  await proPage.getByRole('tab', { name: 'Medications' }).click();
  const hubMeds = proPage.getByRole('tabpanel', { name: 'Medications' });
  await expect(hubMeds.getByRole('listitem', { name: 'Amlodipine 5 mg, 8 AM' })).toContainText(
    'Given by Marcus med-pro',
  );
  expect(await sidewaysOverflow(proPage)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(proPage, 'profile hub medications tab at 360 px');
  await proPage.screenshot({ path: test.info().outputPath('profile-hub-360.png'), fullPage: true });
  await proPage.goto(`${medsUrl}?tab=report&days=7`);
  await expect(proPage.getByRole('heading', { name: /Medication adherence/ })).toBeVisible();
  expect(await sidewaysOverflow(proPage)).toBeLessThanOrEqual(0);
  await proContext.close();

  // Another family cannot open the medications by their address.
  const strangerContext = await browser.newContext({ baseURL: APP_URL });
  await signInByRequest(strangerContext.request, stranger.email);
  const strangerPage = await strangerContext.newPage();
  await strangerPage.goto(medsUrl);
  await expect(
    strangerPage.getByRole('heading', { level: 1, name: "You don't have access to this plan" }),
  ).toBeVisible();
  await expect(strangerPage.getByText('Metformin')).toHaveCount(0);
  await strangerContext.close();
});
