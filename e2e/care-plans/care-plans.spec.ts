import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import {
  APP_URL,
  CONFIRM_SUBJECT,
  createConfirmedUser,
  GOOD_PASSWORD,
  mailLink,
  sidewaysOverflow,
  uniqueEmail,
} from '../auth/accounts';
import { expect, expectNoAxeViolations, test } from '../fixtures';
import { turnOffQuietHours } from '../notifications/notification-setup';

// Signing in only works on the app's public origin (Better Auth's CSRF check).
test.use({ baseURL: APP_URL });

/** Signs the browser context in by request (its cookies then serve the page). */
async function signInByRequest(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/sign-in/email', {
    headers: { origin: APP_URL },
    data: { email, password: GOOD_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function newSignedInPage(context: BrowserContext, email: string): Promise<Page> {
  await signInByRequest(context.request, email);
  return context.newPage();
}

test('a family plans care, a professional joins by e-mail invitation, takes a shift and checks in and out', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const family = await createConfirmedUser(request, 'plan-family', { role: 'family', firstName: 'Keisha' });
  const pro = await createConfirmedUser(request, 'plan-pro', { role: 'professional', firstName: 'Marcus' });
  const stranger = await createConfirmedUser(request, 'plan-stranger', { role: 'family', firstName: 'Other' });
  // The invitation e-mail to someone with an account is a notification: sent at once with quiet
  // hours off, whatever hour the suite runs at (issue 18).
  await signInByRequest(request, pro.email);
  await turnOffQuietHours(request);

  // The family: an empty list, then a plan made through the form.
  await signInByRequest(page.context().request, family.email);
  await page.goto('/family/care-management');
  await page.getByRole('link', { name: 'Create your first plan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create a care plan' })).toBeVisible();
  await page.getByRole('button', { name: 'Create plan' }).click();
  await expect(page.getByText('Give the plan a title.').first()).toBeVisible();
  await page.getByRole('textbox', { name: /Plan title/ }).fill('Care for Mum');
  await page.getByRole('textbox', { name: /Who is receiving care/ }).fill('Joyce Ramdass');
  await page
    .getByRole('group', { name: 'Weekday coverage' })
    .getByRole('checkbox', { name: 'Monday – Friday, 8 AM – 4 PM' })
    .check();
  await page
    .getByRole('group', { name: 'Weekend coverage' })
    .getByRole('checkbox', { name: 'Saturday – Sunday, 8 AM – 6 PM' })
    .check();
  await page.getByRole('button', { name: 'Create plan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Care for Mum' })).toBeVisible();
  await expect(page).toHaveURL(/tab=schedule/);
  const planUrl = new URL(page.url()).pathname;

  // The range picker opens on the next 4 weeks.
  await page.getByRole('button', { name: 'Make shifts' }).click();
  const makeShifts = page.getByRole('dialog', { name: 'Make shifts from the plan' });
  await expect(makeShifts.getByLabel(/From/)).not.toHaveValue('');
  await expectNoAxeViolations(page, 'make shifts dialog');
  await makeShifts.getByRole('button', { name: 'Make shifts' }).click();
  await expect(page.getByText(/shifts made for/)).toBeVisible();
  await expect(page.getByText(/open shifts? coming up/)).toContainText(/[1-9]/);

  // Invite the professional by e-mail; axe with the dialog open.
  await page.getByRole('tab', { name: 'Team' }).click();
  await expect(page).toHaveURL(/tab=team/);
  await page.getByRole('button', { name: 'Invite someone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite to the care team' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'invite dialog');
  await dialog.getByRole('textbox', { name: 'Or invite by e-mail' }).fill(pro.email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Invited', { exact: true })).toBeVisible();

  // The professional, on a phone: follows the e-mailed link, accepts, takes a shift.
  const link = await mailLink(request, pro.email, /invited to join a care team/);
  const proContext = await browser.newContext({ baseURL: APP_URL, viewport: { width: 360, height: 780 } });
  const proPage = await newSignedInPage(proContext, pro.email);
  await proPage.goto(new URL(link).pathname);
  await expect(proPage.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  await expect(proPage.getByText('Keisha plan-family invites you as caregiver.')).toBeVisible();
  await proPage.getByRole('button', { name: 'Accept' }).click();
  await expect(proPage.getByRole('link', { name: 'Care for Mum' })).toBeVisible();
  // Next week's shifts: all still ahead whatever the day and hour the suite runs (late on a
  // Sunday this week's open shifts have all passed), and a shift can be checked into before it ends.
  const shownWeek = proPage.getByText(/^Mon, \d+ \w+ – Sun, \d+ \w+$/);
  const thisWeek = await shownWeek.textContent();
  await proPage.getByRole('button', { name: 'Next week' }).click();
  await expect(shownWeek).not.toHaveText(thisWeek!);
  const take = proPage.getByRole('button', { name: 'Take this shift' }).first();
  await take.click();
  await expect(proPage.getByText('The shift is yours.')).toBeVisible();
  await expect(proPage.getByRole('button', { name: 'Check in' }).first()).toBeVisible();
  await proPage.getByRole('button', { name: 'Check in' }).first().click();
  // The toast says how the check-in went: a refusal names itself here rather than as a missing
  // Check out button when the test times out.
  await expect(proPage.getByText('Checked in.'))
    .toBeVisible({ timeout: 20_000 })
    .catch(async (error: unknown) => {
      const toasts = await proPage.locator('[data-sonner-toast]').allTextContents();
      const buttons = await proPage.getByRole('article').getByRole('button').allTextContents();
      throw new Error(
        `no "Checked in." toast; toasts ${JSON.stringify(toasts)}; shift buttons ${JSON.stringify(buttons)}`,
        {
          cause: error,
        },
      );
    });
  await proPage.getByRole('button', { name: 'Check out' }).first().click();
  const checkOut = proPage.getByRole('dialog', { name: 'Check out of this shift' });
  await checkOut.getByRole('textbox', { name: /A note for the family/ }).fill('Lunch eaten, short walk');
  await expectNoAxeViolations(proPage, 'check-out dialog at 360 px');
  await checkOut.getByRole('button', { name: 'Check out' }).click();
  await expect(proPage.getByText('Done', { exact: true }).first()).toBeVisible();
  await expect(proPage.getByText('Note: Lunch eaten, short walk').first()).toBeVisible();
  expect(await sidewaysOverflow(proPage)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(proPage, 'schedule at 360 px');

  // The assignment page shows the plan to the member.
  await proPage.getByRole('link', { name: 'Care for Mum' }).click();
  await expect(proPage.getByRole('heading', { level: 1, name: 'Care for Mum' })).toBeVisible();
  await expect(proPage.getByRole('heading', { name: 'Care details' })).toBeVisible();
  await proContext.close();

  // The family sees the shift done.
  await page.goto(`${planUrl}?tab=schedule`);
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page).toHaveURL(/week=/);
  // On a wide screen the week is a grid of seven days.
  const week = page.getByRole('list', { name: 'This week', exact: true });
  await expect(week.getByText('Done', { exact: true }).first()).toBeVisible();
  await expect(week.getByText('Marcus plan-pro').first()).toBeVisible();

  // Another family cannot open the plan by its address.
  const strangerContext = await browser.newContext({ baseURL: APP_URL });
  const strangerPage = await newSignedInPage(strangerContext, stranger.email);
  await strangerPage.goto(planUrl);
  await expect(
    strangerPage.getByRole('heading', { level: 1, name: "You don't have access to this plan" }),
  ).toBeVisible();
  await expect(strangerPage.getByText('Care for Mum')).toHaveCount(0);
  await strangerContext.close();
});

/** Today's date where the plans live (their default zone), as the plan form would send it. */
const todayInTrinidad = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Port_of_Spain' }).format(new Date());

/** A JSON call as the signed-in browser context makes it (same origin, so the CSRF check passes). */
async function call(context: BrowserContext, method: string, path: string, data?: unknown) {
  const res = await context.request.fetch(path, { method, headers: { origin: APP_URL }, data });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

/** The newest e-mail to `to` whose subject matches, with its text and links (the dev outbox). */
async function latestMailTo(request: APIRequestContext, to: string, subject: RegExp) {
  let found: { text: string; html: string; links: string[] } | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
      const { messages } = (await response.json()) as {
        messages: Array<{ subject: string; text: string; html: string; links: string[] }>;
      };
      found = messages.find((mail) => subject.test(mail.subject));
      return found;
    })
    .toBeTruthy();
  return found!;
}

test('a new person signs up from the invitation e-mail and joins; the family manages shifts on a phone', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  // Set-up through the API: a plan with shifts and an e-mail invitation to someone with no account.
  const family = await createConfirmedUser(request, 'phone-family', { role: 'family', firstName: 'Anita' });
  const famContext = await browser.newContext({ baseURL: APP_URL, viewport: { width: 360, height: 780 } });
  await signInByRequest(famContext.request, family.email);
  const { plan } = (await call(famContext, 'POST', '/api/care-plans', {
    title: 'Care for Dad',
    recipientName: 'Ravi Persad',
    planType: 'scheduled',
    weekdayCoverage: ['weekday_8am_4pm'],
    weekendCoverage: ['weekend_8am_6pm'],
    extraShifts: [],
    startDate: todayInTrinidad(),
    endDate: null,
    notes: null,
  })) as { plan: { id: string } };
  await call(famContext, 'POST', `/api/care-plans/${plan.id}/shifts/generate`, {});
  const newEmail = uniqueEmail('new-nurse');
  await call(famContext, 'POST', `/api/care-plans/${plan.id}/invitations`, {
    kind: 'professional',
    email: newEmail,
    teamRole: 'nurse',
    note: 'Mornings in Arima <b>& evenings</b>, see www.example.tt for the address',
  });

  // The invited person has no account: the e-mail's link opens Sign Up as a professional, with the
  // invited address filled in (issue 31), and the note is in the e-mail, its address not a link.
  const mail = await latestMailTo(request, newEmail, /invited to join a care team/);
  expect(mail.text).toContain('Mornings in Arima <b>& evenings</b>, see www.\u200Bexample.\u200Btt for the address');
  // In the HTML version the family's words are text, never markup.
  expect(mail.html).toContain('Mornings in Arima &lt;b&gt;&amp; evenings&lt;/b&gt;');
  expect(mail.html).not.toContain('<b>& evenings');
  const link = new URL(mail.links[0]!);
  expect(Object.fromEntries(link.searchParams)).toEqual({
    tab: 'signup',
    role: 'professional',
    invitation: '1',
    email: newEmail,
  });
  const newContext = await browser.newContext({ baseURL: APP_URL, viewport: { width: 360, height: 780 } });
  const newPage = await newContext.newPage();
  await newPage.goto(`${link.pathname}${link.search}`);
  await expect(newPage.getByRole('tab', { name: 'Sign Up', selected: true })).toBeVisible();
  await expect(newPage.getByText('You have been invited to a care team')).toBeVisible();
  // The role comes chosen from the link (it can still be changed), the address filled in.
  await expect(newPage.getByText('Care Professional', { exact: true })).toBeVisible();
  await expect(newPage.getByRole('button', { name: 'Change role' })).toBeVisible();
  await expect(newPage.getByRole('textbox', { name: 'Email' })).toHaveValue(newEmail);
  await newPage.getByRole('textbox', { name: 'First name' }).fill('Nadia');
  await newPage.getByRole('textbox', { name: 'Last name' }).fill('Ali');
  await newPage.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
  await newPage.getByRole('button', { name: 'Create Account' }).click();
  await expect(newPage.getByRole('heading', { name: 'Registration Started!' })).toBeVisible();
  // After the confirmation the invitation comes first — plan, family, note, Accept / Decline —
  // and the registration form is offered after it.
  await newPage.goto(await mailLink(request, newEmail, CONFIRM_SUBJECT));
  await expect(newPage).toHaveURL(/\/professional\/schedule#invitations$/);
  const invitations = newPage.getByRole('region', { name: 'Invitations to accept' });
  await expect(invitations.getByText('Care for Dad')).toBeVisible();
  await expect(invitations.getByText('Anita phone-family invites you as nurse.')).toBeVisible();
  await expect(
    invitations.getByText('“Mornings in Arima <b>& evenings</b>, see www.example.tt for the address”'),
  ).toBeVisible();
  await expect(invitations.getByRole('button', { name: 'Decline' })).toBeVisible();
  await expect(newPage.getByRole('heading', { name: 'Next: complete your registration' })).toBeVisible();
  expect(await newPage.evaluate(() => window.scrollY)).toBeLessThan(300);
  await invitations.getByRole('button', { name: 'Accept' }).click();
  await expect(newPage.getByRole('link', { name: 'Care for Dad' })).toBeVisible();
  await newPage.getByRole('link', { name: 'Complete registration' }).click();
  await expect(newPage.getByRole('heading', { level: 1, name: 'Professional registration' })).toBeVisible();
  await newContext.close();

  // The family on a phone: the team, then next week's agenda with each dialog checked by axe.
  const famPage = await famContext.newPage();
  await famPage.goto('/family/care-management');
  await expect(famPage.getByRole('link', { name: 'Care for Dad' })).toBeVisible();
  await expect(famPage.getByRole('heading', { name: 'Care shifts in your phone’s calendar' })).toBeVisible();
  expect(await sidewaysOverflow(famPage)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(famPage, 'care management at 360 px');

  await famPage.goto(`/family/care-management/${plan.id}?tab=team`);
  await expect(famPage.getByText('Nadia Ali')).toBeVisible();
  await famPage.getByRole('button', { name: 'Invite someone' }).click();
  await expect(famPage.getByRole('dialog', { name: 'Invite to the care team' })).toBeVisible();
  await expectNoAxeViolations(famPage, 'invite dialog at 360 px');
  await famPage.keyboard.press('Escape');

  await famPage.getByRole('tab', { name: 'Schedule' }).click();
  // Wait for next week itself: until it arrives this week stays on screen (dimmed), and a dialog
  // opened on one of its shifts would vanish with it.
  const weekHeading = famPage.getByRole('heading', { name: /^Week of / });
  const thisWeek = await weekHeading.textContent();
  await famPage.getByRole('button', { name: 'Next week' }).click();
  await expect(weekHeading).not.toHaveText(thisWeek!);
  const agenda = famPage.getByRole('list', { name: 'This week, day by day' });
  const first = agenda.getByRole('article').first();
  await expect(first).toBeVisible();
  expect(await sidewaysOverflow(famPage)).toBeLessThanOrEqual(0);

  // Assign (to the one caregiver), with axe while the dialog is open.
  await first.getByRole('button', { name: 'Assign' }).click();
  const assign = famPage.getByRole('dialog', { name: 'Assign this shift' });
  await assign.getByRole('radio', { name: /Nadia Ali/ }).check();
  await expectNoAxeViolations(famPage, 'assign dialog at 360 px');
  await assign.getByRole('button', { name: 'Save' }).click();
  await expect(assign).toBeHidden();
  await expect(first.getByText('Nadia Ali')).toBeVisible();
  await expect(first.getByRole('button', { name: 'Reassign' })).toBeVisible();

  // Change: an end before the start is answered beside the field; nothing typed is lost.
  await first.getByRole('button', { name: 'Change' }).click();
  const edit = famPage.getByRole('dialog', { name: 'Change this shift' });
  await expectNoAxeViolations(famPage, 'edit shift dialog at 360 px');
  const starts = await edit.getByLabel(/Starts/).inputValue();
  await edit.getByLabel(/Ends/).fill(starts);
  await edit.getByRole('textbox', { name: /Reason/ }).fill('Doctor visit');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('The shift must end after it starts.')).toBeVisible();
  await expect(edit.getByRole('textbox', { name: /Reason/ })).toHaveValue('Doctor visit');
  await famPage.keyboard.press('Escape');

  // Cancel another shift with a reason.
  const second = agenda.getByRole('article').nth(1);
  await second.getByRole('button', { name: 'Cancel shift' }).click();
  const cancel = famPage.getByRole('dialog', { name: 'Cancel this shift?' });
  await expectNoAxeViolations(famPage, 'cancel shift dialog at 360 px');
  await cancel.getByRole('textbox', { name: /Reason/ }).fill('Dad is with his sister');
  await cancel.getByRole('button', { name: 'Cancel shift' }).click();
  await expect(second.getByText('Reason: Dad is with his sister')).toBeVisible();
  await famContext.close();
});
