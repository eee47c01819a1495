import type { APIRequestContext, Page } from '@playwright/test';
import { APP_URL, createConfirmedUser, GOOD_PASSWORD, sidewaysOverflow } from '../auth/accounts';
import { createPlanByRequest } from '../care-plans/plans';
import { expect, expectNoAxeViolations, test } from '../fixtures';

// Signing in only works on the app's public origin (Better Auth's CSRF check).
test.use({ baseURL: APP_URL });

/**
 * Matching both ways (issue 19): a family finds a listed professional with the reasons shown and
 * invites them to a care plan; a professional finds a findable family (no names) and expresses
 * interest, which notifies the family. People and switches are set up through the API; the
 * journeys under test are driven in the browser.
 */

/** A first name no other run shares (letters only: the form's name rule). */
function uniqueName(base: string) {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let tail = '';
  for (let n = Date.now() + Math.floor(Math.random() * 1e6); n > 0; n = Math.floor(n / 26)) tail += letters[n % 26];
  return `${base}${tail.slice(0, 6)}`;
}

async function signIn(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/sign-in/email', {
    headers: { origin: APP_URL },
    data: { email, password: GOOD_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function put(request: APIRequestContext, path: string, data: unknown) {
  const res = await request.put(path, { headers: { origin: APP_URL }, data });
  expect(res.ok(), await res.text()).toBe(true);
}

async function registeredProfessional(request: APIRequestContext, firstName: string, listed: boolean) {
  const pro = await createConfirmedUser(request, 'match-pro', { role: 'professional', firstName });
  await signIn(request, pro.email);
  await put(request, '/api/registration/professional', {
    answers: {
      first_name: firstName,
      last_name: 'Persad',
      professional_role: 'licensed_nurse',
      years_experience: 'years_10_plus',
      location: 'Chaguanas',
      phone: '+1 868 555 9876',
      care_services: ['in_home_care', 'therapeutic_support'],
      availability: ['weekday_6am_6pm'],
      rate: '$25-35/hour',
      consent: 'yes',
    },
  });
  await put(request, '/api/matching/visibility', { visible: listed });
  return pro;
}

async function registeredFamily(request: APIRequestContext, findable: boolean) {
  const family = await createConfirmedUser(request, 'match-family', { role: 'family', firstName: 'Keisha' });
  await signIn(request, family.email);
  await put(request, '/api/registration/family', {
    answers: {
      first_name: 'Keisha',
      last_name: 'Ramdass',
      phone_number: '+1 868 555 1234',
      care_location: 'Chaguanas',
      care_recipient_name: 'Joyce Ramdass',
      relationship_to_recipient: 'parent',
      care_type: ['in_home_care', 'therapeutic_support'],
      care_conditions: ['cognitive_disorders'],
      care_schedule: ['weekday_8am_4pm'],
      budget: '$20-30/hour',
    },
  });
  await put(request, '/api/matching/visibility', { visible: findable });
  return family;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('a family finds a listed professional with the reasons shown and invites them to the care team', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const name = uniqueName('Shivani');
  const hidden = uniqueName('Ravi');
  const pro = await registeredProfessional(request, name, true);
  await registeredProfessional(request, hidden, false);
  const family = await registeredFamily(request, false);
  await createPlanByRequest(request, { planType: 'scheduled', weekdayCoverage: ['weekday_8am_4pm'] });

  await signIn(page.context().request, family.email);
  await page.goto('/caregiver-matching');
  await expect(page.getByRole('heading', { level: 1, name: 'Find a caregiver' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Matching on your family’s needs' })).toBeVisible();

  // Narrowed with the shared codes: therapeutic support, 10+ years.
  await page.getByLabel('Care type').selectOption('therapeutic_support');
  await page.getByLabel('Experience').selectOption('years_10_plus');
  await page.getByRole('button', { name: 'Show matches' }).click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${name} P.` }) });
  await expect(card).toBeVisible();
  // The unlisted professional never appears.
  await expect(page.getByRole('heading', { name: `${hidden} P.` })).toHaveCount(0);
  // The reasons, in words: 2 of 2 care types, 8–4 inside 6–6, 10+ years, same region.
  const reasons = card.getByRole('list', { name: 'Why this match' }).getByRole('listitem');
  await expect(reasons).toHaveText([
    /Covers 2 of your 2 care types$/,
    /Free for all 40 hours a week you need$/,
    /10\+ years$/,
    /Chaguanas, 0 km$/,
  ]);
  await expect(card.getByText('100%')).toBeVisible();
  await expectNoAxeViolations(page, 'caregiver matching');
  await shot(page, 'caregiver-matching-1280');

  await card.getByRole('button', { name: 'Invite to my care team' }).click();
  const dialog = page.getByRole('dialog', { name: `Invite ${name} P. to your care team` });
  await expect(dialog.getByText('Care plan: Care for Mum')).toBeVisible();
  await expectNoAxeViolations(page, 'invite dialog');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Invitation sent')).toBeVisible();

  // The professional has the care plan's invitation.
  await signIn(request, pro.email);
  const invitations = (await (await request.get('/api/invitations')).json()) as {
    invitations: { id: string; planTitle?: string; title?: string }[];
  };
  expect(invitations.invitations.length).toBe(1);

  // Once they accept, the family is not offered to invite them again (issue 31, item 8).
  const accepted = await request.post(`/api/invitations/${invitations.invitations[0]!.id}/accept`, {
    headers: { origin: APP_URL },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  await page.reload();
  await expect(card.getByText('On your care team')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Invite to my care team' })).toHaveCount(0);
});

test('on a phone, a professional finds a findable family and expresses interest; the family is told', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const family = await registeredFamily(request, true);
  const pro = await registeredProfessional(request, uniqueName('Marcus'), true);

  await signIn(page.context().request, pro.email);
  await page.goto('/family-matching');
  await expect(page.getByRole('heading', { level: 1, name: 'Find families' })).toBeVisible();
  await page.getByLabel('Care needed').selectOption('therapeutic_support');
  await page.getByLabel('Near').selectOption('chaguanas');
  await page.getByRole('button', { name: 'Show families' }).click();
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'A family in Chaguanas' }) })
    .filter({ has: page.getByRole('button', { name: 'Express interest' }) })
    .first();
  await expect(card).toBeVisible();
  await expect(card.getByText('You cover 2 of their 2 care types')).toBeVisible();
  // Never a name or a health detail on any family's card.
  await expect(page.getByRole('region', { name: 'Families', exact: true })).not.toContainText(
    /Keisha|Ramdass|Joyce|Cognitive Disorders/i,
  );
  expect(await sidewaysOverflow(page)).toBe(0);
  await expectNoAxeViolations(page, 'family matching at 360 px');
  await shot(page, 'family-matching-360');

  await card.getByRole('button', { name: 'Express interest' }).click();
  await expect(page.getByText(/We have let the family know/)).toBeVisible();
  await expect(page.getByText('Interest sent — the family decides whether to invite you').first()).toBeVisible();

  // The family is told, and sees the professional to invite.
  await signIn(request, family.email);
  const inbox = (await (await request.get('/api/notifications')).json()) as { items: { kind: string }[] };
  expect(inbox.items.some((item) => item.kind === 'match_interest')).toBe(true);
  const familyPage = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 360, height: 740 } });
  await signIn(familyPage.context().request, family.email);
  await familyPage.goto('/caregiver-matching');
  await expect(familyPage.getByRole('heading', { name: 'Interested in caring for your family' })).toBeVisible();
  expect(await sidewaysOverflow(familyPage)).toBe(0);
  await expectNoAxeViolations(familyPage, 'caregiver matching at 360 px');
  await shot(familyPage, 'caregiver-matching-360');
  await familyPage.close();
});
