import { APP_URL, createConfirmedUser, signInAs } from '../auth/accounts';
import { createPlanByRequest } from '../care-plans/plans';
import { expect, expectNoAxeViolations, test } from '../fixtures';
import { shoot } from './screens';

// Signing in only works on the app's public origin (Better Auth's CSRF check).
test.use({ baseURL: APP_URL });
const origin = { origin: APP_URL };

test('the contact card: the family chooses what the circle sees; the neighbour gets tap-to-call and WhatsApp links, never the address', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const family = await createConfirmedUser(request, 'contacts-family', { role: 'family', firstName: 'Keisha' });
  const neighbour = await createConfirmedUser(request, 'contacts-neighbour', { role: 'community', firstName: 'Dion' });
  const familyApi = page.context().request;
  await signInAs(familyApi, family.email);
  const planId = await createPlanByRequest(familyApi);
  // The contacts live in the care assessment (its own journey fills it through the page).
  for (const [section, answers] of [
    [
      'basic',
      {
        primary_contact_name: 'Keisha Ramdass',
        primary_contact_phone: '+1 868 555 0101',
        care_address: '12 Pelican Drive, Diego Martin',
      },
    ],
    ['emergency', { contact_name: 'Sita Ramdass', contact_phone: '+1 (868) 555-0202', contact_relationship: 'child' }],
  ] as const) {
    const saved = await familyApi.put(`/api/care-assessments/sections/${section}`, {
      headers: origin,
      data: { recipientName: 'Joyce Ramdass', answers },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  const invited = await familyApi.post(`/api/care-plans/${planId}/circle/invitations`, {
    headers: origin,
    data: { email: neighbour.email },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const { memberId } = (await invited.json()) as { memberId: string };

  // The family sees its card and chooses: the emergency contact for the circle.
  await page.goto(`/circle/${planId}`);
  const card = page.getByRole('region', { name: 'Contacts' });
  await expect(card.getByText('12 Pelican Drive, Diego Martin')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Call Keisha Ramdass' })).toHaveAttribute('href', 'tel:+18685550101');
  await card.getByRole('button', { name: 'Choose who sees them' }).click();
  const dialog = page.getByRole('dialog', { name: 'Who sees your contacts' });
  const circle = dialog.getByRole('group', { name: 'Your care circle' });
  await expect(circle.getByRole('checkbox', { name: 'Emergency contact' })).not.toBeChecked();
  await expectNoAxeViolations(page, 'contact sharing dialog');
  await circle.getByRole('checkbox', { name: 'Emergency contact' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved. The contact card shows your choice.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await shoot(page, 'contacts-family');

  // The neighbour accepts and opens the circle: the emergency contact with its links, nothing else.
  const context = await browser.newContext();
  await signInAs(context.request, neighbour.email);
  const accepted = await context.request.post(`/api/circle-invitations/${memberId}/accept`, { headers: origin });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const other = await context.newPage();
  await other.goto(`/circle/${planId}`);
  const theirs = other.getByRole('region', { name: 'Contacts' });
  await expect(theirs.getByRole('link', { name: 'Call Sita Ramdass' })).toHaveAttribute('href', 'tel:+18685550202');
  await expect(theirs.getByRole('link', { name: 'WhatsApp Sita Ramdass' })).toHaveAttribute(
    'href',
    'https://wa.me/18685550202?text=Hello!',
  );
  await expect(theirs.getByText('Child', { exact: false })).toBeVisible();
  await expect(theirs.getByText('Keisha Ramdass')).toHaveCount(0);
  await expect(theirs.getByText('Pelican')).toHaveCount(0);
  await expect(theirs.getByRole('button', { name: 'Choose who sees them' })).toHaveCount(0);
  await expectNoAxeViolations(other, 'contact card, circle member');
  await shoot(other, 'contacts-neighbour');
  await context.close();
});

/** `YYYY-MM-DDTHH:MM` in the plan's zone, `hours` from now (the shift form's value). */
const planLocal = (hours: number) =>
  new Date(Date.now() + hours * 3_600_000)
    .toLocaleString('sv-SE', { timeZone: 'America/Port_of_Spain' })
    .slice(0, 16)
    .replace(' ', 'T');

test('a professional on the team sees the family’s contacts on the assignment, and the care address once they have a shift', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const family = await createConfirmedUser(request, 'contacts-family-pro', { role: 'family', firstName: 'Keisha' });
  const pro = await createConfirmedUser(request, 'contacts-pro', { role: 'professional', firstName: 'Marisa' });
  const familyApi = request;
  await signInAs(familyApi, family.email);
  const planId = await createPlanByRequest(familyApi, { title: 'Care for Dad', recipientName: 'Winston Baptiste' });
  const saved = await familyApi.put('/api/care-assessments/sections/basic', {
    headers: origin,
    data: {
      recipientName: 'Winston Baptiste',
      answers: {
        primary_contact_name: 'Keisha Baptiste',
        primary_contact_phone: '+1 868 555 0303',
        care_address: '4 Saman Street, Arima',
      },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const invited = await familyApi.post(`/api/care-plans/${planId}/invitations`, {
    headers: origin,
    data: { kind: 'professional', email: pro.email, teamRole: 'nurse' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const { memberId } = (await invited.json()) as { memberId: string };
  const proApi = page.context().request;
  await signInAs(proApi, pro.email);
  expect((await proApi.post(`/api/invitations/${memberId}/accept`, { headers: origin })).status()).toBe(200);

  await page.goto(`/professional/assignments/${planId}`);
  const card = page.getByRole('region', { name: 'Contacts' });
  await expect(card.getByRole('link', { name: 'Call Keisha Baptiste' })).toHaveAttribute('href', 'tel:+18685550303');
  await expect(card.getByRole('link', { name: 'WhatsApp Keisha Baptiste' })).toHaveAttribute(
    'href',
    'https://wa.me/18685550303?text=Hello!',
  );
  await expect(card.getByText('Arima')).toHaveCount(0);

  // A shift for them tomorrow: the care address is on the card.
  const proId = ((await (await proApi.get('/api/auth/get-session')).json()) as { user: { id: string } }).user.id;
  const shift = await familyApi.post(`/api/care-plans/${planId}/shifts`, {
    headers: origin,
    data: { start: planLocal(24), end: planLocal(30), note: null },
  });
  expect(shift.status(), await shift.text()).toBe(201);
  const { shift: made } = (await shift.json()) as { shift: { id: string } };
  const assigned = await familyApi.post(`/api/shifts/${made.id}/assign`, {
    headers: origin,
    data: { userId: proId, mode: 'assign' },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  await page.reload();
  await expect(card.getByText('4 Saman Street, Arima')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Choose who sees them' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'contact card on the assignment');
  await shoot(page, 'contacts-assignment');
});
